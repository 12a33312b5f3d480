"""The one row lock per table (docs/style.md "Concurrency in one place")."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.models import Table

from .errors import ServiceError


def lock_table(table_id: int, **annotations: Any) -> Table:
    """Return the table row locked FOR UPDATE until the surrounding transaction ends (`annotations`: values read
    in the same statement, as Django's `annotate`; only the table's row is locked).

    The lock serialises every writer of one table (two moves for the same turn, a move racing its
    timeout, two sweepers); on SQLite, where FOR UPDATE is a no-op, BEGIN IMMEDIATE (settings) serialises
    writers and `append_event`'s conditional update guards the version. Raises ServiceError("no_table").
    """
    rows = Table.objects.select_for_update(of=("self",)).filter(pk=table_id)
    table = (rows.annotate(**annotations) if annotations else rows).first()
    if table is None:
        raise ServiceError("no_table", _("no such table"))
    return table
