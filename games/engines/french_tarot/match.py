"""The match around the deals: start state, next dealer, match end and standings (docs/rules/french_tarot.md §3, §8)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engines.core import IllegalAction

from .options import parse_match_end
from .state import SEATS


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
        or any(isinstance(s, bool) or not isinstance(s, int) for s in scores)
    ):
        raise IllegalAction("bad_deal", "start.scores must be a list of 4 integers")
    if isinstance(played, bool) or not isinstance(played, int) or played < 0:
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
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    rows: list[dict[str, int]] = []
    for position, seat in enumerate(order):
        place = rows[-1]["place"] if rows and scores[seat] == rows[-1]["score"] else position + 1
        rows.append({"seat": seat, "score": scores[seat], "place": place})
    return rows
