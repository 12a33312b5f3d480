"""Appending to a table's event log and telling listeners after commit (docs/design.md "A move, end to end" 3-4).

Everything here runs inside the caller's transaction, with the table row already locked.
"""

from __future__ import annotations

import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.utils.translation import gettext as _

from games.models import Event, Round, Table

from .errors import ServiceError

log = logging.getLogger(__name__)

LOBBY_GROUP = "lobby"


def table_group(table_id: int) -> str:
    """The channel-layer group of a table's sockets."""
    return f"table-{table_id}"


def append_event(
    table: Table,
    kind: str,
    *,
    seat: int | None = None,
    round: Round | None = None,
    data: dict[str, Any] | None = None,
) -> Event:
    """Bump the table's version and append the event numbered with it; notify after commit.

    The conditional UPDATE on the old version makes a second writer that slipped past the row lock (SQLite
    has no SELECT ... FOR UPDATE) fail instead of forking the log; the unique (table, version) constraint
    is the last guard. Raises ServiceError("stale_version") when the row moved under us.
    """
    old = table.version
    if Table.objects.filter(pk=table.pk, version=old).update(version=old + 1) != 1:
        raise ServiceError("stale_version", _("the table changed; refresh"))
    table.version = old + 1
    event = Event.objects.create(
        table=table, version=table.version, kind=kind, seat=seat, round=round, data=data or {}
    )
    _notify_after_commit(table.pk, table.version)
    return event


def _notify_after_commit(table_id: int, version: int) -> None:
    def send() -> None:
        layer = get_channel_layer()
        if layer is None:
            return
        try:
            async_to_sync(layer.group_send)(
                table_group(table_id), {"type": "table.version", "version": version}
            )
            async_to_sync(layer.group_send)(LOBBY_GROUP, {"type": "lobby.changed", "table": table_id})
        except Exception:  # a lost notification is healed by the client's version check / resync
            log.exception("notification for table %s version %s failed", table_id, version)

    transaction.on_commit(send)
