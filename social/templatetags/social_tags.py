"""The template tag that puts the social panel (invitations, friends, lobby chat) on the lobby page."""

from __future__ import annotations

from typing import Any

from django import template

from social.services.chat import CHAT_MAX

register = template.Library()


@register.inclusion_tag("social/_lobby_panel.html", takes_context=True)
def social_lobby_panel(context: dict[str, Any]) -> dict[str, Any]:
    """The lobby's side panel: invitations, friends online and the lobby chat (filled by lobby-panel.js)."""
    return {"chat_max": CHAT_MAX, "csrf_token": context.get("csrf_token")}
