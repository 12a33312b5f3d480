"""A table's chat (docs/decisions-social.md "Chat"): who may talk where, and the system lines for joins, leaves and
kicks, written by the table service in the same transaction as their event. The rules every line follows
(length, flood across all rooms, ignored authors) are social's (social.services.chat).

Rooms, as named in a line's JSON: at a table without stakes "table:<id>" for everyone; at a stakes table the
seated players talk in "table:<id>:players" and spectators in "table:<id>:spectators" (neither sees the other),
while system lines go to "table:<id>", which both see. Stored as TableChatMessage.audience.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from games.errors import ServiceError, from_social
from games.models import Seat, Table, TableChatMessage
from games.reads.access import watch_refusal
from games.reads.table_chat import audience_for, message_json
from platform_config.notify import send_on_commit, table_group
from social.services import chat as social_chat
from social.services.relations import is_ignoring

SYSTEM_LINES = ("joined", "left", "kicked")
Audience = TableChatMessage.Audience


def lines_in_flood_window(user: User) -> int:
    """How many table lines `user` wrote since social's flood window began (they count toward its limit)."""
    return TableChatMessage.objects.filter(author=user, created_at__gte=social_chat.flood_window()).count()


def post(user: User, text: Any, table_id: int) -> dict[str, Any]:
    """`user` says `text` at table `table_id`, in the room `room_for` gives; the table's sockets get the line
    after commit and each forwards it if its recipient may read it.

    Returns the line's JSON (`message_json`). Raises ServiceError("bad_request") for empty or non-text,
    ("chat_too_long") over social's CHAT_MAX characters, ("chat_flood") past its flood limit (lobby and table
    lines together), ("no_table"), the watch refusals of games.reads.access for a user the table does not
    admit, and ("ignored") for a user the host ignores (seated or not).
    """
    with from_social():
        line_text = social_chat.clean(text)
    with transaction.atomic():
        with from_social():
            social_chat.check_flood(user, lines_in_flood_window(user))
        table = Table.objects.filter(pk=table_id).first()
        if table is None:
            raise ServiceError("no_table", _("no such table"))
        code = watch_refusal(table, user)
        if code is None and table.created_by_id is not None and is_ignoring(table.created_by_id, user.pk):
            code = "ignored"  # seated or not, a user the host ignores does not talk at the host's table
        if code is not None:
            raise ServiceError(code, _("you may not talk at this table"))
        seated = Seat.objects.filter(table=table, user=user, bot_level="").exists()
        line = TableChatMessage.objects.create(
            table=table, audience=audience_for(table, seated), author=user, text=line_text
        )
        return _tell(line, user)


def post_in_lobby(user: User, text: Any) -> dict[str, Any]:
    """A lobby line (social.services.chat.post) with the user's table lines counted toward the flood limit, as
    the lobby socket sends it. Returns the line's JSON; raises ServiceError with social's refusal codes."""
    with from_social():
        return social_chat.post(user, text, lines_elsewhere=lines_in_flood_window(user))


def system_line(table: Table, key: str, user: User | None) -> None:
    """A system line ("joined", "left", "kicked") about `user` in the table's common room; called by the table
    service beside the event it reports, in the same transaction."""
    if key not in SYSTEM_LINES:
        raise ValueError(f"unknown system line {key!r}")
    name = user.display_name if user is not None else ""
    line = TableChatMessage.objects.create(table=table, author=None, text=key, data={"name": name})
    _tell(line, None)


def _tell(line: TableChatMessage, author: User | None) -> dict[str, Any]:
    message = message_json(line, author)
    send_on_commit(
        table_group(line.table_id), {"type": "chat.message", "room": message["room"], "message": message}
    )
    return message
