"""The match around the deals: start state, eliminations, places and the next deal (docs/rules/rummy.md §3, §8)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engines.core import NextRound
from games.engines.core.errors import IllegalAction
from games.engines.core.standings import competition_places
from games.engines.core.wire import is_json_int

from .scoring import penalties, result
from .state import DONE, RummyState


def active_seats(seats: int, limit: int, start: Mapping[str, Any] | None) -> list[int]:
    """The seats still in the match before a deal (rules §8): those `start` does not list as eliminated, or, when
    it has no `eliminated_in`, those whose total is not above `limit`."""
    out = (start or {}).get("eliminated_in")
    if out is None:
        totals = (start or {}).get("totals") or [0] * seats
        return [s for s in range(seats) if totals[s] <= limit]
    return [s for s in range(seats) if out[s] is None]


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
        or any(not is_json_int(t) or t < 0 for t in totals)
    ):
        raise IllegalAction("bad_deal", "start.totals is one non-negative integer per seat")
    if not is_json_int(played) or played < 0:
        raise IllegalAction("bad_deal", "start.deals_played is a non-negative integer")
    out = start.get("eliminated_in")
    if out is None:
        out = [None if hands[s] is not None else 0 for s in range(seats)]
    if (
        not isinstance(out, list)
        or len(out) != seats
        or any(
            (o is None) != (hands[s] is not None) or (o is not None and not is_json_int(o))
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
    return [t + (p or 0) for t, p in zip(state.totals, penalties(state), strict=True)]


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

    return competition_places([key(s) for s in range(len(totals))])


def next_round(state: RummyState) -> NextRound | None:
    """The next deal (rules §3, §8): the same dealer after a void deal; else the first active seat after the
    old dealer, with updated totals; None when one seat is left (or the deal is not over)."""
    if state.phase != DONE:
        return None
    eliminated_in = eliminated_after(state)
    active = [s for s in range(state.seats) if eliminated_in[s] is None]
    if len(active) <= 1:
        return None
    played = state.deals_played + (0 if state.void else 1)
    start = {"totals": totals_after(state), "deals_played": played, "eliminated_in": eliminated_in}
    if state.void:
        return NextRound(state.dealer, start)
    dealer = next(
        (state.dealer + k) % state.seats
        for k in range(1, state.seats + 1)
        if eliminated_in[(state.dealer + k) % state.seats] is None
    )
    return NextRound(dealer, start)


def round_scores(state: RummyState) -> list[int] | None:
    """Net game units per seat from this deal (the result's `deltas`, 0 for seats out; void: all 0)."""
    done = result(state)
    if done is None:
        return None
    if done.get("void"):
        return [0] * state.seats
    return [d or 0 for d in done["deltas"]]


def standings(state: RummyState) -> dict[str, Any]:
    """`{"scores": totals (penalty points, lower is better), "ranking": places per seat (rules §8), "over",
    "eliminated": per seat bool}` after this deal."""
    totals = totals_after(state)
    eliminated_in = eliminated_after(state)
    active = sum(o is None for o in eliminated_in)
    return {
        "scores": totals,
        "ranking": places(totals, eliminated_in),
        "over": state.phase == DONE and active <= 1,
        "eliminated": [o is not None for o in eliminated_in],
    }
