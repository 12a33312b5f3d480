"""The ratings rank players by strength (docs/decisions-ratings.md "Figures"): per rated game, 40 simulated players, the
standard bot with a mistake rate spread evenly over 0–40 % (games.bot_matches.Player: with probability p a uniformly
random legal action instead of the bot's choice), seated at random tables and played through the pure engines;
their results (the site's units: per scored deal by the deal's sides, per match by pairs or places) rated one after
the other with ratings.skill, everyone starting at the prior. The figure: Spearman's rho between the final displayed
ratings and minus the mistake rates (and the same with mu), which must reach 0.9.

Beside, the bots' calibration figures (`manage.py ratings calibrate-bots`) when the database has them
(DATABASE_URL; skipped otherwise).

    python benchmarks/rating_strength_order.py [--game KEY] [--results 2000] [--players 40] [--seed 1] [--jobs 1]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Sequence

import common  # noqa: F401  (the project on the path)

from games.bot_matches import Player, Seating, collect, random_seatings, rated_game_keys
from games.engines.core import get_game
from ratings.skill import displayed, rate_in_order

TARGET = 0.9
"""The correlation the ratings must reach (docs/decisions-ratings.md "Figures")."""

MAX_RATE = 0.4
"""The largest mistake rate; the players' rates are spread evenly over [0, MAX_RATE]."""


def mistake_rates(players: int) -> list[float]:
    """`players` mistake rates spread evenly over [0, MAX_RATE], first 0, last MAX_RATE."""
    if players < 2:
        return [0.0] * players
    return [MAX_RATE * i / (players - 1) for i in range(players)]


def ranks(values: Sequence[float]) -> list[float]:
    """Each value's rank (1 = smallest), ties sharing the mean of their ranks."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation: Pearson's correlation of the ranks (ties by mean rank). Raises ValueError for
    lists of different lengths or shorter than 2; nan when one list is constant."""
    if len(xs) != len(ys) or len(xs) < 2:
        raise ValueError("two lists of one length, at least 2")
    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / (vx * vy) ** 0.5 if vx and vy else float("nan")


def run(key: str, players: int, results: int, seed: int, jobs: int) -> tuple[int, float, float]:
    """Play and rate one game; returns (results rated, rho of displayed rating vs −rate, rho of mu vs −rate)."""
    game = get_game(key)
    seats = game.seat_count(game.normalize_options({}))
    rates = mistake_rates(players)

    def seating(tables: range) -> list[tuple[Seating, list[Player]]]:
        return [
            (s, [Player("standard", rates[p], random.Random(f"{s.seed}:mistakes:{p}")) for p in s.players])
            for s in random_seatings(players, seats, tables, seed)
        ]

    rated = collect(key, results, seating, jobs)
    skills = rate_in_order(rated, players)
    minus = [-rate for rate in rates]
    return (
        len(rated),
        spearman([displayed(s) for s in skills], minus),
        spearman([s.mu for s in skills], minus),
    )


def calibration_lines() -> list[str]:
    """The latest calibration figures per game and level from the database, or a note why there are none."""
    if not os.environ.get("DATABASE_URL"):
        return ["  (no DATABASE_URL: calibration figures not read)"]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "platform_config.settings")
    import django

    django.setup()
    from ratings.models import BotCalibration

    latest: dict[tuple[str, str], BotCalibration] = {}
    for row in BotCalibration.objects.order_by("id"):
        latest[(row.game, row.bot_level)] = row
    if not latest:
        return ["  (no calibration stored: run manage.py ratings calibrate-bots)"]
    return [
        f"  {game:<18} {level:<9} mu {row.mu:6.2f} sigma {row.sigma:5.2f} [{row.low:6.2f}, {row.high:6.2f}] "
        f"({row.results} results, seed {row.seed}, {row.created_at:%Y-%m-%d})"
        for (game, level), row in sorted(latest.items())
    ]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", help="one rated game's key (default: every rated game)")
    parser.add_argument("--results", type=int, default=2000, help="rated results per game (default 2000)")
    parser.add_argument("--players", type=int, default=40, help="simulated players per game (default 40)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1; same figures)")
    args = parser.parse_args()
    keys = [args.game] if args.game else rated_game_keys()
    print(f"players {args.players}, mistake rates 0–{MAX_RATE:.0%}, seed {args.seed}, target rho ≥ {TARGET}")
    for key in keys:
        started = time.perf_counter()
        count, rho, rho_mu = run(key, args.players, args.results, args.seed, args.jobs)
        verdict = "ok" if rho >= TARGET else "BELOW TARGET"
        print(
            f"{key:<18} results {count:>5}  rho(displayed) {rho:+.3f}  rho(mu) {rho_mu:+.3f}  {verdict}  "
            f"{time.perf_counter() - started:.0f} s",
            flush=True,
        )
    print("calibration (latest per game and level):")
    print("\n".join(calibration_lines()))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
