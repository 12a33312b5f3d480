"""Reserve, settle and release one settlement unit (docs/rules/settlement.md "Steps" 7 and "Money safety").

Reserve: before the unit is dealt, each seat's worst case limit × (players − 1) moves from its wallet to the
table's escrow, one transaction per seat keyed `reserve:{unit}:{seat}`; bots are topped up first from the
promotions account (`bot_funding:{unit}:{seat}`). Settle: one transaction keyed `settle:{unit}` pays the escrow
back out: each wallet gets its reservation plus its wallet change, the house gets C. Release: every
reservation is reversed (`release:{unit}:{seat}`). The SettlementUnit row is locked for each of these, so
settle and release of one unit exclude each other.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

from django.db import transaction
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from ledger.books import escrow_for, lock_house_stripe, promotions_account
from ledger.calculation import Payment, calculate_settlement, worst_case
from ledger.errors import (
    IdempotencyConflict,
    InsufficientFunds,
    NotEligible,
    SeatsCannotCover,
    UnitClosed,
    UnknownUnit,
)
from ledger.models import Account, SettlementUnit, Transaction, TransactionKind, UnitSeat, UnitStatus
from ledger.money import format_money
from ledger.players import check_wallet_can_cover
from ledger.posting import fingerprint, post, reverse, run_with_retries, same_or_conflict, update_by_id
from ledger.schedule import bands_in_force
from platform_config.rows import Part, for_update, read, table_name, update


def _unit_request(table_key: str, stake: int, limit: int, wallet_ids: Sequence[int]) -> dict[str, Any]:
    return {"table": table_key, "stake": stake, "limit": limit, "wallets": list(wallet_ids)}


def reserve_unit(
    *,
    unit_id: str,
    table_key: str,
    stake: int,
    limit: int,
    wallets: Sequence[Account],
    round_id: int | None = None,
    game: str = "",
) -> SettlementUnit:
    """Reserve every seat's worst case for a settlement unit before it is dealt; all seats or none.

    Args:
        unit_id: the unit's unique id (e.g. `round:123`); the same id again with the same arguments returns
            the unit reserved first, with different ones raises IdempotencyConflict.
        table_key: the table (e.g. `table:17`); its escrow account holds the reservations.
        stake: minor units per game unit (> 0); limit: minor units per payment (> 0).
        wallets: the seated players' wallet accounts, by seat (bots' wallets included).
        round_id: the round (deal) id for hand-history links; game: the game key, for reports.
    Returns the SettlementUnit (status open).
    Raises SeatsCannotCover with one NotEligible per refused seat (codes self_excluded, insufficient_funds,
    loss_limit) — nothing is reserved then, and the table stands those seats up — or NotEligible(no_limit).
    """
    if stake <= 0 or limit <= 0:
        raise NotEligible("no_limit", _("a stakes table needs a positive stake and limit"))
    if len(wallets) < 2:
        raise ValueError("a settlement unit needs at least two seats")
    wallet_ids = [w.pk for w in wallets]
    request = _unit_request(table_key, stake, limit, wallet_ids)

    def work() -> SettlementUnit:
        existing = SettlementUnit.objects.filter(unit_id=unit_id).first()
        if existing is not None:
            seats = list(existing.seat_set.order_by("seat").values_list("account_id", flat=True))
            if _unit_request(existing.table_key, existing.stake, existing.limit, seats) != request:
                raise IdempotencyConflict(
                    "idempotency_conflict", f"unit {unit_id} was reserved with other settings"
                )
            return existing
        with transaction.atomic():
            return _reserve(unit_id, table_key, stake, limit, list(wallets), round_id, game)

    return run_with_retries(work)


def _reserve(
    unit_id: str,
    table_key: str,
    stake: int,
    limit: int,
    wallets: list[Account],
    round_id: int | None,
    game: str,
) -> SettlementUnit:
    seats = len(wallets)
    amount = worst_case(limit, seats)
    escrow = escrow_for(table_key, wallets[0].currency)
    unit = SettlementUnit.objects.create(
        unit_id=unit_id,
        table_key=table_key,
        round_id=round_id,
        game=game,
        currency=escrow.currency,
        stake=stake,
        limit=limit,
        seats=seats,
        escrow=escrow,
    )
    refusals: dict[int, NotEligible] = {}
    for seat, stale in enumerate(wallets):
        wallet = Account.objects.get(pk=stale.pk)
        if wallet.is_bot and wallet.balance < amount:
            fund_bot(wallet, amount - wallet.balance, key=f"bot_funding:{unit_id}:{seat}")
            wallet.refresh_from_db()
        try:
            check_wallet_can_cover(wallet, amount)
            reserved = post(
                key=f"reserve:{unit_id}:{seat}",
                kind=TransactionKind.RESERVE,
                lines=[(wallet.pk, -amount), (escrow.pk, amount)],
                details={"unit": unit_id, "seat": seat, "table": table_key, "worst_case": amount},
            )
        except InsufficientFunds:
            refusals[seat] = NotEligible(
                "insufficient_funds",
                _("the wallet cannot cover the worst case of %(needed)s")
                % {"needed": format_money(amount, get_language())},
            )
            continue
        except NotEligible as refusal:
            refusals[seat] = refusal
            continue
        UnitSeat.objects.create(
            unit=unit, seat=seat, account=wallet, reserved=amount, reserve_transaction=reserved
        )
    if refusals:
        raise SeatsCannotCover.of(refusals)
    return unit


def fund_bot(wallet: Account, amount: int, *, key: str) -> Transaction:
    """Top up a bot's wallet from the promotions account (a `bot_funding` transaction)."""
    if not wallet.is_bot:
        raise ValueError("only bots are funded by the house")
    promotions = promotions_account(wallet.currency)
    return post(
        key=key,
        kind=TransactionKind.BOT_FUNDING,
        lines=[(wallet.pk, amount), (promotions.pk, -amount)],
        reason="bot funding",
    )


