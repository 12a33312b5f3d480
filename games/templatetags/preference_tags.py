"""The template tag that puts the game preferences on the profile page (the accounts app knows no game)."""

from __future__ import annotations

from typing import Any

from django import template

from games.forms import GamePreferencesForm

register = template.Library()


@register.inclusion_tag("games/_game_preferences.html", takes_context=True)
def game_preferences_section(context: dict[str, Any]) -> dict[str, Any]:
    """The profile page's section of the games' declared preferences (games.forms.GamePreferencesForm), posted to
    the `game_preferences` page; the form of a refused post when there was one (`game_form` in the context)."""
    form = context.get("game_form")
    if form is None:
        profile = getattr(context["request"].user, "profile", None)
        form = GamePreferencesForm(stored=profile.game_preferences if profile else {})
    return {"form": form, "csrf_token": context.get("csrf_token")}
