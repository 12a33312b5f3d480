"""Loading the French Tarot worked cases for the hand-built tests."""

from __future__ import annotations

import json
from typing import Any

from games.engines.core.replay import replay
from games.engines.french_tarot import FrenchTarot
from games.engines.french_tarot.state import TarotState
from tests.engine.caselib import CASES_DIR

GAME = FrenchTarot()
CASES = CASES_DIR / "french-tarot"
# The keys of every §7 view (a finished deal adds `tricks`).
VIEW_KEYS = {
    "phase",
    "dealer",
    "forehand",
    "to_act",
    "hand",
    "hand_sizes",
    "bids",
    "taker",
    "contract",
    "dog",
    "discard",
    "discard_trumps",
    "slam_announced",
    "handfuls",
    "trick",
    "last_trick",
    "tricks_won",
    "scores",
    "result",
}


def load(stem: str) -> dict[str, Any]:
    """The case file `tests/cases/french-tarot/<stem>.json`."""
    return json.loads((CASES / f"{stem}.json").read_text(encoding="utf-8"))


def replay_case(stem: str, upto: int | None = None, **overrides: Any) -> TarotState:
    """Replay a case's first `upto` actions (all by default); `overrides` replace `options`, `start`, `dealer`."""
    case = {**load(stem), **overrides}
    actions = case["actions"] if upto is None else case["actions"][:upto]
    return replay(GAME, case.get("options"), case["deal"], case["dealer"], actions, case.get("start"))
