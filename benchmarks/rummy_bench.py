"""Rummy engine and bot figures (docs/rules/rummy.md): deals per second and decision times per bot level, and bot
strength by duplicate deals.

    python benchmarks/rummy_bench.py speed [--deals 50] [--players 4]
    python benchmarks/rummy_bench.py strength [--deals 200] [--players 2] [--against beginner,standard]

Strength: every seeded deal is played twice with the seats' levels swapped (duplicate), so card luck cancels;
the figure is the expert's mean game units per deal minus the other level's, with a 95% confidence interval
over deals (normal approximation).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import percentile

from games.engines.core import get_game
from games.engines.rummy.bots import make_bot
from games.engines.rummy.rules import RummyGame
from games.engines.rummy.selfplay import next_move

LEVELS = ("beginner", "standard", "expert")
FLAGS: list[str] = []  # expert switches to try, e.g. "-endgame" turns the endgame reading off


def rummy_game() -> RummyGame:
    """The registered `rummy` game."""
    game = get_game("rummy")
    assert isinstance(game, RummyGame)
    return game


def speed(deals: int, players: int, seed: int) -> None:
    game = rummy_game()
    opts = game.normalize_options({"players": players, "kloppen": players > 2})
    for level in LEVELS:
        rng = random.Random(seed)
        bots = [make_bot(level) for _ in range(players)]
        times: list[float] = []
        actions = 0
        t0 = time.perf_counter()
        for i in range(deals):
            state = game.new_round(opts, game.deal_cards(rng, i % players, opts), i % players)
            while state.phase != "done":
                t = time.perf_counter()
                seat, action = next_move(game, state, bots, rng)
                times.append(time.perf_counter() - t)
                state = game.apply(state, seat, action)
                actions += 1
        total = time.perf_counter() - t0
        print(
            f"{level:9s} {players}p: {deals / total:7.2f} deals/s, {actions / deals:5.1f} actions/deal, "
            f"decision mean {1000 * statistics.mean(times):6.2f} ms, p50 {1000 * percentile(times, 0.5):6.2f} ms, "
            f"p95 {1000 * percentile(times, 0.95):6.2f} ms, max {1000 * max(times):7.2f} ms"
        )


def duplicate(
    level_a: str, level_b: str, deals: int, players: int, seed: int, playouts: int | None
) -> list[float]:
    """Per deal: level A's mean game units per seat minus level B's, averaged over the two seatings."""
    game = rummy_game()
    opts = game.normalize_options({"players": players, "kloppen": players > 2})
    rng = random.Random(seed)
    diffs = []
    for i in range(deals):
        order = game.shuffle_deck(rng, opts)
        dealer = i % players
        per_seating = []
        for flip in (0, 1):
            levels = [level_a if (s + flip) % 2 == 0 else level_b for s in range(players)]
            bots = [make_bot(lv, playouts) for lv in levels]
            for bot in bots:
                if bot.level == "expert":
                    for flag in FLAGS:
                        setattr(bot, flag.lstrip("-"), not flag.startswith("-"))
            play_rng = random.Random(seed * 1_000_003 + i)
            state = game.new_round(opts, game.deal_from_order(order, dealer, opts, None), dealer)
            while state.phase != "done":
                seat, action = next_move(game, state, bots, play_rng)
                state = game.apply(state, seat, action)
            scores = game.round_scores(state)
            assert scores is not None, "a finished round has scores"
            a = [scores[s] for s in range(players) if levels[s] == level_a]
            b = [scores[s] for s in range(players) if levels[s] == level_b]
            per_seating.append(statistics.mean(a) - statistics.mean(b))
        diffs.append(statistics.mean(per_seating))
    return diffs


def strength(deals: int, players: int, against: list[str], seed: int, playouts: int | None) -> None:
    for other in against:
        t0 = time.perf_counter()
        diffs = duplicate("expert", other, deals, players, seed, playouts)
        mean = statistics.mean(diffs)
        half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
        verdict = "expert better" if mean - half > 0 else "not shown"
        print(
            f"expert - {other:8s} {players}p over {deals} duplicate deals: {mean:+7.2f} units/deal per seat "
            f"(95% CI {mean - half:+7.2f} .. {mean + half:+7.2f}) -> {verdict}  [{time.perf_counter() - t0:.0f} s]"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("what", choices=("speed", "strength"))
    parser.add_argument("--deals", type=int, default=None)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--against", default="beginner,standard")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--playouts", type=int, default=None)
    parser.add_argument(
        "--expert-flags", default="", help="comma-separated expert switches, '-name' turns one off"
    )
    args = parser.parse_args()
    FLAGS.extend(f for f in args.expert_flags.split(",") if f)
    if args.what == "speed":
        speed(args.deals or 30, args.players or 4, args.seed)
    else:
        strength(args.deals or 200, args.players or 2, args.against.split(","), args.seed, args.playouts)


if __name__ == "__main__":
    main()
