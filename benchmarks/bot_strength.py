"""Bot strength by seeded paired matches, for every registered game (or `--game KEY`).

For each deal seed and each seat group g of `game.seat_groups(options)`, the same deal is played with group g at
level A and every other seat at level B, and once with all seats at level B. The paired difference is A's score
minus B's score in the seats of g (mean over those seats, from `round_scores`); the figure per deal is the mean
over the rotations g. Printed: each level's mean score per deal with its 95% CI, and the differences
expert−beginner and expert−standard with their 95% CI and whether the interval lies above zero.

    python benchmarks/bot_strength.py --game french-tarot --deals 200 --seed 1 --playouts 100 [--pairs expert:standard]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections.abc import Sequence
from typing import Any

from common import Game, get_game, mean_ci, play_round, seat_rng, selected_games

PAIRS = (("expert", "beginner"), ("expert", "standard"))


def scores_of(
    game: Game, options: dict[str, Any], seed: int, levels: list[str], playouts: int | None, tag: int
) -> list[int]:
    """Play deal `seed` with `levels[s]` at seat s; returns the round's score change per seat."""
    bots = {level: game.bot(level, playouts) for level in set(levels)}
    rngs = [seat_rng(seed, seat, tag) for seat in range(len(levels))]

    def choose(state: Any, seat: int) -> Any:
        view = game.view(state, seat)
        return bots[levels[seat]].choose(view, seat, game.legal_actions(state, seat), rngs[seat])

    state = play_round(game, options, seed, choose)
    scores = game.round_scores(state)
    assert scores is not None
    return list(scores)


def paired_run(
    game: Game, options: dict[str, Any], a: str, b: str, seeds: Sequence[int], playouts: int | None
) -> dict[str, list[float]]:
    """Per deal: A's mean score in its group, B's in the same seats of the all-B table, and the difference."""
    groups = game.seat_groups(options)
    seats = game.seat_count(options)
    out: dict[str, list[float]] = {"a": [], "b": [], "diff": []}
    for seed in seeds:
        baseline = scores_of(game, options, seed, [b] * seats, playouts, tag=0)
        a_scores, b_scores = [], []
        for _g, group in enumerate(groups):
            levels = [a if s in group else b for s in range(seats)]
            mixed = scores_of(game, options, seed, levels, playouts, tag=0)
            a_scores.append(sum(mixed[s] for s in group) / len(group))
            b_scores.append(sum(baseline[s] for s in group) / len(group))
        out["a"].append(sum(a_scores) / len(groups))
        out["b"].append(sum(b_scores) / len(groups))
        out["diff"].append(out["a"][-1] - out["b"][-1])
        if len(out["diff"]) % 20 == 0:
            mean, ci = mean_ci(out["diff"])
            print(
                f"    … {a}−{b} after {len(out['diff'])} deals: {mean:+.2f} ± {ci:.2f}",
                file=sys.stderr,
                flush=True,
            )
    return out


def _chunk(job: tuple[str, dict[str, Any], str, str, list[int], int | None]) -> dict[str, list[float]]:
    key, options, a, b, seeds, playouts = job
    return paired_run(get_game(key), options, a, b, seeds, playouts)


def parallel_run(
    key: str, options: dict[str, Any], a: str, b: str, seeds: range, playouts: int | None, jobs: int
) -> dict[str, list[float]]:
    """`paired_run` over `seeds` split into `jobs` processes; the figures do not depend on `jobs`."""
    if jobs <= 1:
        return paired_run(get_game(key), options, a, b, seeds, playouts)
    chunks = [list(seeds)[i::jobs] for i in range(jobs)]
    with multiprocessing.Pool(jobs) as pool:
        parts = pool.map(_chunk, [(key, options, a, b, chunk, playouts) for chunk in chunks])
    return {name: [v for part in parts for v in part[name]] for name in ("a", "b", "diff")}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", help="registry key (default: every registered game)")
    parser.add_argument("--deals", type=int, default=200, help="deal seeds per pairing (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="first deal seed (default 1)")
    parser.add_argument(
        "--playouts", type=int, default=None, help="expert playout budget (default: the bot's)"
    )
    parser.add_argument(
        "--options", default="{}", help="table options as JSON (default: the game's defaults)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1; same figures)")
    parser.add_argument(
        "--pairs",
        default=",".join(f"{a}:{b}" for a, b in PAIRS),
        help="level pairs A:B to compare (default expert:beginner,expert:standard)",
    )
    args = parser.parse_args()
    pairs = [tuple(pair.split(":")) for pair in args.pairs.split(",")]
    seeds = range(args.seed, args.seed + args.deals)
    for key, game in selected_games(args.game):
        options = game.normalize_options(json.loads(args.options))
        print(
            f"== {key} options={json.dumps(options)} deals={args.deals} seeds={args.seed}..{seeds[-1]} "
            f"playouts={args.playouts or 'default'} groups={game.seat_groups(options)}"
        )
        for a, b in pairs:
            started = time.perf_counter()
            run = parallel_run(key, options, a, b, seeds, args.playouts, args.jobs)
            mean_a, ci_a = mean_ci(run["a"])
            mean_b, ci_b = mean_ci(run["b"])
            mean_d, ci_d = mean_ci(run["diff"])
            verdict = "ABOVE ZERO" if mean_d - ci_d > 0 else "not above zero"
            print(
                f"  {a} vs {b}: {a} mean {mean_a:+.2f} ± {ci_a:.2f} per deal (in {b} company); "
                f"{b} mean {mean_b:+.2f} ± {ci_b:.2f} per deal (same seats, all-{b} table)"
            )
            print(
                f"  {a}−{b}: {mean_d:+.2f} ± {ci_d:.2f} (95% CI [{mean_d - ci_d:+.2f}, {mean_d + ci_d:+.2f}]) "
                f"-> {verdict}   [{len(run['diff'])} deals, {time.perf_counter() - started:.0f} s]",
                flush=True,
            )


if __name__ == "__main__":
    main()
