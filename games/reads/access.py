"""Who may sit at and who may watch a table (docs/decisions-social.md "Access", "Spectators", "Ignore", "Kick").

A table's access is Table.access plus its TableSettings row:
    public                         anyone
    friends                        the host's friends
    private with an invite list    the list's members
    private without a list         invited players only
In every mode an invitation admits, the host is always admitted, a kicked user (Ban) and a user the host
ignores never are. The host is the table's creator. See docs/decisions-social.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from games.errors import ServiceError
from games.models import Ban, Invitation, Seat, SeatRequest, Table, TableSettings
from social.services.relations import are_friends, friend_ids, ignored_ids, ignorer_ids, is_ignoring

REFUSALS = {
    "kicked": _("You were removed from this table."),
    "ignored": _("The host does not take you at this table."),
    "not_allowed": _("This table admits invited players only."),
    "not_friends": _("This table admits the host's friends only."),
    "no_spectators": _("This table takes no spectators."),
    "friends_watch": _("Only the host's friends may watch this table."),
    "list_not_private": _("An invite list admits players at a private table only."),
    "approval_needed": _("The host approves seat requests at this table."),
}


def table_settings(table: Table) -> TableSettings:
    """The table's TableSettings row, or an unsaved default one (anyone may watch, no approval)."""
    row = TableSettings.objects.filter(table=table).select_related("invite_list").first()
    return row if row is not None else TableSettings(table=table)


def is_host(table: Table, user: Any) -> bool:
    """Whether `user` created the table (the host)."""
    return is_host_id(table.created_by_id, user)


def is_host_id(host_id: int | None, user: Any) -> bool:
    """Whether `user` is the host whose user id is `host_id` (the table's `created_by_id`; None: no host)."""
    return user is not None and host_id is not None and host_id == user.pk


def is_invited(table: Table, user: Any) -> bool:
    """Whether `user` holds a pending or accepted invitation to the table."""
    return (
        Invitation.objects.filter(table=table, invitee=user)
        .exclude(status=Invitation.Status.DECLINED)
        .exists()
    )


@dataclass(frozen=True)
class _Facts:
    """What the access rule needs to know about one user and one table."""

    is_host: bool
    banned: bool
    host_ignores_user: bool
    access: str
    invited: bool
    friend_of_host: bool
    on_invite_list: bool


def _decide(facts: _Facts) -> str | None:
    """The access rule (module doc) on gathered facts: a REFUSALS code, or None when admitted."""
    if facts.is_host:
        return None
    if facts.banned:
        return "kicked"
    if facts.host_ignores_user:
        return "ignored"
    if facts.access == Table.Access.PUBLIC or facts.invited:
        return None
    if facts.access == Table.Access.FRIENDS:
        return None if facts.friend_of_host else "not_friends"
    return None if facts.on_invite_list else "not_allowed"


def refusal(table: Table, user: Any) -> str | None:
    """Why the table's access does not admit `user` (a REFUSALS code), or None when it does."""
    host = table.created_by_id or 0
    social = table_settings(table)
    return _decide(
        _Facts(
            is_host=is_host(table, user),
            banned=Ban.objects.filter(table=table, user=user).exists(),
            host_ignores_user=bool(host) and is_ignoring(host, user.pk),
            access=table.access,
            invited=is_invited(table, user),
            friend_of_host=are_friends(host, user.pk),
            on_invite_list=social.invite_list is not None
            and social.invite_list.members.filter(pk=user.pk).exists(),
        )
    )


def tables_admitting(user: Any, tables: Sequence[Table]) -> list[Table]:
    """The tables among `tables` whose access admits `user` and whose host `user` does not ignore (the lobby's
    boxes: an ignored user's tables disappear from my lists). Anonymous users see public tables only.
    A fixed number of queries, whatever the number of tables."""
    if user is None or not getattr(user, "is_authenticated", False):
        return [t for t in tables if t.access == Table.Access.PUBLIC]
    ids = [t.pk for t in tables]
    banned = set(Ban.objects.filter(user=user, table_id__in=ids).values_list("table_id", flat=True))
    invited = set(
        Invitation.objects.filter(invitee=user, table_id__in=ids)
        .exclude(status=Invitation.Status.DECLINED)
        .values_list("table_id", flat=True)
    )
    listed = set(
        TableSettings.objects.filter(table_id__in=ids, invite_list__members=user).values_list(
            "table_id", flat=True
        )
    )
    ignored_by = ignorer_ids(user)
    friends = friend_ids(user)
    ignoring = ignored_ids(user)
    return [
        t
        for t in tables
        if t.created_by_id not in ignoring
        and _decide(
            _Facts(
                is_host=t.created_by_id == user.pk,
                banned=t.pk in banned,
                host_ignores_user=t.created_by_id in ignored_by,
                access=t.access,
                invited=t.pk in invited,
                friend_of_host=t.created_by_id in friends,
                on_invite_list=t.pk in listed,
            )
        )
        is None
    ]


def refuse(code: str) -> ServiceError:
    """The ServiceError of a REFUSALS code, with its translated text."""
    return ServiceError(code, str(REFUSALS[code]))


def check_seat(table: Table, user: Any) -> None:
    """Called by `join` with the table locked: may `user` take a seat now?

    Raises ServiceError("kicked" | "ignored" | "not_allowed" | "not_friends" | "approval_needed").
    Rules: docs/decisions-social.md "Access"; with approval on, the host, invited players and approved requests
    sit.
    """
    code = refusal(table, user)
    if code is not None:
        raise refuse(code)
    approved = SeatRequest.objects.filter(table=table, user=user, status=SeatRequest.Status.APPROVED)
    if (
        table_settings(table).approval
        and not is_host(table, user)
        and not is_invited(table, user)
        and not approved.exists()
    ):
        raise refuse("approval_needed")


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
    if spectators == TableSettings.Spectators.NONE:
        return "no_spectators"
    if spectators == TableSettings.Spectators.FRIENDS and not are_friends(table.created_by_id or 0, user.pk):
        return "friends_watch"
    return None


def check_watch(table: Table, user: Any) -> None:
    """Raise the ServiceError of `watch_refusal` when `user` may not watch the table."""
    code = watch_refusal(table, user)
    if code is not None:
        raise refuse(code)
