"""The table's side panel as its socket sends it (read side; no writes here): who watches, who asks to play, the
kick votes, and the rooms of the table's chat a recipient reads (docs/decisions-social.md)."""

from __future__ import annotations

from typing import Any

from games.models import Seat, Table

from . import table_chat
from .access import is_host, watch_refusal
from .invitations import pending_requests
from .kicks import between_deals, kick_votes
from .watchers import watchers_of


def socket_refusal(table_id: int, user: Any) -> str | None:
    """Why `user` may not open the table's socket (an access REFUSALS code), or None (also for a missing table,
    which the socket refuses on its own)."""
    table = Table.objects.filter(pk=table_id).first()
    return None if table is None else watch_refusal(table, user)


def panel_frame(table_id: int, user: Any) -> dict[str, Any] | None:
    """`{"type": "panel", "host", "access", "between_deals", "watchers", "requests" (the host's only),
    "kick_votes": {seat: votes}, "voters"}` for `user`, or None when the table is gone. Holds no card."""
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        return None
    host = is_host(table, user)
    seated = Seat.objects.filter(table=table, bot_level="", user__isnull=False).count()
    return {
        "type": "panel",
        "host": host,
        "access": table.access,
        "between_deals": between_deals(table),
        "watchers": watchers_of(table.pk, user),
        "requests": pending_requests(table) if host else [],
        "kick_votes": {str(seat): n for seat, n in kick_votes(table).items()},
        "voters": max(seated - 1, 0),
    }


def chat_rooms(table_id: int, seated: bool) -> set[str]:
    """The chat rooms a recipient at the table reads (none when the table is gone)."""
    table = Table.objects.filter(pk=table_id).first()
    return set() if table is None else table_chat.visible_rooms(table, seated)


def chat_history(table_id: int, user: Any, seated: bool) -> list[dict[str, Any]]:
    """The table chat lines the recipient reads (table_chat.history), or [] when the table is gone."""
    table = Table.objects.filter(pk=table_id).first()
    return [] if table is None else table_chat.history(user, table, seated)
