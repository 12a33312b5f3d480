"""`manage.py ratings rebuild [--game KEY]`: recompute the ratings from the recorded results (ratings.rebuild).
`manage.py ratings calibrate-bots [--game KEY] [--seed N] [--deals N] [--matches N] [--players N] [--jobs N]
[--force]`: set the bots' anchors from bot-only play (ratings.calibration)."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from ratings.calibration import LEVELS, bot_play, calibrated, figures, separated, store
from ratings.rebuild import rebuild
from ratings.services import rated_games
from ratings.skill import rate_in_order

DEFAULT_DEALS = 200
"""Rated deals per game rated per deal (French Tarot, Tarock) by default."""

DEFAULT_MATCHES = 150
"""Rated matches per game rated per match (Schieber, Differenzler, Rummy) by default."""

DEFAULT_PLAYERS = 4
"""Rating players (bot instances) per level by default."""


class Command(BaseCommand):
    help = (
        "Ratings: `rebuild` recomputes every rating from the recorded results in the order of their ids; "
        "`calibrate-bots` sets the bots' anchors from bot-only play."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        commands = parser.add_subparsers(dest="command", required=True)
        rebuilding = commands.add_parser("rebuild", help="recompute every rating from the recorded results")
        rebuilding.add_argument("--game", help="one game key (default: every game with results)")
        calibrating = commands.add_parser("calibrate-bots", help="set the bots' anchors from bot-only play")
        calibrating.add_argument("--game", help="one game key (default: every rated game)")
        calibrating.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
        calibrating.add_argument(
            "--deals",
            type=int,
            default=DEFAULT_DEALS,
            help=f"rated deals per game rated per deal ({DEFAULT_DEALS})",
        )
        calibrating.add_argument(
            "--matches",
            type=int,
            default=DEFAULT_MATCHES,
            help=f"rated matches per game rated per match ({DEFAULT_MATCHES})",
        )
        calibrating.add_argument(
            "--players",
            type=int,
            default=DEFAULT_PLAYERS,
            help=f"rating players per level ({DEFAULT_PLAYERS})",
        )
        calibrating.add_argument(
            "--jobs", type=int, default=1, help="worker processes (default 1; same figures)"
        )
        calibrating.add_argument(
            "--force", action="store_true", help="calibrate again a game already calibrated"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["command"] == "calibrate-bots":
            self.calibrate(options)
            return
        games = [options["game"]] if options.get("game") else list(rated_games())
        for game in games:
            done = rebuild(game)
            self.stdout.write(
                f"{done.game}: {done.results} results replayed, {done.entrants} entrant rows and "
                f"{done.ratings} ratings rewritten"
            )

    def calibrate(self, options: dict[str, Any]) -> None:
        """Play, rate, store and print each selected game's calibration (ratings.calibration)."""
        play = bot_play()
        keys = play.games()
        if options.get("game"):
            if options["game"] not in keys:
                raise CommandError(
                    f"unknown or unrated game {options['game']!r}; rated games: {', '.join(keys)}"
                )
            keys = [options["game"]]
        if options["players"] < 1 or options["deals"] < 1 or options["matches"] < 1 or options["jobs"] < 1:
            raise CommandError("--players, --deals, --matches and --jobs must be at least 1")
        levels_of = [level for level in LEVELS for _ in range(options["players"])]
        for key in keys:
            if calibrated(key) and not options["force"]:
                self.stdout.write(f"{key}: anchors already set by a calibration; --force to calibrate again")
                continue
            count = options["deals"] if play.unit(key) == "deal" else options["matches"]
            started = time.perf_counter()
            try:
                results = play.results(key, levels_of, count, options["seed"], options["jobs"])
            except ValueError as error:
                raise CommandError(f"{key}: {error}") from error
            levels = figures(results, levels_of, rate_in_order(results, len(levels_of)))
            store(key, options["seed"], len(results), levels)
            elapsed = time.perf_counter() - started
            self.stdout.write(
                f"{key}: {len(results)} rated results (one per {play.unit(key)}), seed {options['seed']}, "
                f"{options['players']} players per level, {elapsed:.0f} s"
            )
            self.stdout.write(
                f"  {'level':<9} {'results':>7} {'mu':>7} {'sigma':>6}  interval (mu ± 2σ)  spread"
            )
            for figure in levels.values():
                self.stdout.write(
                    f"  {figure.level:<9} {figure.results:>7} {figure.skill.mu:>7.2f} {figure.skill.sigma:>6.2f}  "
                    f"[{figure.low:6.2f}, {figure.high:6.2f}]   {figure.spread:5.2f}"
                )
            verdict = "separated" if separated(levels) else "NOT separated: raise --deals / --matches"
            self.stdout.write(f"  expert > standard > beginner: {verdict}")
