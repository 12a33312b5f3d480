"""End of a deal, payments and the match: penalties, places, eliminations, the next deal (docs/rules/rummy.md §6, §8, §9)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engines.core.errors import IllegalAction

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
    pens = penalties(state)
    pays = payments(state)
    deltas: list[int | None] = [None if p is None else -p for p in pens]
    deltas[state.winner] = sum(units for _, _, units in pays)  # type: ignore[index]
    return {
        "winner": state.winner,
        "hand_jolly": state.hand_jolly,
        "penalties": pens,
        "payments": [list(p) for p in pays],
        "deltas": deltas,
    }


def read_start(
    start: Mapping[str, Any] | None, seats: int, hands: list[list[str] | None], limit: int
) -> tuple[list[int], int, list[int | None]]:
    """Read the match state before a deal (rules §8): `(totals, deals_played, eliminated_in)`.

    `start` is `{"totals": [n ints], "deals_played": k}` with an optional `"eliminated_in"` (per seat the deal
    number that eliminated it, or null); seats with a null hand are out of the match.

    Raises:
        IllegalAction: `bad_deal` when the shape is wrong or an active seat is above the limit.
    """
    if start is None:
        start = {}
    if not isinstance(start, Mapping) or set(start) - {"totals", "deals_played", "eliminated_in"}:
        raise IllegalAction("bad_deal", "start is {totals, deals_played}")
    totals = start.get("totals", [0] * seats)
    played = start.get("deals_played", 0)
    if (
        not isinstance(totals, list)
        or len(totals) != seats
        or any(isinstance(t, bool) or not isinstance(t, int) or t < 0 for t in totals)
    ):
        raise IllegalAction("bad_deal", "start.totals is one non-negative integer per seat")
    if isinstance(played, bool) or not isinstance(played, int) or played < 0:
        raise IllegalAction("bad_deal", "start.deals_played is a non-negative integer")
    out = start.get("eliminated_in")
    if out is None:
        out = [None if hands[s] is not None else 0 for s in range(seats)]
    if (
        not isinstance(out, list)
        or len(out) != seats
        or any(
            (o is None) != (hands[s] is not None)
            or (o is not None and (isinstance(o, bool) or not isinstance(o, int)))
            for s, o in enumerate(out)
        )
    ):
        raise IllegalAction("bad_deal", "start.eliminated_in must match the null hands")
    if any(hands[s] is not None and totals[s] > limit for s in range(seats)):
        raise IllegalAction("bad_deal", "a seat above the limit is out of the match")
    return list(totals), played, list(out)


def totals_after(state: RummyState) -> list[int]:
    """Match totals after this deal (a void or unfinished deal changes nothing; rules §8)."""
    if state.phase != DONE or state.void:
        return list(state.totals)
    return [t + (p or 0) for t, p in zip(state.totals, penalties(state))]


def eliminated_after(state: RummyState) -> list[int | None]:
    """Per seat the deal number that eliminated it, after this deal (strictly above the limit; rules §8)."""
    out = list(state.eliminated_in)
    if state.phase != DONE or state.void:
        return out
    totals = totals_after(state)
    for seat, hand in enumerate(state.hands):
        if hand is not None and totals[seat] > state.options["limit"]:
            out[seat] = state.deals_played + 1
    return out


def places(totals: list[int], eliminated_in: list[int | None]) -> list[int]:
    """Competition ranking per seat (rules §8): seats still in first (lower total better), then eliminated
    seats by elimination order (later is better), the same deal by lower total; equal keys share a place."""

    def key(seat: int) -> tuple[int, int, int]:
        out = eliminated_in[seat]
        return (0, 0, totals[seat]) if out is None else (1, -out, totals[seat])

    keys = [key(s) for s in range(len(totals))]
    return [1 + sum(1 for other in keys if other < keys[s]) for s in range(len(totals))]
