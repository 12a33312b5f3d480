"""Counting the camps and scoring a finished deal (docs/rules/french_tarot.md §6.2-§6.5, §9).

All counting is in integer half-points; the result JSON shows points (`x` or `x.5`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import BOUTS, EXCUSE, HALF_POINTS, PETIT
from .legality import HANDFUL_SIZES
from .state import MULTIPLIER, SEATS, TRICKS_PER_DEAL, TarotState, Trick

TARGET_HALF_POINTS: dict[int, int] = {0: 112, 1: 102, 2: 82, 3: 72}  # bouts -> target (56, 51, 41, 36) × 2


def excuse_wins_last_trick(
    tricks: tuple[Trick, ...], winners: tuple[int, ...], taker: int, profile: str
) -> bool:
    """§6.2 (b), `fft` only: `EX` in trick 18 wins it when its player's camp won all 17 previous tricks.

    Args:
        tricks: the 18 tricks (the last one complete) and `winners` of the first 17 at least.
    """
    if profile != "fft" or len(tricks) != TRICKS_PER_DEAL:
        return False
    for seat, card in tricks[-1]:
        if card == EXCUSE:
            own_camp = seat == taker
            return all((w == taker) == own_camp for w in winners[: TRICKS_PER_DEAL - 1])
    return False


@dataclass(frozen=True)
class CampCount:
    """What the taker's camp holds at the end of play.

    Attributes:
        half_points: the taker camp's points ×2 after the §6.2 Excuse adjustments (defence = 182 − this).
        bouts: bouts the taker's camp holds (0-3).
        petit_au_bout: "taker", "defence" or None (§6.4).
        taker_tricks / defence_tricks: tricks won by each camp.
    """

    half_points: int
    bouts: int
    petit_au_bout: str | None
    taker_tricks: int
    defence_tricks: int


def count_camps(state: TarotState) -> CampCount:
    """Count the camps of a deal whose 18 tricks are played (§6.2, §6.3, petit au bout of §6.4)."""
    taker = state.taker
    assert taker is not None and state.contract is not None
    fft = state.profile == "fft"
    half = 0
    bouts = 0
    last = TRICKS_PER_DEAL - 1
    for index, (trick, winner) in enumerate(zip(state.tricks, state.winners, strict=True)):
        taker_won = winner == taker
        for seat, card in trick:
            owner_is_taker = seat == taker
            if card == EXCUSE and index < last and owner_is_taker != taker_won:
                # §6.2 (a): the Excuse stays with its owner's camp; fft compensates the winner by half a point.
                owner_value, winner_value = (8, 1) if fft else (9, 0)
                half += owner_value if owner_is_taker else winner_value
                bouts += 1 if owner_is_taker else 0
                continue
            if taker_won:
                half += HALF_POINTS[card]
                bouts += 1 if card in BOUTS else 0
    if state.contract in ("petite", "garde"):
        kept = state.discard or ()
    elif state.contract == "garde_sans":
        kept = state.dog
    else:
        kept = ()
    half += sum(HALF_POINTS[c] for c in kept)
    bouts += sum(1 for c in kept if c in BOUTS)
    taker_tricks = sum(1 for w in state.winners if w == taker)
    return CampCount(half, bouts, _petit_au_bout(state), taker_tricks, TRICKS_PER_DEAL - taker_tricks)


def _petit_au_bout(state: TarotState) -> str | None:
    taker = state.taker

    def camp(seat: int) -> str:
        return "taker" if seat == taker else "defence"

    last_trick = state.tricks[-1]
    if any(card == PETIT for _, card in last_trick):
        return camp(state.winners[-1])
    assert taker is not None
    excuse_took_last = excuse_wins_last_trick(state.tricks, state.winners, taker, state.profile)
    if excuse_took_last and any(card == PETIT for _, card in state.tricks[-2]):
        return camp(state.winners[-2])
    return None


def _points_json(half_points: int) -> int | float:
    return half_points // 2 if half_points % 2 == 0 else half_points / 2


def counted_points(half_points: int, target: int) -> int:
    """Counted points c of §6.3: p if whole, else rounded up when p > target and down otherwise."""
    if half_points % 2 == 0:
        return half_points // 2
    return (half_points + 1) // 2 if half_points > 2 * target else (half_points - 1) // 2


def payments_for(taker: int, value: int) -> list[list[int]]:
    """Payments of §9 sorted by payer then payee: `[payer, payee, units]`."""
    defenders = [s for s in range(SEATS) if s != taker]
    if value > 0:
        return [[d, taker, value] for d in defenders]
    if value < 0:
        return sorted([[taker, d, -value] for d in defenders])
    return []


def score_deal(state: TarotState) -> dict[str, Any]:
    """The §6.5 result JSON of a deal whose 18 tricks are played (items in §6.4 order)."""
    taker, contract = state.taker, state.contract
    assert taker is not None and contract is not None
    fft = state.profile == "fft"
    m = MULTIPLIER[contract]
    count = count_camps(state)
    target = TARGET_HALF_POINTS[count.bouts] // 2
    counted = counted_points(count.half_points, target)
    diff = counted - target
    made = diff >= 0
    sign = 1 if made else -1
    items: list[dict[str, Any]] = [{"item": "contract", "value": sign * (25 + abs(diff)) * m}]
    if count.petit_au_bout is not None:
        bonus = 10 * m if fft else 10
        items.append(
            {
                "item": "petit_au_bout",
                "camp": count.petit_au_bout,
                "value": bonus if count.petit_au_bout == "taker" else -bonus,
            }
        )
    for seat, cards in state.handfuls:
        items.append(
            {"item": "handful", "seat": seat, "size": len(cards), "value": sign * HANDFUL_SIZES[len(cards)]}
        )
    if fft:
        taker_slam = count.taker_tricks == TRICKS_PER_DEAL
        if state.slam_announced and taker_slam:
            items.append({"item": "slam", "kind": "announced_made", "value": 400})
        elif taker_slam:
            items.append({"item": "slam", "kind": "made", "value": 200})
        elif state.slam_announced:
            items.append({"item": "slam", "kind": "announced_failed", "value": -200})
        if count.defence_tricks == TRICKS_PER_DEAL:
            items.append({"item": "defence_slam", "value": -200})
    value = sum(item["value"] for item in items)
    scores = [3 * value if s == taker else -value for s in range(SEATS)]
    return {
        "status": "scored",
        "taker": taker,
        "contract": contract,
        "multiplier": m,
        "slam_announced": bool(state.slam_announced),
        "points": _points_json(count.half_points),
        "counted": counted,
        "bouts": count.bouts,
        "target": target,
        "diff": diff,
        "made": made,
        "items": items,
        "value": value,
        "scores": scores,
        "payments": payments_for(taker, value),
    }


def result(state: TarotState) -> dict[str, Any] | None:
    """The §6.5 result JSON of a finished deal (scored or annulled), or None while the deal is being played."""
    if state.phase != "done":
        return None
    if state.annulment is not None:
        return annulled_result(*state.annulment)
    return score_deal(state)


def settlement(state: TarotState) -> list[tuple[int, int, int]] | None:
    """The §9 payments `(payer, payee, units)` of a scored deal; None while playing or after an annulment."""
    done = result(state)
    if done is None or done["status"] != "scored":
        return None
    return [(p, q, units) for p, q, units in done["payments"]]


def annulled_result(reason: str, seat: int | None) -> dict[str, Any]:
    """The §6.5 result of an annulled deal (`all_passed` or `petit_sec`)."""
    return {"status": "annulled", "reason": reason, "seat": seat, "scores": [0, 0, 0, 0], "payments": []}
