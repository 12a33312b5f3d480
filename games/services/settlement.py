"""THE one place where a settlement unit starts, ends or is aborted (docs/rules/settlement.md).

The table service calls these functions inside the same database transaction as the action that causes them,
so booking is all-or-nothing with the move. Money goes through `ledger.services` only: reserve before a unit is
dealt, settle from the engine's payments, release a unit that never finishes. Tables with stake 0 book nothing.

Units: each deal (`round:{round id}`) in French Tarot, Tarock and Rummy; the whole match (`match:{match id}`)
in Jass (games.reads.table_terms.settles_per_match, from the game's declaration). A unit's seats are the seats
dealt in (`dealt_in`): a Rummy seat out of the match is neither reserved nor counted in the commission.
"""

from __future__ import annotations

import logging

from django.utils.translation import gettext as _

from games.engines.core.protocol import Payment
from games.errors import ServiceError
from games.models import Round, Seat, Table
from games.reads.table_terms import dealt_in, settles_per_match, table_limit, unit_id_for
from ledger import services as ledger
from ledger.models import Account, SettlementUnit, UnitStatus

from . import seating
from .events import append_event

log = logging.getLogger(__name__)


def table_key(table: Table) -> str:
    """The ledger's name for a table (its escrow account is `escrow:table:{id}`)."""
    return f"table:{table.pk}"


def _wallets(table: Table, numbers: list[int]) -> list[Account]:
    seats = {s.number: s for s in Seat.objects.filter(table=table, number__in=numbers).select_related("user")}
    return [ledger.wallet_for(seats[n].user, is_bot=seats[n].is_bot) for n in numbers]


class NobodyCanPlay(ServiceError):
    """`cannot_cover`: standing up the seats that cannot cover the next unit's worst case would leave no person at
    the table. `refusals` (table seat → the ledger's NotEligible) are every seat to stand up; nothing was reserved.
    The dealer (games.services.shuffling.deal_round) undoes the deal, stands them up with `stand_up` and closes the
    table, so nothing is asked again."""

    def __init__(self, refusals: dict[int, ledger.NotEligible]) -> None:
        super().__init__("cannot_cover", "; ".join(r.message for _s, r in sorted(refusals.items())))
        self.refusals = refusals


def stand_up(table: Table, refusals: dict[int, ledger.NotEligible]) -> None:
    """Seats whose players cannot cover the worst case leave before the deal (`refusals` by table seat): a bot of
    the table's level takes each seat (`bot_takes_seat` with reason `cannot_cover`, which frames show everyone),
    and a `stood_up` event keeps the ledger's reason code and message (the player's own notice, games.consumers).
    Raises ServiceError("cannot_cover") for a bot's seat (a bot's wallet is topped up, so it never should)."""
    for number, refusal in sorted(refusals.items()):
        seat = Seat.objects.get(table=table, number=number)
        if seat.is_bot:
            raise ServiceError("cannot_cover", refusal.message)
        append_event(
            table,
            "stood_up",
            seat=number,
            data={"user": seat.user_id, "code": refusal.code, "message": refusal.message},
        )
        seating.bot_takes_seat(table, seat, "cannot_cover")


def _people_left_after(table: Table, standing_up: dict[int, ledger.NotEligible]) -> bool:
    return (
        Seat.objects.filter(table=table, bot_level="", user__isnull=False)
        .exclude(number__in=list(standing_up))
        .exists()
    )


def check_player_can_sit(user: object, table: Table, seats: int) -> None:
    """Refuse a stakes table to a player who cannot cover its worst case, is over a loss limit or is
    self-excluded: raises ServiceError with the ledger's reason code (`insufficient_funds`, `loss_limit`,
    `self_excluded`, `no_limit`) and message. Free tables (stake 0) admit everyone."""
    if table.stake <= 0:
        return
    limit = table_limit(table)
    try:
        ledger.check_can_join_stakes_table(user, table.stake, limit, seats)
    except ledger.NotEligible as refusal:
        raise ServiceError(refusal.code, refusal.message) from None


def unit_starting(table: Table, round: Round) -> None:
    """Before a deal is played (called once per round, after the Round row exists): reserve the worst case of
    every seat dealt in (`dealt_in`) when a new settlement unit starts. A seat that cannot cover it is stood up
    (a bot takes it) before the deal, with the reason in a `stood_up` event (`stand_up`). Raises NobodyCanPlay
    when that would leave no person at the table, ServiceError("cannot_cover") when the seats still cannot cover."""
    if table.stake <= 0:
        return
    unit_id = unit_id_for(table, round)
    if SettlementUnit.objects.filter(unit_id=unit_id).exists():
        return  # a Jass match already reserved at its first deal
    limit = table_limit(table)
    numbers = dealt_in(table, round)
    stood: dict[int, ledger.NotEligible] = {}
    for _attempt in range(2):
        try:
            ledger.reserve_unit(
                unit_id=unit_id,
                table_key=table_key(table),
                stake=table.stake,
                limit=limit,
                wallets=_wallets(table, numbers),
                round_id=round.pk,
                game=table.game,
            )
            return
        except ledger.SeatsCannotCover as refused:
            now = {numbers[position]: r for position, r in refused.refusals.items()}
            stood.update(now)
            if not _people_left_after(table, stood):
                raise NobodyCanPlay(stood) from None
            stand_up(table, now)
    raise ServiceError("cannot_cover", _("the seats could not cover the worst case"))


def unit_settled(table: Table, round: Round, payments: list[Payment]) -> None:
    """After a round whose `engine.settlement(state)` returned payments (a finished settlement unit): book it
    (idempotent on the unit id), recording the engine's result.

    Args:
        payments: `(payer seat, payee seat, game units)` as the engine returned them, by table seat; the ledger
            gets them by the unit's positions (`dealt_in`).
    """
    round.settlement = [list(p) for p in payments]
    if table.stake > 0:
        position = {number: i for i, number in enumerate(dealt_in(table, round))}
        unit_payments = [(position[payer], position[payee], units) for payer, payee, units in payments]
        ledger.settle_unit(unit_id=unit_id_for(table, round), payments=unit_payments, result=round.result)


def round_unscored(table: Table, round: Round, match_over: bool) -> None:
    """A round that ended without payments (an annulled deal; a Jass round before the match ends): the unit
    of a per-deal game is released; a per-match unit only when the match ends without payments."""
    if table.stake > 0 and (match_over or not settles_per_match(table.game)):
        _release(table, round, "round ended without a score")


def unit_aborted(table: Table, round: Round) -> None:
    """A round that will never be scored (table closed mid-deal): release the reservation."""
    round.settlement = None
    if table.stake > 0:
        _release(table, round, "table closed")


def _release(table: Table, round: Round, reason: str) -> None:
    unit_id = unit_id_for(table, round)
    if SettlementUnit.objects.filter(unit_id=unit_id, status=UnitStatus.OPEN).exists():
        ledger.release_unit(unit_id=unit_id, reason=reason)