def _lock_unit(unit_id: str) -> SettlementUnit:
    # The row lock is what makes settle and release of one unit exclusive, and concurrent settles queue here.
    unit = SettlementUnit.objects.select_for_update().filter(unit_id=unit_id).first()
    if unit is None:
        raise UnknownUnit("unknown_unit", f"no reservation for unit {unit_id}")
    return unit


def settle_unit(
    *, unit_id: str, payments: Iterable[Payment], result: Mapping[str, Any] | None = None
) -> Transaction:
    """Book a settlement unit from the engine's payments (docs/rules/settlement.md steps 1–7), exactly once.

    Args: unit_id as reserved; payments `(payer seat, payee seat, game units)` from `Game.settlement`;
    result: the engine's itemised result JSON (`Game.result`), recorded with the transaction.
    Returns the settle transaction (key `settle:{unit}`); the same request again returns it, a different one
    raises IdempotencyConflict. Raises UnknownUnit, UnitClosed (the unit was released).
    The transaction's `details` record stake, units (payments), limit, rate, V, C, the whole calculation and
    the result; the unit row repeats rate, V, C and T for reports.
    The statements are written by hand (docs/decisions-ledger.md "House stripes"): building them with the ORM
    cost a settlement more than PostgreSQL's work for them.
    """
    given = [tuple(int(x) for x in p) for p in payments]
    request = {"unit": unit_id, "payments": sorted(given), "result": result}
    key = f"settle:{unit_id}"

    def work() -> Transaction:
        unit, seats, existing = _lock_for_settling(unit_id, key)
        if existing is None and unit.status == UnitStatus.SETTLED:
            # The lock waited for a settlement that committed meanwhile: PostgreSQL rereads the locked row but
            # took the joined transaction from the statement's snapshot, before that commit.
            existing = Transaction.objects.filter(key=key).first()
        if existing is not None:
            return same_or_conflict(existing, fingerprint(request))
        if unit.status != UnitStatus.OPEN:
            raise UnitClosed("unit_closed", f"unit {unit_id} is {unit.status}")
        return _settle(unit, seats, given, result, request, key)

    return run_with_retries(work, savepoint=True)


_UNIT, _SEAT, _BOOKED = Part(SettlementUnit, "u"), Part(UnitSeat, "s"), Part(Transaction, "t")


