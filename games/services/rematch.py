"""A new game after a finished match ("N starts a new game", the French Tarot seed page): a new table with the same
terms, the asking player seated, the other people of the finished table invited to it."""

from __future__ import annotations

from contextlib import suppress

from django.db import transaction
from django.utils.translation import gettext

from accounts.models import User
from games.errors import ServiceError
from games.models import Event, Seat, Table, TableSettings
from games.reads.table_terms import terms_of

from .invitations import invite
from .table_settings import open_table
from .tables import join


def rematch(user: User, table_id: int) -> Table:
    """The finished table `table_id`'s "New game" for `user`, who played at it.

    The first player who asks opens a table on the finished one's terms (games.reads.table_terms.terms_of: game,
    options, human seats, bots' level, stake, limit, access, turn time) and settings (its invite list only when it
    is the asker's own), seated at seat 0, and invites the other people who sat there; a later asker is seated
    at that table (or sent to it when already seated there) while it waits for players.

    Returns the new table. Raises ServiceError("no_table"), ("not_seated") for someone who had no seat at the
    table, ("match_not_over") before the match's end, and what `open_table` raises (a stakes table's ledger
    refusals among them); nothing is created then.
    """
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        raise ServiceError("no_table", gettext("no such table"))
    people = list(
        Seat.objects.filter(table=table, bot_level="", user__isnull=False)
        .select_related("user")
        .order_by("number")
    )
    if not any(seat.user_id == user.pk for seat in people):
        raise ServiceError("not_seated", gettext("only the players of this table may start its new game"))
    if table.status != Table.Status.FINISHED:
        raise ServiceError("match_not_over", gettext("the match is not over yet"))
    for created in Event.objects.filter(kind="created", data__rematch_of=table.pk).order_by("table_id"):
        found = _seat_at(user, created.table_id)
        if found is not None:
            return found
    settings = TableSettings.objects.filter(table=table).select_related("invite_list").first()
    own_list = settings and settings.invite_list and settings.invite_list.owner_id == user.pk
    with transaction.atomic():
        new = open_table(
            user,
            terms_of(table),
            invite_list_id=settings.invite_list_id if own_list and settings else None,
            spectators=settings.spectators if settings else TableSettings.Spectators.ANYONE,
            approval=settings.approval if settings else False,
            rematch_of=table.pk,
        )
    for seat in people:
        if seat.user is not None and seat.user_id != user.pk:
            # one who ignores the asker, or a table already full: the others are still invited
            with suppress(ServiceError):
                invite(user, new.pk, seat.user)
    return new


def _seat_at(user: User, table_id: int) -> Table | None:
    """The rematch table `table_id` when `user` sits there or can take a seat now, else None."""
    if Seat.objects.filter(table_id=table_id, user=user, bot_level="").exists():
        return Table.objects.get(pk=table_id)
    try:
        join(user, table_id)
    except ServiceError:
        return None  # full, started, or not for this user: open another
    return Table.objects.get(pk=table_id)
