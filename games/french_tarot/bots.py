"""French Tarot bots (beginner for now; standard and expert follow). They see only a view (STYLE.md §6)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.engine import BOT_LEVELS, SimpleAction

from .timeouts import timeout_discard


class BeginnerBot:
    """Plays a random legal action; passes in bidding; discards the §5.6 timeout discard; never shows a handful."""

    level = "beginner"

    def choose(self, view: dict[str, Any], seat: int, legal: Sequence[SimpleAction], rng: random.Random) -> SimpleAction:
        """Pick an action for `seat` from its `view` and `legal` list (empty in the discard phase)."""
        if view["phase"] == "discard":
            return SimpleAction("discard", timeout_discard(view["hand"]))
        if view["phase"] == "bidding":
            return SimpleAction("bid", "pass") if rng.random() < 0.7 else rng.choice(list(legal))
        return rng.choice(list(legal))


def make_bot(level: str, playouts: int | None = None) -> BeginnerBot:
    """A bot of `level` (one of BOT_LEVELS). Raises `ValueError` for an unknown level."""
    if level not in BOT_LEVELS:
        raise ValueError(f"unknown bot level {level!r}")
    return BeginnerBot()
