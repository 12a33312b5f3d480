"""Table and lobby chat (docs/decisions-social.md "Chat"): length- and flood-limited per user, ignored authors filtered
per recipient, system lines for joins, leaves and kicks, and at a stakes table two separate rooms.

Rooms: "lobby"; at a table without stakes "table:<id>" for everyone; at a stakes table the seated
players talk in "table:<id>:players" and spectators in "table:<id>:spectators" (neither sees the other),
while system lines go to "table:<id>", which both see. Texts are stored as typed; pages insert them as
text (never as HTML), so markup shows literally.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games.models import Seat, Table
from games.services.errors import ServiceError
from social.models import ChatMessage, Ignore

from . import notify
from .access import watch_refusal
from .relations import is_ignoring

LOBBY = "lobby"
CHAT_MAX = 300
FLOOD_MESSAGES = 5
FLOOD_SECONDS = 10
HISTORY = 40
SYSTEM_LINES = ("joined", "left", "kicked")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def table_room(table: Table) -> str:
    """The room of system lines (and of all talk at a table without stakes)."""
    return f"table:{table.pk}"


def room_for(table: Table, seated: bool) -> str:
    """Where a person's line goes at `table`: everyone's room, or at a stakes table the players' or the
    spectators' room."""
    if not table.stake:
        return table_room(table)
    return f"table:{table.pk}:{'players' if seated else 'spectators'}"


def visible_rooms(table: Table, seated: bool) -> set[str]:
    """The rooms a recipient at `table` reads (seated: a player; else a spectator)."""
    return {table_room(table), room_for(table, seated)}


def _clean(text: Any) -> str:
    if not isinstance(text, str):
        raise ServiceError("bad_request", _("a chat line is text"))
    text = _CONTROL.sub("", text).strip()
    if not text:
        raise ServiceError("bad_request", _("a chat line is not empty"))
    if len(text) > CHAT_MAX:
        raise ServiceError(
            "chat_too_long", _("a chat line is at most %(max)s characters") % {"max": CHAT_MAX}
        )
    return text


def _check_flood(user: User) -> None:
    since = timezone.now() - timedelta(seconds=FLOOD_SECONDS)
    if ChatMessage.objects.filter(author=user, created_at__gte=since).count() >= FLOOD_MESSAGES:
        raise ServiceError(
            "chat_flood",
            _("at most %(lines)s lines in %(seconds)s seconds")
            % {"lines": FLOOD_MESSAGES, "seconds": FLOOD_SECONDS},
        )


def post(user: User, text: Any, table_id: int | None = None) -> dict[str, Any]:
    """`user` says `text` in the lobby (`table_id` None) or at a table, in the room `room_for` gives.

    Returns the line's JSON (`message_json`). Raises ServiceError("bad_request") for empty or non-text,
    ("chat_too_long") over CHAT_MAX characters, ("chat_flood") past FLOOD_MESSAGES lines in FLOOD_SECONDS
    seconds (all rooms together), ("no_table") and the watch refusals of social.services.access for a
    user the table does not admit.
    """
    clean = _clean(text)
    with transaction.atomic():
        _check_flood(user)
        if table_id is None:
            room = LOBBY
        else:
            table = Table.objects.filter(pk=table_id).first()
            if table is None:
                raise ServiceError("no_table", _("no such table"))
            code = watch_refusal(table, user)
            if code is None and table.created_by_id is not None and is_ignoring(table.created_by_id, user.pk):
                code = "ignored"  # seated or not, a user the host ignores does not talk at the host's table
            if code is not None:
                raise ServiceError(code, _("you may not talk at this table"))
            seated = Seat.objects.filter(table=table, user=user, bot_level="").exists()
            room = room_for(table, seated)
        line = ChatMessage.objects.create(room=room, author=user, text=clean)
        message = message_json(line, user)
        notify.chat_line(room, table_id, message)
        return message


def system_line(table: Table, key: str, user: User | None) -> None:
    """A system line ("joined", "left", "kicked") about `user` in the table's common room."""
    assert key in SYSTEM_LINES
    name = user.display_name if user is not None else ""
    line = ChatMessage.objects.create(room=table_room(table), author=None, text=key, data={"name": name})
    notify.chat_line(line.room, table.pk, message_json(line, None))


def message_json(line: ChatMessage, author: User | None) -> dict[str, Any]:
    """`{"id", "room", "author": {"id", "name"} | null, "text", "system": key | null, "data", "at"}`."""
    return {
        "id": line.pk,
        "room": line.room,
        "author": None if author is None else {"id": author.pk, "name": author.display_name},
        "text": line.text if author is not None else "",
        "system": None if author is not None else line.text,
        "data": line.data,
        "at": line.created_at.isoformat(),
    }


def may_read(recipient_id: int, rooms: set[str], message: dict[str, Any]) -> bool:
    """Whether a recipient reading `rooms` sees `message`: its room, and an author it does not ignore."""
    if message["room"] not in rooms:
        return False
    author = message.get("author")
    return author is None or not Ignore.objects.filter(user_id=recipient_id, ignored_id=author["id"]).exists()


def history(recipient: User, rooms: set[str]) -> list[dict[str, Any]]:
    """The last HISTORY lines of `rooms` that the recipient may read, oldest first."""
    ignored = Ignore.objects.filter(user=recipient).values("ignored_id")
    lines = list(
        ChatMessage.objects.filter(room__in=rooms)
        .exclude(author_id__in=ignored)
        .select_related("author__profile")
        .order_by("-pk")[:HISTORY]
    )
    return [message_json(line, line.author) for line in reversed(lines)]
