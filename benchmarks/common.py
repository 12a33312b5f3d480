"""Helpers shared by the benchmark scripts: the registry on the path, playing one round with bots, statistics.

Benchmarks are generic over the registry (`--game KEY`, default every registered game): they use only the Game
protocol (games/engines/core/protocol.py), never a game's internals.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engines.core import Game, RuleError, all_games, get_game


def selected_games(key: str | None) -> list[tuple[str, Game]]:
    """`[(key, game)]` for `--game KEY`, or every registered game."""
    if key:
        game = get_game(key)
        return [(game.key, game)]
    return list(all_games().items())


def seat_rng(*parts: int) -> random.Random:
    """A seeded rng for one seat of one deal, independent of what other seats do."""
    seed = 0
    for part in parts:
        seed = seed * 1_000_003 + part
    return random.Random(seed)


Chooser = Callable[[Any, int], Any]


def play_round(game: Game, options: dict[str, Any], deal_seed: int, choose: Chooser) -> Any:
    """Deal round `deal_seed` (dealer = seed mod seats) and play it to the end with `choose(state, seat)`.

    When several seats may act, they are asked in seat order and the first action is applied; `choose` may
    return None for a seat that is in `to_act` only for an optional call (e.g. Jass's "Enough, thanks"). If every
    seat passes that way, the lowest seat's timeout action is applied. An action the game refuses is reported
    on stderr and replaced by the timeout action, so a faulty bot is visible without stopping a long run.
    """
    seats = game.seat_count(options)
    dealer = deal_seed % seats
    deal = game.deal_cards(random.Random(deal_seed), dealer, options)
    state = game.new_round(options, deal, dealer)
    steps = 0
    while game.result(state) is None:
        acting = sorted(game.to_act(state))
        seat, action = acting[0], None
        for candidate in acting:
            action = choose(state, candidate)
            if action is not None:
                seat = candidate
                break
        if action is None:
            action = game.timeout_action(state, seat)
        try:
            state = game.apply(state, seat, action)
        except RuleError as error:
            print(
                f"warning: {game.key} deal {deal_seed} seat {seat}: {action!r} refused ({error.code})",
                file=sys.stderr,
            )
            state = game.apply(state, seat, game.timeout_action(state, seat))
        steps += 1
        if steps > 10_000:
            raise RuntimeError(f"{game.key} deal {deal_seed} does not end")
    return state


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    if not values:
        return math.nan, math.nan
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def percentile(values: Sequence[float], q: float) -> float:
    """The q-quantile (0..1) of `values` by nearest rank."""
    ordered = sorted(values)
    if not ordered:
        return math.nan
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]
