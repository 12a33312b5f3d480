"""Appending to a table's event log and telling the table's sockets after commit (docs/design.md "A move, end to
end" 3-4), through the site's one after-commit notify (platform_config.notify).

Everything here runs inside the caller's transaction, with the table row already locked.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.utils.translation import gettext as _

from games.errors import ServiceError
from games.models import Event, Round, Table
from games.realtime import table_rows
from platform_config import rows
from platform_config.notify import LOBBY_GROUP, send_on_commit, table_group

SEEN_AT_THE_TABLE_ONLY = ("act", "timeout")
"""Event kinds that change nothing a lobby box shows (games.lobby_boxes: seats, status, options): the lobby is
not told of them, so a card played does not make every lobby socket redraw its boxes."""


def append_event(
    table: Table,
    kind: str,
    *,
    seat: int | None = None,
    round: Round | None = None,
    data: dict[str, Any] | None = None,
) -> Event:
    """Bump the table's version and append the event numbered with it; after commit the table's sockets get
    `table.version` and, unless `kind` is in SEEN_AT_THE_TABLE_ONLY, the lobby `lobby.changed`.

    `kind` is one of Event.KINDS (ValueError otherwise: a programming error, not a refusal). The conditional
    UPDATE on the old version makes a second writer that slipped past the row lock (SQLite has no SELECT ...
    FOR UPDATE) fail instead of forking the log; the unique (table, version) constraint is the last guard.
    Raises ServiceError("stale_version") when the row moved under us.
    """
    if kind not in Event.KINDS:
        raise ValueError(f"undeclared event kind {kind!r}: add it to Event.KINDS")
    old = table.version
    if table_rows.bump_version(table.pk, old) != 1:
        raise ServiceError("stale_version", _("the table changed; refresh"))
    table.version = old + 1
    event = Event(table=table, version=table.version, kind=kind, seat=seat, round=round, data=data or {})
    rows.insert(event)
    send_on_commit(table_group(table.pk), {"type": "table.version", "version": table.version})
    if kind not in SEEN_AT_THE_TABLE_ONLY:
        send_on_commit(LOBBY_GROUP, {"type": "lobby.changed", "table": table.pk})
    return event


def panel_changed(table_id: int) -> None:
    """Every socket of the table re-reads its side panel (watchers, seat requests, kick votes) after commit. The
    message names the change (`change`: a random token), so the sockets a process holds at the table read the
    table's shared panel once for it (games.consumers.table_panel)."""
    send_on_commit(table_group(table_id), {"type": "panel.changed", "change": secrets.token_hex(8)})
