"""The match around the deals: start state, next dealer, match end and standings (docs/rules/french_tarot.md §3, §8)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engines.core import IllegalAction, NextRound
from games.engines.core.standings import competition_places
from games.engines.core.wire import is_json_int

from .options import parse_match_end
from .scoring import result
from .state import SEATS, TarotState


def read_start(start: Mapping[str, Any] | None) -> tuple[tuple[int, ...], int]:
    """Read a §8 `start` object: `{"scores": [4 ints], "deals_played": k}` (None or missing keys → zeros).

    Raises:
        IllegalAction: `bad_deal` when `start` is malformed (wrong types or lengths, negative count).
    """
    if start is None:
        return (0, 0, 0, 0), 0
    if not isinstance(start, Mapping):
        raise IllegalAction("bad_deal", "start must be an object")
    scores = start.get("scores", [0, 0, 0, 0])
    played = start.get("deals_played", 0)
    if (
        not isinstance(scores, (list, tuple))
        or len(scores) != SEATS
        or not all(is_json_int(s) for s in scores)
    ):
        raise IllegalAction("bad_deal", "start.scores must be a list of 4 integers")
    if not is_json_int(played) or played < 0:
        raise IllegalAction("bad_deal", "start.deals_played must be a non-negative integer")
    return tuple(scores), played


def match_over(match_end: str, scores: Sequence[int], deals_played: int) -> bool:
    """Whether the match ends after a scored deal that leaves `scores` and `deals_played` (§8)."""
    kind, n = parse_match_end(match_end)
    if kind == "deals":
        assert n is not None
        return deals_played >= n
    if kind == "target":
        assert n is not None
        return max(scores) >= n
    return False


def ranking(scores: Sequence[int]) -> list[dict[str, int]]:
    """Seats by cumulative score, highest first; equal scores share a place (competition ranking 1, 2, 2, 4)."""
    places = competition_places([-score for score in scores])
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    return [{"seat": seat, "score": scores[seat], "place": places[seat]} for seat in order]


def round_scores(state: TarotState) -> list[int] | None:
    """Each seat's score change of the deal (zeros when annulled), None while playing."""
    done = result(state)
    return None if done is None else list(done["scores"])


def match_scores(state: TarotState, changes: Sequence[int] | None) -> list[int]:
    """Cumulative match scores: the `start` scores plus this deal's `changes` once it is over (§8)."""
    if changes is None:
        return list(state.start_scores)
    return [a + b for a, b in zip(state.start_scores, changes, strict=True)]


def next_round(state: TarotState) -> NextRound | None:
    """After a finished deal (§3, §8): same dealer after petit sec, next dealer otherwise; None when the
    match is over. Annulled deals leave scores and `deals_played` unchanged.

    Raises:
        IllegalAction: `wrong_phase` while the deal is being played.
    """
    if state.phase != "done":
        raise IllegalAction("wrong_phase", "the deal is not over")
    if state.annulment is not None:
        dealer = state.dealer if state.annulment[0] == "petit_sec" else (state.dealer + 1) % SEATS
        start = {"scores": list(state.start_scores), "deals_played": state.deals_played}
        return NextRound(dealer, start)
    scores = match_scores(state, round_scores(state))
    played = state.deals_played + 1
    if match_over(state.options["match_end"], scores, played):
        return None
    return NextRound((state.dealer + 1) % SEATS, {"scores": scores, "deals_played": played})


def standings(state: TarotState) -> dict[str, Any]:
    """`{"scores": match totals, "ranking": [{"seat", "score", "place"}...], "over": bool}` (§8)."""
    scores = match_scores(state, round_scores(state))
    over = state.phase == "done" and next_round(state) is None
    return {"scores": scores, "ranking": ranking(scores), "over": over}
