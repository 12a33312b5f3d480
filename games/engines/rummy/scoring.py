"""The end of a deal: penalties, payments and the result (docs/rules/rummy.md §6, §9)."""

from __future__ import annotations

from typing import Any

from .cards import hand_penalty
from .state import DONE, RummyState


def penalties(state: RummyState) -> list[int | None]:
    """Each seat's penalty for a finished, scored deal: 0 for the winner, null for seats out (rules §6)."""
    double = 2 if state.hand_jolly and state.options["hand_jolly"] else 1
    out: list[int | None] = []
    for seat, hand in enumerate(state.hands):
        if hand is None:
            out.append(None)
        else:
            out.append(0 if seat == state.winner else hand_penalty(hand) * double)
    return out


def payments(state: RummyState) -> list[tuple[int, int, int]]:
    """`(loser, winner, penalty)` for every loser, sorted by payer (rules §6, §9)."""
    winner = state.winner
    assert winner is not None
    return [(seat, winner, p) for seat, p in enumerate(penalties(state)) if p is not None and seat != winner]


def result(state: RummyState) -> dict[str, Any] | None:
    """The result JSON of rules §6: `{"void": true}` for a void deal, None while the deal is on.

    Shape: `{"winner", "hand_jolly", "penalties", "payments", "deltas"}`; `deltas` are net game units per seat
    (null for seats out of the match, like `penalties`).
    """
    if state.phase != DONE:
        return None
    if state.void:
        return {"void": True}
    winner = state.winner
    assert winner is not None, "a deal that is not void ends when a seat goes out"
    pens = penalties(state)
    pays = payments(state)
    deltas: list[int | None] = [None if p is None else -p for p in pens]
    deltas[winner] = sum(units for _, _, units in pays)
    return {
        "winner": state.winner,
        "hand_jolly": state.hand_jolly,
        "penalties": pens,
        "payments": [list(p) for p in pays],
        "deltas": deltas,
    }


def settlement(state: RummyState) -> list[tuple[int, int, int]] | None:
    """Each loser pays the winner its penalty (rules §9); None while the deal is on or when it was void."""
    if state.phase != DONE or state.void:
        return None
    return payments(state)
