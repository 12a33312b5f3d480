"""Reading a game's match standings (protocol `Game.standings`) the same way for every game."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, Protocol, TypeVar


class _Ordered(Protocol):
    def __lt__(self, other: Any, /) -> bool: ...


K = TypeVar("K", bound=_Ordered)


def competition_places(keys: Sequence[K]) -> list[int]:
    """Competition ranking ("1, 2, 2, 4") of seats by `keys`, one per seat, a lower key placing better.

    Returns each seat's place: 1 + the number of seats whose key is strictly lower, so equal keys share a place.
    Every game's §8 standings use it: French Tarot and Tarock rank by `-score`, Schieber by `-team total`,
    Differenzler by penalty total, Rummy by `(eliminated, -deal of elimination, total)`.
    """
    return [1 + sum(1 for other in keys if other < mine) for mine in keys]


def places(standings: Mapping[str, Any]) -> list[int] | None:
    """The place of each seat (1 = first; seats that tie share a place) from a standings object.

    Args:
        standings: `{"scores", "ranking", "over"}` as `Game.standings` returns it; `ranking` is either a place
            per seat (Jass, Tarock, Rummy) or French Tarot's `[{"seat", "score", "place"}, ...]`
            (docs/rules/french_tarot.md §8).
    Returns a list of places indexed by seat, or None when the standings hold no ranking.
    """
    ranking = standings.get("ranking") if standings else None
    if not ranking:
        return None
    if isinstance(ranking[0], Mapping):
        by_seat = [0] * len(ranking)
        for entry in ranking:
            by_seat[entry["seat"]] = entry["place"]
        return by_seat
    return [int(place) for place in ranking]


def declaring_sides(declaring: Collection[int], value: int, seats: int) -> list[tuple[int, int]]:
    """A deal's two sides for the ratings (`Game.deal_sides`): the `declaring` seats (side 0) against the others
    (side 1), each seat's `(side, place)`. The declaring side is first when `value` (its score or gain) is
    positive, last when negative, and both tie at 0."""
    mine, theirs = (1, 2) if value > 0 else (2, 1) if value < 0 else (1, 1)
    return [(0, mine) if seat in declaring else (1, theirs) for seat in range(seats)]


def match_sides(
    groups: Sequence[Sequence[int]], standings: Mapping[str, Any]
) -> list[tuple[int, int]] | None:
    """A finished match's sides for the ratings (a game rated per match): each of the game's seat groups
    (Game.seat_groups: Schieber's pairs 0+2 and 1+3, everyone alone in Differenzler and Rummy) one side, placed by
    the final standings (its rules file's §8; partners share their place). Per seat `(side, place)`, place 1 the
    best; None when the standings hold no ranking."""
    final = places(standings)
    if final is None:
        return None
    side = {seat: index for index, group in enumerate(groups) for seat in group}
    return [(side[seat], place) for seat, place in enumerate(final)]
