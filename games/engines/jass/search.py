"""The expert bot's determinized search: play the rest of a round out on a sampled world (`worlds.py`).

Playouts use the heuristic policy for every seat and the engine's own legality and trick functions
(docs/rules/jass.md §5.3, §6.1); `bots.py` compares its candidates over the same worlds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import trick_points, winning_index
from .heuristics import choose_card
from .legality import legal_cards
from .state import TRICKS


@dataclass
class Playout:
    """The remaining play of a round and its outcome: card points and tricks per seat from here on."""

    points: list[int]
    tricks: list[int]


def play_out(
    hands: list[list[str]],
    trick: list[str],
    leader: int,
    mode: str,
    variant: str,
    tricks_done: int,
    wants: list[int] | None = None,
    points_before: Sequence[int] = (0, 0, 0, 0),
) -> Playout:
    """Play the rest of the round with the heuristic policy for every seat (hands are consumed).

    Args:
        hands: every seat's cards; `trick` the cards already in the current trick, led by `leader`.
        tricks_done: tricks completed before the current one (the ninth earns the last-trick 5).
        wants: Differenzler only, each seat's prediction: a seat wants points while below it.
        points_before: Differenzler card points already taken per seat.
    """
    teams = wants is None
    points = [0, 0, 0, 0]
    tricks = [0, 0, 0, 0]
    trick = list(trick)
    done = tricks_done
    while done < TRICKS:
        while len(trick) < 4:
            seat = (leader + len(trick)) % 4
            legal = legal_cards(hands[seat], trick, mode, variant)
            want = True if wants is None else points_before[seat] + points[seat] < wants[seat]
            card = choose_card(legal, trick, mode, seat, leader, teams, want)
            hands[seat].remove(card)
            trick.append(card)
        done += 1
        winner = (leader + winning_index(trick, mode)) % 4
        points[winner] += trick_points(trick, mode, done == TRICKS)
        tricks[winner] += 1
        leader = winner
        trick = []
    return Playout(points, tricks)
