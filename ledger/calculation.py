"""The settlement calculation of docs/rules/settlement.md "Steps" 1–6: pure functions over integers, no Django.

All money is in integer minor units (cents); rates are integer basis points (900 = 9 %). The booking of the
result (step 7) is `ledger.settlement`'s job; this module only computes it, so the same code serves the
posting, the reports and the property tests.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

BASIS_POINTS = 10_000

Payment = tuple[int, int, int]
Band = tuple[int, int]


class CalculationError(ValueError):
    """The input breaks docs/rules/settlement.md's terms (negative units, a seat that is not seated, no bands...)."""


@dataclass(frozen=True)
class SettlementCalculation:
    """Everything docs/rules/settlement.md step 7 records for one settlement unit.

    Fields (money in minor units, seats 0-based, lists indexed by seat):
        stake, limit        the table's money per game unit and cap per payment.
        seats               number of seated players (bots included, eliminated Rummy seats not).
        payments            the engine's payments `(payer, payee, units)` as given.
        money_payments      `(payer, payee, money)` per ordered seat pair after step 1 (summed, then capped).
        deltas              Δ per seat (step 2); sums to 0.
        total_won           T (step 3).
        value               V (step 4).
        rate_bp             rate(V) in basis points (step 5).
        per_player          c (step 5).
        commission          C (step 5).
        shares              each seat's part of C (step 6); 0 for non-winners; sums to C.
        wallet_changes      what each wallet gains or loses: −|Δ| for losers, Δ − share for winners.
    """

    stake: int
    limit: int
    seats: int
    payments: tuple[Payment, ...]
    money_payments: tuple[Payment, ...]
    deltas: tuple[int, ...]
    total_won: int
    value: int
    rate_bp: int
    per_player: int
    commission: int
    shares: tuple[int, ...]
    wallet_changes: tuple[int, ...]

    def to_json(self) -> dict[str, object]:
        """Return the calculation as a JSON-ready dict (lists instead of tuples)."""
        return {
            "stake": self.stake,
            "limit": self.limit,
            "seats": self.seats,
            "payments": [list(p) for p in self.payments],
            "money_payments": [list(p) for p in self.money_payments],
            "deltas": list(self.deltas),
            "total_won": self.total_won,
            "value": self.value,
            "rate_bp": self.rate_bp,
            "per_player": self.per_player,
            "commission": self.commission,
            "shares": list(self.shares),
            "wallet_changes": list(self.wallet_changes),
        }


def divide_half_up(numerator: int, denominator: int) -> int:
    """Return numerator ÷ denominator rounded half up, for numerator ≥ 0 and denominator > 0.

    Rounding half up to a minor unit is what docs/rules/settlement.md steps 4 and 5 ask for (1.2333 → 1.23,
    0.1107 → 0.11, 0.125 → 0.13). Raises CalculationError for a negative numerator or a non-positive denominator.
    """
    if numerator < 0 or denominator <= 0:
        raise CalculationError(f"cannot round {numerator}/{denominator}")
    return (2 * numerator + denominator) // (2 * denominator)


def money_payments(payments: Iterable[Payment], stake: int, limit: int, seats: int) -> tuple[Payment, ...]:
    """Step 1: money per payment = units × stake, capped at the limit.

    `payments` are `(payer, payee, units)` with units ≥ 0 and payer ≠ payee, both in 0..seats-1. Several
    entries for the same payer → payee pair are added before the cap, because the limit is "the most one player
    pays one other player in one settlement unit". Returns `(payer, payee, money)` sorted by payer, then payee,
    leaving out zero amounts. Raises CalculationError on a bad seat, negative units, stake < 0 or limit < 0.
    """
    if stake < 0 or limit < 0:
        raise CalculationError("stake and limit must be ≥ 0")
    per_pair: dict[tuple[int, int], int] = {}
    for payer, payee, units in payments:
        if units < 0:
            raise CalculationError(f"negative units in payment {payer}->{payee}")
        if payer == payee or not (0 <= payer < seats and 0 <= payee < seats):
            raise CalculationError(f"bad seats in payment {payer}->{payee} for {seats} seats")
        per_pair[(payer, payee)] = per_pair.get((payer, payee), 0) + units * stake
    capped = ((payer, payee, min(money, limit)) for (payer, payee), money in sorted(per_pair.items()))
    return tuple(p for p in capped if p[2] > 0)


