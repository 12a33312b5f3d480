"""Removing a player from a table between deals ("Eruit gooien", docs/decisions-social.md "Kick").

At a private or friends-only table the host kicks; at a public table a majority of the seated people other
than the target vote (spectators never vote). A bot of the table's level takes the seat (before the start
the seat is just freed) and the kicked user may not come back (a Ban).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from games.errors import ServiceError
from games.models import Ban, KickVote, Seat, Table
from games.reads.access import is_host
from games.reads.kicks import between_deals
from platform_config.notify import send_on_commit, table_group

from . import seating, table_chat
from .events import append_event, panel_changed
from .locking import lock_table


def _target(table: Table, seat_number: int) -> Seat:
    seat = Seat.objects.filter(table=table, number=seat_number, bot_level="", user__isnull=False).first()
    if seat is None:
        raise ServiceError("bad_request", _("no player sits in that seat"))
    if not between_deals(table):
        raise ServiceError("not_between_deals", _("a player is removed between deals"))
    return seat


def _remove(table: Table, seat: Seat) -> None:
    """Ban the seat's user, hand the seat to a bot (before the start: free it), append the `kick` event and
    its system chat line (inside the caller's transaction, table locked)."""
    user = seat.user
    assert user is not None
    Ban.objects.get_or_create(table=table, user=user)
    KickVote.objects.filter(table=table, target=user).delete()
    # Registered before append_event's version notification: the kicked user's sockets drop the seat
    # before any frame of the new version could be projected for it.
    send_on_commit(table_group(table.pk), {"type": "panel.kicked", "user": user.pk})
    if table.status == Table.Status.OPEN:
        seat.user = None
        seat.save(update_fields=["user"])
    else:
        seating.bot_takes_seat(table, seat, "kicked")
    append_event(table, "kick", seat=seat.number, data={"user": user.pk})
    table_chat.system_line(table, "kicked", user)
    panel_changed(table.pk)


def kick(host: User, table_id: int, seat_number: int) -> None:
    """The host of a private (or friends-only) table removes the player in `seat_number` between deals.

    Raises ServiceError("not_host"), ("public_table") at a public table (a vote decides there),
    ("not_between_deals"), ("bad_request") for a seat without a person or the host's own seat.
    """
    with transaction.atomic():
        table = lock_table(table_id)
        if not is_host(table, host):
            raise ServiceError("not_host", _("only the table's host may remove a player"))
        if table.access == Table.Access.PUBLIC:
            raise ServiceError("public_table", _("at a public table the seated players vote"))
        seat = _target(table, seat_number)
        if seat.user_id == host.pk:
            raise ServiceError("bad_request", _("the host cannot remove themselves; leave instead"))
        _remove(table, seat)


def vote_kick(voter: User, table_id: int, seat_number: int) -> dict[str, Any]:
    """A seated person at a public table votes to remove the player in `seat_number`, between deals.

    The kick happens when the votes are more than half of the seated people other than the target.
    Returns `{"votes", "needed", "kicked"}`. Raises ServiceError("not_seated") for a spectator or a
    voter who is the target, ("private_table") where the host decides, ("not_between_deals"), ("bad_request").
    """
    with transaction.atomic():
        table = lock_table(table_id)
        if table.access != Table.Access.PUBLIC:
            raise ServiceError("private_table", _("at this table the host removes players"))
        seat = _target(table, seat_number)
        voters = set(
            Seat.objects.filter(table=table, bot_level="", user__isnull=False)
            .exclude(pk=seat.pk)
            .values_list("user_id", flat=True)
        )
        if voter.pk not in voters:
            raise ServiceError("not_seated", _("only the other seated players vote"))
        KickVote.objects.get_or_create(table=table, target_id=seat.user_id, voter=voter)
        votes = KickVote.objects.filter(table=table, target_id=seat.user_id, voter_id__in=voters).count()
        needed = len(voters) // 2 + 1
        kicked = votes >= needed
        if kicked:
            _remove(table, seat)
        else:
            panel_changed(table.pk)
        return {"votes": votes, "needed": needed, "kicked": kicked}
