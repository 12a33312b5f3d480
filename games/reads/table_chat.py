"""What a recipient reads of a table's chat (docs/decisions-social.md "Chat"): the rooms, a line's JSON, whether a
recipient sees a line, and the history a socket sends when it opens. Lines are written by games.services.table_chat.

Rooms, as named in a line's JSON: at a table without stakes "table:<id>" for everyone; at a stakes table the
seated players talk in "table:<id>:players" and spectators in "table:<id>:spectators" (neither sees the other),
while system lines go to "table:<id>", which both see. Stored as TableChatMessage.audience.
"""

from __future__ import annotations

from typing import Any

from accounts.models import User
from games.models import Table, TableChatMessage
from social.services import chat as social_chat

Audience = TableChatMessage.Audience


def _room(table_id: int, audience: str) -> str:
    return f"table:{table_id}" if audience == Audience.EVERYONE else f"table:{table_id}:{audience}"


def table_room(table: Table) -> str:
    """The room of system lines (and of all talk at a table without stakes)."""
    return _room(table.pk, Audience.EVERYONE)


def audience_for(table: Table, seated: bool) -> str:
    """The TableChatMessage.Audience a person's line at `table` goes to (seated: a player; else a spectator)."""
    if not table.stake:
        return Audience.EVERYONE
    return Audience.PLAYERS if seated else Audience.SPECTATORS


def room_for(table: Table, seated: bool) -> str:
    """Where a person's line goes at `table`: everyone's room, or at a stakes table the players' or the
    spectators' room."""
    return _room(table.pk, audience_for(table, seated))


def visible_rooms(table: Table, seated: bool) -> set[str]:
    """The rooms a recipient at `table` reads (seated: a player; else a spectator)."""
    return {table_room(table), room_for(table, seated)}


def message_json(line: TableChatMessage, author: User | None) -> dict[str, Any]:
    """`{"id", "room", "author": {"id", "name"} | null, "text", "system": key | null, "data", "at"}` (the shape of
    social's lobby lines)."""
    return {
        "id": line.pk,
        "room": _room(line.table_id, line.audience),
        "author": None if author is None else {"id": author.pk, "name": author.display_name},
        "text": line.text if author is not None else "",
        "system": None if author is not None else line.text,
        "data": line.data,
        "at": line.created_at.isoformat(),
    }


def may_read(recipient_id: int, rooms: set[str], message: dict[str, Any]) -> bool:
    """Whether a recipient reading `rooms` sees `message` (social's rule: its room, an author not ignored)."""
    return social_chat.may_read(recipient_id, rooms, message)


def history(recipient: User, table: Table, seated: bool) -> list[dict[str, Any]]:
    """The last social HISTORY lines of the rooms the recipient reads at `table`, without authors it ignores,
    oldest first."""
    audiences = {Audience.EVERYONE, audience_for(table, seated)}
    lines = list(
        TableChatMessage.objects.filter(table=table, audience__in=audiences)
        .exclude(author_id__in=social_chat.hidden_authors(recipient.pk))
        .select_related("author__profile")
        .order_by("-pk")[: social_chat.HISTORY]
    )
    return [message_json(line, line.author) for line in reversed(lines)]