def net_deltas(money: Iterable[Payment], seats: int) -> tuple[int, ...]:
    """Step 2: Δᵢ = received − paid for every seat; the result sums to zero."""
    deltas = [0] * seats
    for payer, payee, amount in money:
        deltas[payer] -= amount
        deltas[payee] += amount
    return tuple(deltas)


def rate_for(value: int, bands: Sequence[Band]) -> int:
    """Step 5's rate(V): the band with the highest lower bound ≤ V.

    `bands` are `(lower bound in minor units, rate in basis points)`; one band must start at 0.
    Raises CalculationError when no band covers V.
    """
    chosen: Band | None = None
    for lower, rate in bands:
        if lower <= value and (chosen is None or lower > chosen[0]):
            chosen = (lower, rate)
    if chosen is None:
        raise CalculationError(f"no commission band covers {value}")
    return chosen[1]


def largest_remainder_split(total: int, weights: Sequence[int]) -> tuple[int, ...]:
    """Step 6: split `total` ≥ 0 in proportion to `weights` (each ≥ 0, sum > 0 unless total is 0).

    Each part is floor(total × w ÷ Σw); the units left over go one each to the largest remainders, ties to the
    lower index (seat). The parts add up to `total` exactly and each is within one unit of the exact share.
    """
    weight_sum = sum(weights)
    if total == 0:
        return tuple(0 for _ in weights)
    if weight_sum <= 0 or any(w < 0 for w in weights) or total < 0:
        raise CalculationError("cannot split by these weights")
    floors = [total * w // weight_sum for w in weights]
    remainders = [total * w % weight_sum for w in weights]
    left = total - sum(floors)
    order = sorted(range(len(weights)), key=lambda i: (-remainders[i], i))
    for i in order[:left]:
        floors[i] += 1
    return tuple(floors)


def calculate_settlement(
    payments: Iterable[Payment], *, stake: int, limit: int, seats: int, bands: Sequence[Band]
) -> SettlementCalculation:
    """Run docs/rules/settlement.md steps 1–6 for one settlement unit.

    Args: payments `(payer, payee, game units)`; stake (minor units per unit); limit (minor units per payment);
    seats (seated players, ≥ 2); bands `(lower bound minor units, rate bp)` of the schedule in force.
    Returns a SettlementCalculation whose wallet_changes plus commission sum to zero.
    Raises CalculationError for malformed input.
    """
    if seats < 2:
        raise CalculationError("a settlement needs at least two seats")
    given = tuple((int(a), int(b), int(u)) for a, b, u in payments)
    money = money_payments(given, stake, limit, seats)
    deltas = net_deltas(money, seats)
    winners = [d for d in deltas if d > 0]
    losers = [d for d in deltas if d < 0]
    total_won = sum(winners)
    if total_won == 0:
        value = rate_bp = per_player = commission = 0
    else:
        value = divide_half_up(total_won, max(len(winners), len(losers)))
        rate_bp = rate_for(value, bands)
        per_player = divide_half_up(rate_bp * value, BASIS_POINTS)
        commission = min(total_won, per_player * seats)
    shares = largest_remainder_split(commission, [max(d, 0) for d in deltas])
    changes = tuple(d - s if d > 0 else d for d, s in zip(deltas, shares, strict=True))
    return SettlementCalculation(
        stake=stake,
        limit=limit,
        seats=seats,
        payments=given,
        money_payments=money,
        deltas=deltas,
        total_won=total_won,
        value=value,
        rate_bp=rate_bp,
        per_player=per_player,
        commission=commission,
        shares=shares,
        wallet_changes=changes,
    )


def worst_case(limit: int, seats: int) -> int:
    """A seat's worst case for one settlement unit: limit × (players − 1) (docs/rules/settlement.md "Money safety")."""
    return limit * (seats - 1)


DEFAULT_BANDS: tuple[Band, ...] = ((0, 1000), (100, 900), (500, 800), (2000, 700))
"""docs/rules/settlement.md "Default commission schedule" for a currency with two decimals."""
