"""The host's settings of a table (docs/decisions-social.md "Access"): the invite list that admits players at a private
table, who may watch (nobody / the host's friends / anyone admitted) and whether seat requests need approval."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from games.errors import ServiceError
from games.models import Table, TableSettings
from games.reads.access import is_host, refuse
from games.reads.table_terms import TableTerms
from social.models import InviteList

from .events import panel_changed
from .locking import lock_table
from .tables import create_table


def configure_table(
    host: Any, table_id: int, *, invite_list_id: int | None, spectators: str, approval: bool
) -> TableSettings:
    """The host changes the table's settings (the side panel) while it waits for players.
    Returns the saved TableSettings. Raises ServiceError("not_host" | "not_open") and those of `_save`."""
    with transaction.atomic():
        table = lock_table(table_id)
        if not is_host(table, host):
            raise ServiceError("not_host", gettext("only the table's host may do this"))
        if table.status != Table.Status.OPEN:
            raise ServiceError(
                "not_open", gettext("the table's settings change only while it waits for players")
            )
        return _save(table, host, invite_list_id=invite_list_id, spectators=spectators, approval=approval)


def _save(
    table: Table, host: Any, *, invite_list_id: int | None, spectators: str, approval: bool
) -> TableSettings:
    """Store the invite list (one of the host's; it admits its members at a private table only), who may
    watch, and whether seat requests need approval; tell the table's sockets. Inside the caller's transaction
    with the table locked. Raises ServiceError("no_list" | "list_not_private" | "bad_request")."""
    if spectators not in TableSettings.Spectators.values:
        raise ServiceError("bad_request", gettext("unknown spectators option"))
    chosen = None
    if invite_list_id is not None:
        chosen = InviteList.objects.filter(pk=invite_list_id, owner=host).first()
        if chosen is None:
            raise ServiceError("no_list", gettext("no such invite list"))
        if table.access != Table.Access.PRIVATE:
            raise refuse("list_not_private")
    row, _created = TableSettings.objects.update_or_create(
        table=table, defaults={"invite_list": chosen, "spectators": spectators, "approval": approval}
    )
    panel_changed(table.pk)
    return row


def open_table(
    host: Any,
    terms: TableTerms,
    *,
    invite_list_id: int | None,
    spectators: str,
    approval: bool,
    fixed_deal: dict[str, Any] | None = None,
    rematch_of: int | None = None,
) -> Table:
    """The New game dialog: create the table on `terms` (`create_table`, with its `fixed_deal` and `rematch_of`)
    and store its settings (`_save`: `invite_list_id`, `spectators`, `approval`) in one transaction, so nobody
    sees the table before its access is set.

    Returns the table. Raises what either function raises; nothing is created then.
    """
    with transaction.atomic():
        table = create_table(host, terms, fixed_deal=fixed_deal, rematch_of=rematch_of)
        _save(
            lock_table(table.pk),
            host,
            invite_list_id=invite_list_id,
            spectators=spectators,
            approval=approval,
        )
    return table
