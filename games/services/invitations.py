"""Invitations to a table and seat requests at tables whose host approves them (docs/decisions-social.md)."""

from __future__ import annotations

from typing import NamedTuple

from django.db import transaction
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games.errors import ServiceError, from_social
from games.models import Ban, Invitation, Seat, SeatRequest, Table
from games.reads.access import is_host
from games.reads.rating_range import check_rating_range
from games.reads.seat_choice import check_chosen_seat
from platform_config.notify import send_on_commit, user_group
from social.services.invite_lists import own_list
from social.services.relations import is_ignoring

from .events import panel_changed
from .locking import lock_table
from .tables import join

SEAT_REQUEST_WAITING = _("Your request to play waits for the host.")


def _invitations_changed(user_id: int) -> None:
    """Every lobby socket of the user re-reads its invitations (with its friends box), after commit."""
    send_on_commit(user_group(user_id), {"type": "social.changed"})


def _hosted(host: User, table_id: int) -> Table:
    table = lock_table(table_id)
    if not is_host(table, host):
        raise ServiceError("not_host", gettext("only the table's host may do this"))
    return table


def invite(host: User, table_id: int, invitee: User, seat: int | None = None) -> Invitation:
    """The host invites `invitee`, to the free seat meant for a person numbered `seat` or (None) to any free one;
    the invitation reaches the invitee's lobby live, and accepting it takes that seat.

    Returns the (new or renewed) pending Invitation. Raises ServiceError("not_host"), ("not_open") once the
    table stopped waiting for players, ("ignored") when the invitee ignores the host, ("kicked") for a
    user kicked from this table, ("bad_request") for the host or a bot, ("out_of_range") with the lobby's reason
    when a rated table's rating range does not admit the invitee (games.reads.rating_range: an invitation they
    could never accept is not sent), and for a named seat the refusals of
    games.reads.seat_choice.check_chosen_seat ("no_such_seat", "bot_seat", "seat_taken").
    """
    with transaction.atomic():
        table = _hosted(host, table_id)
        if invitee.pk == host.pk or invitee.is_house_bot:
            raise ServiceError("bad_request", gettext("invite other players, not yourself or a bot"))
        if is_ignoring(invitee.pk, host.pk):
            raise ServiceError("ignored", gettext("this player does not take your invitations"))
        if Ban.objects.filter(table=table, user=invitee).exists():
            raise ServiceError("kicked", gettext("this player was removed from this table"))
        if table.status != Table.Status.OPEN:
            raise ServiceError("not_open", gettext("this table is not waiting for players"))
        check_rating_range(table, invitee)
        if seat is not None:
            check_chosen_seat(list(Seat.objects.filter(table=table)), seat)
        row, _ = Invitation.objects.update_or_create(
            table=table,
            invitee=invitee,
            defaults={"inviter": host, "status": Invitation.Status.PENDING, "seat": seat},
        )
        _invitations_changed(invitee.pk)
        panel_changed(table.pk)
        return row


def invite_list(host: User, table_id: int, list_id: int) -> list[Invitation]:
    """Invite every member of the host's invite list `list_id` who takes the host's invitations.
    Returns the invitations made. Raises ServiceError("no_list") and the refusals of `invite` for the table."""
    with from_social():
        members = list(own_list(host, list_id).members.all())
    made = []
    for member in members:
        try:
            made.append(invite(host, table_id, member))
        except ServiceError as error:
            if error.code not in ("ignored", "kicked", "bad_request", "out_of_range"):
                raise
    return made


class Answer(NamedTuple):
    """What answering an invitation did: the table it was to, and the seat taken (None: declined)."""

    table_id: int
    seat: int | None


def answer_invitation(user: User, invitation_id: int, accept: bool) -> Answer:
    """The invitee accepts (and takes the seat the invitation names, or a free one, at once) or declines. Returns
    the Answer. Raises ServiceError("no_invitation") and the refusals of `join` ("table_full", "not_open",
    "seat_taken" for a named seat taken meanwhile); a refused accept leaves the invitation pending, except one the
    table's rating range refuses ("out_of_range": the range was set, or the rating moved, after the invitation),
    which is withdrawn (declined) since accepting it again could not succeed."""
    refused: ServiceError | None = None
    with transaction.atomic():
        row = (
            Invitation.objects.select_for_update()
            .filter(pk=invitation_id, invitee=user, status=Invitation.Status.PENDING)
            .first()
        )
        if row is None:
            raise ServiceError("no_invitation", gettext("no such pending invitation"))
        row.status = Invitation.Status.ACCEPTED if accept else Invitation.Status.DECLINED
        seat = None
        try:
            seat = join(user, row.table_id, row.seat) if accept else None  # its own savepoint
        except ServiceError as error:
            if error.code != "out_of_range":
                raise
            refused, row.status = error, Invitation.Status.DECLINED
        row.save(update_fields=["status"])
        panel_changed(row.table_id)
        _invitations_changed(user.pk)
    if refused is not None:
        raise refused
    return Answer(row.table_id, seat)


def request_seat(user: User, table_id: int, seat: int | None = None, new_seat: bool = False) -> int | None:
    """ "Play" with the access rules: take the chosen `seat` (None: `join`'s pick), or at a table whose host
    approves seat requests leave a pending request ("who wants to play against you"; the host's approval seats
    them at `join`'s pick). Returns the seat number, or None when the request waits for the host. Raises the
    refusals of `join` (with games.reads.access's; `new_seat` is join's: refuse a person already seated)."""
    try:
        return join(user, table_id, seat, new_seat=new_seat)
    except ServiceError as error:
        if error.code != "approval_needed":
            raise
    with transaction.atomic():
        table = lock_table(table_id)
        SeatRequest.objects.update_or_create(
            table=table, user=user, defaults={"status": SeatRequest.Status.PENDING}
        )
        panel_changed(table.pk)
    return None


def answer_seat_request(host: User, request_id: int, approve: bool) -> int | None:
    """The host approves (the requester is seated at once) or declines a seat request. Returns the seat
    number when approved. Raises ServiceError("no_request" | "not_host") and join's refusals."""
    with transaction.atomic():
        row = (
            SeatRequest.objects.select_for_update()
            .filter(pk=request_id, status=SeatRequest.Status.PENDING)
            .first()
        )
        if row is None:
            raise ServiceError("no_request", gettext("no such pending request"))
        _hosted(host, row.table_id)
        row.status = SeatRequest.Status.APPROVED if approve else SeatRequest.Status.DECLINED
        row.save(update_fields=["status"])
        seat = join(row.user, row.table_id) if approve else None
        panel_changed(row.table_id)
        return seat
