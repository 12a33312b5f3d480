"""The lobby chat and the rules every chat line follows (docs/decisions-social.md "Chat"): a line is text, at most
CHAT_MAX characters, at most FLOOD_MESSAGES lines per user in FLOOD_SECONDS seconds, and ignored authors are
filtered per recipient. A table's chat follows the same rules (games.services.table_chat calls `clean`,
`check_flood` and `hidden_authors`); its lines count toward the flood limit through `lines_elsewhere`.

Texts are stored as typed (control characters removed, trimmed); pages insert them as text, never as HTML.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from platform_config.notify import LOBBY_GROUP, send_on_commit
from social.errors import SocialError
from social.models import ChatMessage, Ignore

LOBBY = "lobby"
"""The lobby's room name in a line's JSON (a table's rooms are named by games.services.table_chat)."""
CHAT_MAX = 300
FLOOD_MESSAGES = 5
FLOOD_SECONDS = 10
HISTORY = 40
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def clean(text: Any) -> str:
    """The line as stored: control characters removed, trimmed. Raises SocialError("bad_request") for a
    non-text or empty line, ("chat_too_long") over CHAT_MAX characters."""
    if not isinstance(text, str):
        raise SocialError("bad_request", _("a chat line is text"))
    text = _CONTROL.sub("", text).strip()
    if not text:
        raise SocialError("bad_request", _("a chat line is not empty"))
    if len(text) > CHAT_MAX:
        raise SocialError("chat_too_long", _("a chat line is at most %(max)s characters") % {"max": CHAT_MAX})
    return text


def flood_window() -> datetime:
    """The start of the flood window: lines written since then count."""
    return timezone.now() - timedelta(seconds=FLOOD_SECONDS)


def check_flood(user: User, lines_elsewhere: int) -> None:
    """Refuse a line from `user` who wrote FLOOD_MESSAGES lines since `flood_window()`: the lobby lines counted
    here plus `lines_elsewhere` (the caller's count of the user's table lines in the window), so the limit holds
    across all rooms. Raises SocialError("chat_flood")."""
    lobby = ChatMessage.objects.filter(author=user, created_at__gte=flood_window()).count()
    if lobby + lines_elsewhere >= FLOOD_MESSAGES:
        raise SocialError(
            "chat_flood",
            _("at most %(lines)s lines in %(seconds)s seconds")
            % {"lines": FLOOD_MESSAGES, "seconds": FLOOD_SECONDS},
        )


def post(user: User, text: Any, *, lines_elsewhere: int = 0) -> dict[str, Any]:
    """`user` says `text` in the lobby; every lobby socket gets the line after commit (`chat.message`).

    `lines_elsewhere`: the user's table lines in the flood window (see `check_flood`). Returns the line's JSON
    (`message_json`). Raises SocialError("bad_request" | "chat_too_long" | "chat_flood").
    """
    line_text = clean(text)
    with transaction.atomic():
        check_flood(user, lines_elsewhere)
        line = ChatMessage.objects.create(author=user, text=line_text)
        message = message_json(line, user)
        send_on_commit(LOBBY_GROUP, {"type": "chat.message", "room": LOBBY, "message": message})
        return message


def message_json(line: ChatMessage, author: User) -> dict[str, Any]:
    """`{"id", "room": "lobby", "author": {"id", "name"}, "text", "system": null, "data": {}, "at"}`, the shape of
    a table's lines too (games.services.table_chat), so one browser script shows both."""
    return {
        "id": line.pk,
        "room": LOBBY,
        "author": {"id": author.pk, "name": author.display_name},
        "text": line.text,
        "system": None,
        "data": {},
        "at": line.created_at.isoformat(),
    }


def hidden_authors(recipient_id: int) -> set[int]:
    """Ids of the authors whose lines `recipient_id` does not read (those the recipient ignores)."""
    return set(Ignore.objects.filter(user_id=recipient_id).values_list("ignored_id", flat=True))


def may_read(recipient_id: int, rooms: set[str], message: dict[str, Any]) -> bool:
    """Whether a recipient reading `rooms` sees `message` (a line's JSON): its room, and an author the recipient
    does not ignore (a system line has none)."""
    if message["room"] not in rooms:
        return False
    author = message.get("author")
    return author is None or not Ignore.objects.filter(user_id=recipient_id, ignored_id=author["id"]).exists()


def history(recipient: User) -> list[dict[str, Any]]:
    """The last HISTORY lobby lines that the recipient may read, oldest first (a deleted author's lines go)."""
    lines = list(
        ChatMessage.objects.filter(author__isnull=False)
        .exclude(author_id__in=hidden_authors(recipient.pk))
        .select_related("author__profile")
        .order_by("-pk")[:HISTORY]
    )
    return [message_json(line, line.author) for line in reversed(lines) if line.author is not None]
