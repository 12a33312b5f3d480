"""The match around the rounds: start state, next dealer, match end and standings (docs/rules/jass.md §8)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engines.core import IllegalAction, NextRound
from games.engines.core.standings import competition_places
from games.engines.core.wire import is_json_int

from .scoring import differenzler_winner, match_totals, penalties, round_total
from .state import DONE, SCHIEBER, JassState


def read_start(start: Mapping[str, Any] | None, variant: str) -> tuple[list[int], int]:
    """Read `start` (§8): `(totals, rounds_played)`, Schieber `{"totals": [2 team totals]}`, Differenzler
    `{"totals": [4 penalty totals], "rounds_played": k}`; None means zeros.

    Raises:
        IllegalAction: `bad_deal` when `start` is malformed.
    """
    teams = variant == SCHIEBER
    size = 2 if teams else 4
    if start is None:
        return [0] * size, 0
    keys = {"totals"} if teams else {"totals", "rounds_played"}
    totals = start.get("totals") if isinstance(start, Mapping) else None
    if (
        not isinstance(start, Mapping)
        or not set(start) <= keys
        or not isinstance(totals, list)
        or len(totals) != size
        or any(not is_json_int(t) or t < 0 for t in totals)
    ):
        raise IllegalAction("bad_deal", f"start is {{'totals': [{size} integers ≥ 0]}}")
    rounds = start.get("rounds_played", 0)
    if not is_json_int(rounds) or rounds < 0:
        raise IllegalAction("bad_deal", "rounds_played is an integer ≥ 0")
    return list(totals), rounds


def next_round(state: JassState) -> NextRound | None:
    """After a finished round: the next dealer (dealer + 1) and `start` (docs/rules/jass.md §8), or None when this
    round ended the match.

    Raises:
        ValueError: the round is not over.
    """
    if state.phase != DONE:
        raise ValueError("the round is not over")
    totals = match_totals(state)
    dealer = (state.dealer + 1) % 4
    if state.variant == SCHIEBER:
        return None if state.ended is not None else NextRound(dealer, {"totals": totals})
    if differenzler_winner(totals, state.rounds_played + 1) is not None:
        return None
    return NextRound(dealer, {"totals": totals, "rounds_played": state.rounds_played + 1})


def round_scores(state: JassState) -> list[int] | None:
    """Per seat, higher is better: Schieber its team's points credited this round (after the multiplier);
    Differenzler minus its penalty (docs/rules/jass.md §6.2, §6.4). None while the round is not over."""
    if state.phase != DONE:
        return None
    if state.variant == SCHIEBER:
        return [round_total(state, s % 2) for s in range(4)]
    return [-p for p in penalties(state)]


def standings(state: JassState) -> dict[str, Any]:
    """`{"scores": per seat match total, "ranking": per seat place (1 best, ties share), "over": bool}`.

    Schieber: scores are team totals (higher better; once over, the winners are first whatever the totals).
    Differenzler: penalty totals, ascending (docs/rules/jass.md §8).
    """
    totals = match_totals(state)
    if state.variant == SCHIEBER:
        scores = [totals[s % 2] for s in range(4)]
        if state.ended is not None:
            ranking = [1 if s % 2 == state.ended.winner_team else 2 for s in range(4)]
        else:
            ranking = competition_places([-score for score in scores])
        return {"scores": scores, "ranking": ranking, "over": state.ended is not None}
    rounds = state.rounds_played + (1 if state.phase == DONE else 0)
    over = state.phase == DONE and differenzler_winner(totals, rounds) is not None
    return {"scores": totals, "ranking": competition_places(totals), "over": over}