def _lock_for_settling(unit_id: str, key: str) -> tuple[SettlementUnit, list[UnitSeat], Transaction | None]:
    """The unit locked (as `_lock_unit`), its seats by seat, and the transaction already booked under `key`
    (None: not settled yet), in one statement. Raises UnknownUnit."""
    sql = (
        f"SELECT {_UNIT.select()}, {_SEAT.select()}, {_BOOKED.select()} FROM {table_name(SettlementUnit)} u"
        f" JOIN {table_name(UnitSeat)} s ON s.unit_id = u.id"
        f" LEFT JOIN {table_name(Transaction)} t ON t.key = %s"
        f" WHERE u.unit_id = %s ORDER BY s.seat{for_update('u')}"
    )
    found = read(sql, [key, unit_id], (_UNIT, _SEAT, _BOOKED))
    if not found:
        raise UnknownUnit("unknown_unit", f"no reservation for unit {unit_id}")
    unit, _seat, existing = found[0]
    seats = [cast(UnitSeat, row[1]) for row in found]
    return cast(SettlementUnit, unit), seats, cast(Transaction | None, existing)


def _settle(
    unit: SettlementUnit,
    seats: list[UnitSeat],
    payments: list[tuple[int, ...]],
    result: Mapping[str, Any] | None,
    request: dict[str, Any],
    key: str,
) -> Transaction:
    schedule_id, bands = bands_in_force(unit.currency)
    calc = calculate_settlement(
        [(p[0], p[1], p[2]) for p in payments],
        stake=unit.stake,
        limit=unit.limit,
        seats=unit.seats,
        bands=bands,
    )
    # One stripe of the house gets C: the first one no other settlement holds (ledger.books.lock_house_stripe),
    # so settlements of different tables share no row (docs/decisions-ledger.md "House stripes").
    house = lock_house_stripe(unit.currency, key) if calc.commission else None
    lines = [(unit.escrow_id, -sum(s.reserved for s in seats))]
    lines += [(house, calc.commission)] if house is not None else []
    lines += [(s.account_id, s.reserved + calc.wallet_changes[s.seat]) for s in seats]
    details = {
        "unit": unit.unit_id,
        "table": unit.table_key,
        "round": unit.round_id,
        "game": unit.game,
        "schedule": schedule_id,
        "bands": [list(b) for b in bands],
        "calculation": calc.to_json(),
        "result": result,
    }
    update_by_id(
        UnitSeat,
        ["delta", "share", "change"],
        [(s.pk, calc.deltas[s.seat], calc.shares[s.seat], calc.wallet_changes[s.seat]) for s in seats],
    )
    booked = post(
        key=key, kind=TransactionKind.SETTLE, lines=lines, details=details, request=request, key_checked=True
    )
    unit.status, unit.closed_at, unit.settle_transaction = UnitStatus.SETTLED, timezone.now(), booked
    unit.rate_bp, unit.value, unit.commission, unit.total_won = (
        calc.rate_bp,
        calc.value,
        calc.commission,
        calc.total_won,
    )
    update(unit, ["status", "closed_at", "settle_transaction", "rate_bp", "value", "commission", "total_won"])
    return booked


def release_unit(
    *, unit_id: str, reason: str = "unit not finished", actor_id: int | None = None
) -> list[Transaction]:
    """Give every reservation of an unfinished unit back by reversing it (keys `release:{unit}:{seat}`).

    Returns the releasing transactions (the same ones again when already released).
    Raises UnknownUnit, UnitClosed when the unit was settled.
    """

    def work() -> list[Transaction]:
        with transaction.atomic():
            unit = _lock_unit(unit_id)
            if unit.status == UnitStatus.SETTLED:
                raise UnitClosed("unit_closed", f"unit {unit_id} is settled")
            if unit.status == UnitStatus.RELEASED:
                keys = [f"release:{unit_id}:{seat}" for seat in range(unit.seats)]
                return sorted(Transaction.objects.filter(key__in=keys), key=lambda t: keys.index(t.key))
            released = [
                reverse(
                    s.reserve_transaction,
                    key=f"release:{unit_id}:{s.seat}",
                    actor_id=actor_id,
                    reason=reason,
                    kind=TransactionKind.RELEASE,
                )
                for s in unit.seat_set.select_related("reserve_transaction").order_by("seat")
            ]
            if unit.status == UnitStatus.OPEN:
                SettlementUnit.objects.filter(pk=unit.pk).update(
                    status=UnitStatus.RELEASED, closed_at=timezone.now()
                )
            return released

    return run_with_retries(work)
