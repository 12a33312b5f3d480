"""`manage.py ratings rebuild [--game KEY]`: recompute the ratings from the recorded results (ratings.rebuild)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from ratings.rebuild import rebuild
from ratings.services import rated_games


class Command(BaseCommand):
    help = "Ratings: `rebuild` recomputes every rating from the recorded results in the order of their ids."

    def add_arguments(self, parser: CommandParser) -> None:
        commands = parser.add_subparsers(dest="command", required=True)
        rebuilding = commands.add_parser("rebuild", help="recompute every rating from the recorded results")
        rebuilding.add_argument("--game", help="one game key (default: every game with results)")

    def handle(self, *args: Any, **options: Any) -> None:
        games = [options["game"]] if options.get("game") else list(rated_games())
        for game in games:
            done = rebuild(game)
            self.stdout.write(
                f"{done.game}: {done.results} results replayed, {done.entrants} entrant rows and "
                f"{done.ratings} ratings rewritten"
            )
