"""The match around the deals: start state, next dealer, match end and standings (docs/rules/tarock.md §8)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engines.core import IllegalAction, NextRound
from games.engines.core.standings import competition_places
from games.engines.core.wire import is_json_int

from .scoring import score
from .state import TarockState, next_seat


def read_start(start: Mapping[str, Any] | None) -> dict[str, Any]:
    """The match state before a deal (§8): `{"totals": [4 ints], "deals_played": k}`, zeros by default.

    Raises:
        IllegalAction("bad_options"): a malformed start object (it is part of the table's settings).
    """
    if start is None:
        return {"totals": [0, 0, 0, 0], "deals_played": 0}
    if not isinstance(start, Mapping) or not set(start) <= {"totals", "deals_played"}:
        raise IllegalAction("bad_options", 'start is {"totals": [4 ints], "deals_played": k}')
    totals = start.get("totals", [0, 0, 0, 0])
    played = start.get("deals_played", 0)
    if (
        not isinstance(totals, list)
        or len(totals) != 4
        or not all(is_json_int(t) for t in totals)
        or not is_json_int(played)
        or played < 0
    ):
        raise IllegalAction("bad_options", 'start is {"totals": [4 ints], "deals_played": k}')
    return {"totals": list(totals), "deals_played": played}


def places(totals: list[int]) -> list[int]:
    """Place per seat, 1 = best; equal totals share a place (§8 "Standings")."""
    return competition_places([-total for total in totals])


def round_scores(state: TarockState) -> list[int] | None:
    """Seat deltas of this deal (§6.4); zeros for a redeal; None before `done`."""
    if state.phase != "done":
        return None
    if state.redeal is not None:
        return [0, 0, 0, 0]
    return list(score(state)["deltas"])


def _totals_after(state: TarockState) -> list[int]:
    deltas = round_scores(state) or [0, 0, 0, 0]
    return [t + d for t, d in zip(state.start["totals"], deltas, strict=True)]


def _deals_after(state: TarockState) -> int:
    played: int = state.start["deals_played"]
    return played + (0 if state.redeal is not None else 1)


def next_round(state: TarockState) -> NextRound | None:
    """§8: same dealer after a redeal, next(dealer) after a played deal; None when `deals` are played (or the
    deal is not over)."""
    if state.phase != "done":
        return None
    played = _deals_after(state)
    limit = state.options["deals"]
    if limit and played >= limit:
        return None
    dealer = state.dealer if state.redeal is not None else next_seat(state.dealer)
    return NextRound(dealer, {"totals": _totals_after(state), "deals_played": played})


def standings(state: TarockState) -> dict[str, Any]:
    """`{"scores": cumulative deltas, "ranking": place per seat (1 best, ties share), "over": bool}` (§8)."""
    done = state.phase == "done"
    totals = _totals_after(state) if done else list(state.start["totals"])
    limit = state.options["deals"]
    over = bool(done and limit and _deals_after(state) >= limit)
    return {"scores": totals, "ranking": places(totals), "over": over}
