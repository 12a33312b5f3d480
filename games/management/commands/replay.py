"""`python manage.py replay FILE` — check a replay file and print its result JSON (docs/design.md "Cards and replay
files").

Exit status: 0 with the result (or `{"in_progress": ...}`), 1 with `{"error": {...}}` for the first refused
action (`"index": null` when the deal itself is refused), 2 with one line on stderr when the input is not a
replay at all. `-` reads standard input; `--views` adds every seat's and the spectator's view after each step.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from games.engines.core.replay import ReplayFileError, run_replay_document


class Command(BaseCommand):
    help = "Replay a round from a replay file and print its result JSON."

    def add_arguments(self, parser):
        parser.add_argument("file", help="replay file (JSON), or - for standard input")
        parser.add_argument("--views", action="store_true", help="also print every view after each action")

    def handle(self, *args, **options):
        path = options["file"]
        try:
            text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
        except OSError as error:
            self._fail(f"cannot read {path}: {error.strerror or error}")
        try:
            doc = json.loads(text)
        except ValueError as error:
            self._fail(f"not JSON: {error}")
        try:
            output, status = run_replay_document(doc, with_views=options["views"])
        except ReplayFileError as error:
            self._fail(f"not a replay file: {error}")
        self.stdout.write(json.dumps(output, ensure_ascii=False))
        sys.stdout.flush()
        if status:
            sys.exit(status)

    def _fail(self, message: str) -> None:
        sys.stderr.write(f"replay: {message}\n")
        sys.exit(2)
