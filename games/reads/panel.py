"""The table's side panel as its socket sends it (a read model: no writes here): who watches, who asks to play, the
kick votes, and the rooms of the table's chat a recipient reads (docs/decisions-social.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.models import Seat, SeatRequest, Table
from games.realtime.built_once import BuiltOnce

from . import table_chat
from .access import is_host_id, watch_refusal
from .kicks import between_deals, kick_votes
from .watchers import table_watchers, without_ignored


def socket_refusal(table_id: int, user: Any) -> str | None:
    """Why `user` may not open the table's socket (an access REFUSALS code), or None (also for a missing table,
    which the socket refuses on its own)."""
    table = Table.objects.filter(pk=table_id).first()
    return None if table is None else watch_refusal(table, user)


@dataclass(frozen=True)
class TablePanel:
    """The part of the side panel every recipient at the table shares, read once per change: the host's user id,
    the access, whether no deal is on, the spectators (watchers.table_watchers), the pending seat requests, the
    kick votes by seat and how many people could vote."""

    host_id: int | None
    access: str
    between_deals: bool
    watchers: list[dict[str, Any]]
    requests: list[dict[str, object]]
    kick_votes: dict[str, int]
    voters: int


def table_panel(table_id: int) -> TablePanel | None:
    """The table's shared panel now, or None when the table is gone."""
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        return None
    seated = Seat.objects.filter(table=table, bot_level="", user__isnull=False).count()
    return TablePanel(
        host_id=table.created_by_id,
        access=table.access,
        between_deals=between_deals(table),
        watchers=table_watchers(table.pk),
        requests=pending_requests(table),
        kick_votes={str(seat): n for seat, n in kick_votes(table).items()},
        voters=max(seated - 1, 0),
    )


PANEL_CHANGES = 256

# The table's shared panel by (table, change), the newest changes kept: the sockets of one process at a table read it
# once per panel.changed notification instead of once each (they ask at once from the database threads: the first
# reads, the others wait for its read).
_shared_panels: BuiltOnce[tuple[int, str], TablePanel | None] = BuiltOnce(PANEL_CHANGES)


def recipient_panel(table_id: int, user: Any, change: str | None) -> dict[str, Any] | None:
    """`panel_frame` for `user`; for a `change` a panel.changed notification named, the table's shared part is read
    once in this process for every socket at the table that asks (None: read it for this recipient alone)."""
    shared = (
        None
        if change is None
        else _shared_panels.get_or_build((table_id, change), lambda: table_panel(table_id))
    )
    return panel_frame(table_id, user, shared)


def panel_frame(table_id: int, user: Any, shared: TablePanel | None = None) -> dict[str, Any] | None:
    """`{"type": "panel", "host", "access", "between_deals", "watchers", "requests" (the host's only),
    "kick_votes": {seat: votes}, "voters"}` for `user`, or None when the table is gone. `shared`: the table's
    panel when the caller has read it for this change (`table_panel`; else it is read here). Holds no card."""
    shared = shared or table_panel(table_id)
    if shared is None:
        return None
    host = is_host_id(shared.host_id, user)
    return {
        "type": "panel",
        "host": host,
        "access": shared.access,
        "between_deals": shared.between_deals,
        "watchers": without_ignored(shared.watchers, user),
        "requests": shared.requests if host else [],
        "kick_votes": shared.kick_votes,
        "voters": shared.voters,
    }


def chat_rooms(table_id: int, seated: bool) -> set[str]:
    """The chat rooms a recipient at the table reads (none when the table is gone)."""
    table = Table.objects.filter(pk=table_id).first()
    return set() if table is None else table_chat.visible_rooms(table, seated)


def chat_history(table_id: int, user: Any, seated: bool) -> list[dict[str, Any]]:
    """The table chat lines the recipient reads (table_chat.history), or [] when the table is gone."""
    table = Table.objects.filter(pk=table_id).first()
    return [] if table is None else table_chat.history(user, table, seated)


def pending_requests(table: Table) -> list[dict[str, object]]:
    """`[{"id", "user", "name", "username"}]` of the table's pending seat requests, oldest first (the username
    opens the requester's player card)."""
    rows = (
        SeatRequest.objects.filter(table=table, status=SeatRequest.Status.PENDING)
        .select_related("user__profile")
        .order_by("pk")
    )
    return [
        {"id": r.pk, "user": r.user_id, "name": r.user.display_name, "username": r.user.username}
        for r in rows
    ]
