"""Jass engine speed and bot decision times (Schieber and Differenzler).

Engine: rounds per second with random legal actions through the Game protocol (every seat in `to_act`
considered, as the service does). Bots: each level's decision time (mean, median, 95th percentile) over
self-play rounds, the expert at its default playout budget unless `--playouts` is given.

    python benchmarks/jass_bench.py [--rounds 1000] [--bot-rounds 10] [--playouts 64]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from jass_common import jass_game, percentile, play_round_with_bots

from games.engines.core import BOT_LEVELS
from games.engines.jass.actions import THANKS


def engine_rounds_per_second(variant: str, rounds: int) -> float:
    """Random legal rounds per second (predictions and modes random too)."""
    game = jass_game(variant)
    rng = random.Random(2)
    began = time.perf_counter()
    for n in range(rounds):
        dealer = n % 4
        state = game.new_round(None, game.deal_cards(rng, dealer), dealer)
        while game.phase(state) != "done":
            seat = state.to_play() if game.phase(state) == "play" else min(game.to_act(state))
            legal = [a for a in game.legal_actions(state, seat) if a != THANKS]
            state = game.apply(state, seat, rng.choice(legal))
    return rounds / (time.perf_counter() - began)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--bot-rounds", type=int, default=10)
    parser.add_argument("--playouts", type=int, default=None)
    args = parser.parse_args()
    for variant in ("schieber", "differenzler"):
        print(f"jass-{variant} engine: {engine_rounds_per_second(variant, args.rounds):,.0f} random rounds/s")
        game = jass_game(variant)
        for level in BOT_LEVELS:
            timings: dict[str, list[float]] = {}
            bots = [game.bot(level, args.playouts) for _ in range(4)]
            for n in range(args.bot_rounds):
                play_round_with_bots(game, {}, 500 + n, bots, timings=timings)
            times = timings[level]
            print(
                f"jass-{variant} bot {level}: {len(times)} decisions, mean {1000 * statistics.fmean(times):.2f} ms, "
                f"median {1000 * statistics.median(times):.2f} ms, p95 {1000 * percentile(times, 0.95):.2f} ms"
            )


if __name__ == "__main__":
    main()
