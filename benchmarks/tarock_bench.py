"""Tarock figures for the closing note: engine speed, bot decision times and bot strength (docs/rules/tarock.md).

Usage:
    python benchmarks/tarock_bench.py [--deals 2000] [--strength-deals 200] [--playouts 150] [--seed 1]

Prints:
- engine: deals per second played to the end with random legal actions (checked path: legal_actions + apply);
- decisions: p50 / p95 bot decision time per level, in milliseconds;
- strength: duplicate matches over seeded deals. For deal d the tested seat is d mod 4; the deal is played
  once with the expert there and once with the baseline there (the other three seats are the baseline in both),
  and the difference of that seat's result (game units) is one sample. Prints the mean difference with its
  95% confidence interval (normal approximation) for expert − beginner and expert − standard.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engines.core import get_game

GAME = get_game("tarock")


def engine_speed(deals: int, seed: int) -> float:
    """Deals per second with random legal play through the checked path."""
    rng = random.Random(seed)
    started = time.perf_counter()
    for n in range(deals):
        state = GAME.new_round({}, GAME.deal_cards(rng, n % 4), n % 4)
        while GAME.phase(state) != "done":
            (seat,) = GAME.to_act(state)
            state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        GAME.result(state)
    return deals / (time.perf_counter() - started)


def play(
    levels: list[str],
    deal: dict,
    dealer: int,
    seed: int,
    playouts: int,
    times: dict[str, list[float]] | None = None,
) -> list[int]:
    """Play one deal with a bot level per seat; returns the seat deltas (zeros for a redeal)."""
    bots = [GAME.bot(level, playouts) for level in levels]
    rng = random.Random(seed)
    state = GAME.new_round({}, deal, dealer)
    while GAME.phase(state) != "done":
        (seat,) = GAME.to_act(state)
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        started = time.perf_counter()
        action = bots[seat].choose(view, seat, legal, rng) or GAME.timeout_action(state, seat)
        if times is not None:
            times[levels[seat]].append(time.perf_counter() - started)
        state = GAME.apply(state, seat, action)
    scores = GAME.round_scores(state)
    assert scores is not None, "a finished round has scores"
    return scores


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def decision_times(deals: int, seed: int, playouts: int) -> dict[str, list[float]]:
    """Decision times per level from mixed tables (every level sits at every seat in turn)."""
    times: dict[str, list[float]] = {"beginner": [], "standard": [], "expert": []}
    rng = random.Random(seed)
    for n in range(deals):
        levels = ["beginner", "standard", "expert", "standard"]
        shift = n % 4
        levels = levels[shift:] + levels[:shift]
        play(levels, GAME.deal_cards(rng, n % 4), n % 4, rng.randrange(2**32), playouts, times)
    return times


def strength(baseline: str, deals: int, seed: int, playouts: int) -> tuple[float, float, float, int]:
    """Duplicate match expert vs `baseline`: (mean difference, CI low, CI high, samples) in game units."""
    rng = random.Random(seed)
    diffs: list[int] = []
    for n in range(deals):
        dealer, seat = n % 4, (n // 4) % 4
        deal, bot_seed = GAME.deal_cards(rng, dealer), rng.randrange(2**32)
        tested = [baseline] * 4
        tested[seat] = "expert"
        with_expert = play(tested, deal, dealer, bot_seed, playouts)[seat]
        without = play([baseline] * 4, deal, dealer, bot_seed, playouts)[seat]
        diffs.append(with_expert - without)
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    return mean, mean - half, mean + half, len(diffs)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--timing-deals", type=int, default=40)
    parser.add_argument("--strength-deals", type=int, default=200)
    parser.add_argument("--playouts", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=["engine", "decisions", "strength"], default=None)
    args = parser.parse_args()
    if args.only in (None, "engine"):
        print(
            f"engine: {engine_speed(args.deals, args.seed):.0f} deals/s (random legal play, {args.deals} deals)"
        )
    if args.only in (None, "decisions"):
        times = decision_times(args.timing_deals, args.seed, args.playouts)
        for level, values in times.items():
            print(
                f"decisions {level}: p50 {1000 * percentile(values, 0.5):.2f} ms, "
                f"p95 {1000 * percentile(values, 0.95):.2f} ms ({len(values)} decisions, "
                f"expert playouts {args.playouts})"
            )
    if args.only in (None, "strength"):
        for baseline in ("beginner", "standard"):
            mean, low, high, n = strength(baseline, args.strength_deals, args.seed, args.playouts)
            print(
                f"strength expert - {baseline}: mean {mean:+.3f} units/deal, 95% CI [{low:+.3f}, {high:+.3f}], "
                f"{n} duplicate deals, expert playouts {args.playouts}"
            )
        sys.stdout.flush()


if __name__ == "__main__":
    main()
