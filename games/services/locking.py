"""The one row lock per table (docs/style.md "Concurrency in one place")."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.errors import ServiceError
from games.models import Table
from games.realtime import table_rows


def lock_table(table_id: int) -> Table:
    """Return the table row locked FOR UPDATE until the surrounding transaction ends (only the table's row).

    The lock serialises every writer of one table (two moves for the same turn, a move racing its
    timeout, two sweepers); on SQLite, where FOR UPDATE is a no-op, BEGIN IMMEDIATE (settings) serialises
    writers and `append_event`'s conditional update guards the version. Raises ServiceError("no_table").
    """
    table = Table.objects.select_for_update(of=("self",)).filter(pk=table_id).first()
    if table is None:
        raise ServiceError("no_table", _("no such table"))
    return table


def lock_table_for_move(table_id: int, actor: str, move_id: str) -> table_rows.MoveRows:
    """`lock_table` for a person's move, in one statement with what the move reads beside the row: the first
    answer `actor` ("user:<id>") got for `move_id` at the table (None: a new move id), the seats and the round
    being played (table_rows.MoveRows). Raises ServiceError("no_table")."""
    locked = table_rows.lock_table_row(table_id, actor, move_id)
    if locked is None:
        raise ServiceError("no_table", _("no such table"))
    return locked
