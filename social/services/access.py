"""Who may sit at and who may watch a table (issue 5 "table access", "Spectators", "Ignore", "Kick").

A table's access is games.Table.access plus its TableSocial row:
    public                         anyone
    friends                        the host's friends
    private with an invite list    the list's members
    private without a list         invited players only
In every mode an invitation admits, the host is always admitted, a kicked user (Ban) and a user the host
ignores never are. The host is the table's creator. See docs/decisions-social.md.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from games.models import Seat, Table
from games.services.errors import ServiceError
from social.models import Ban, Invitation, SeatRequest, TableSocial

from .relations import are_friends, is_ignoring

REFUSALS = {
    "kicked": _("You were removed from this table."),
    "ignored": _("The host does not take you at this table."),
    "not_allowed": _("This table admits invited players only."),
    "not_friends": _("This table admits the host's friends only."),
    "no_spectators": _("This table takes no spectators."),
    "approval_needed": _("The host approves seat requests at this table."),
}


def table_settings(table: Table) -> TableSocial:
    """The table's TableSocial row, or an unsaved default one (anyone may watch, no approval)."""
    row = TableSocial.objects.filter(table=table).select_related("invite_list").first()
    return row if row is not None else TableSocial(table=table)


def is_host(table: Table, user: Any) -> bool:
    """Whether `user` created the table (the host)."""
    return user is not None and table.created_by_id is not None and table.created_by_id == user.pk


def is_invited(table: Table, user: Any) -> bool:
    """Whether `user` holds a pending or accepted invitation to the table."""
    return Invitation.objects.filter(table=table, invitee=user).exclude(status=Invitation.Status.DECLINED).exists()


def refusal(table: Table, user: Any) -> str | None:
    """Why the table's access does not admit `user` (a REFUSALS code), or None when it does."""
    if is_host(table, user):
        return None
    if Ban.objects.filter(table=table, user=user).exists():
        return "kicked"
    if table.created_by_id is not None and is_ignoring(table.created_by_id, user.pk):
        return "ignored"
    if table.access == Table.Access.PUBLIC or is_invited(table, user):
        return None
    if table.access == Table.Access.FRIENDS:
        return None if are_friends(table.created_by_id or 0, user.pk) else "not_friends"
    social = table_settings(table)
    if social.invite_list is not None and social.invite_list.members.filter(pk=user.pk).exists():
        return None
    return "not_allowed"


def _refuse(code: str) -> ServiceError:
    return ServiceError(code, str(REFUSALS[code]))


def check_seat(table: Table, user: Any) -> None:
    """Called by the table service's join with the table locked: may `user` take a seat now?

    Raises ServiceError("kicked" | "ignored" | "not_allowed" | "not_friends" | "approval_needed").
    Rules: issue 5 "table access"; with approval on, the host, invited players and approved requests sit.
    """
    code = refusal(table, user)
    if code is not None:
        raise _refuse(code)
    approved = SeatRequest.objects.filter(table=table, user=user, status=SeatRequest.Status.APPROVED)
    if table_settings(table).approval and not is_host(table, user) and not is_invited(table, user) \
            and not approved.exists():
        raise _refuse("approval_needed")


def watch_refusal(table: Table, user: Any) -> str | None:
    """Why `user` may not watch the table (a REFUSALS code), or None. Seated people always see their
    table; others need the access and the table's spectators option (none / the host's friends / anyone)."""
    if Seat.objects.filter(table=table, user=user, bot_level="").exists():
        return None
    code = refusal(table, user)
    if code is not None:
        return code
    if is_host(table, user):
        return None
    spectators = table_settings(table).spectators
    if spectators == TableSocial.Spectators.NONE:
        return "no_spectators"
    if spectators == TableSocial.Spectators.FRIENDS and not are_friends(table.created_by_id or 0, user.pk):
        return "not_friends"
    return None


def check_watch(table: Table, user: Any) -> None:
    """Raise the ServiceError of `watch_refusal` when `user` may not watch the table."""
    code = watch_refusal(table, user)
    if code is not None:
        raise _refuse(code)


def configure_table(host: Any, table_id: int, *, invite_list_id: int | None, spectators: str,
                    approval: bool) -> TableSocial:
    """The host sets the table's invite list (it admits its members; with access "private" only), who
    may watch, and whether seat requests need approval. Returns the saved TableSocial.
    Raises ServiceError("not_host" | "no_list" | "bad_request")."""
    from django.db import transaction

    from games.services.locking import lock_table
    from social.models import InviteList

    from . import notify

    if spectators not in TableSocial.Spectators.values:
        raise ServiceError("bad_request", "unknown spectators option")
    with transaction.atomic():
        table = lock_table(table_id)
        if not is_host(table, host):
            raise ServiceError("not_host", "only the table's host may do this")
        chosen = None
        if invite_list_id is not None:
            chosen = InviteList.objects.filter(pk=invite_list_id, owner=host).first()
            if chosen is None:
                raise ServiceError("no_list", "no such invite list")
        row, _created = TableSocial.objects.update_or_create(
            table=table, defaults={"invite_list": chosen, "spectators": spectators, "approval": approval})
        notify.table_social_changed(table.pk)
        return row
