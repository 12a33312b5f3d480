"""Sockets speak the player's profile language: a socket has no LocaleMiddleware, so without this every text
the server builds for a socket (error frames' messages, notices, lobby boxes) would be in the site's default
language (docs/decisions-i18n.md "Texts the server builds outside a request")."""

from __future__ import annotations

from typing import Any

from django.utils import translation

from accounts.language import profile_language
from games.realtime.dbcalls import db_call

_profile_language = db_call(profile_language)


class ProfileLanguageMixin:
    """Mixed into a Channels consumer (before the consumer class): every message the consumer handles —
    websocket connect, receive and disconnect, group messages — runs under `translation.override` of the
    socket user's profile language, read once when the first message arrives (a changed profile language
    takes effect when the page reconnects). Service calls made through database_sync_to_async or db_call
    inherit the override, so the messages of the refusals they raise are in that language."""

    language: str

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Handle `message` (a Channels event dict) as the consumer would, in the user's language."""
        if not hasattr(self, "language"):
            scope = self.scope  # type: ignore[attr-defined]
            self.language = await _profile_language(scope.get("user"))
        with translation.override(self.language):
            await super().dispatch(message)  # type: ignore[misc]
