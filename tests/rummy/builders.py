"""Building explicit Rummy deals and states for rule tests."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from games.engines.core.replay import replay
from games.engines.rummy.cards import CANONICAL_PACK, sort_canonical
from games.engines.rummy.state import RummyState

from .helpers import GAME

CASES = Path(__file__).resolve().parent.parent / "cases" / "rummy"


def make_deal(hands: list[list[str] | None], stock_top: list[str], upcard: str) -> dict[str, Any]:
    """A full 110-card deal: the given hands, `stock_top` on top of the stock, the rest of the pack below it."""
    used = Counter(c for h in hands if h is not None for c in h) + Counter(stock_top) + Counter([upcard])
    rest = Counter(CANONICAL_PACK) - used
    assert not used - Counter(CANONICAL_PACK), "more copies than the pack holds"
    return {"hands": hands, "stock": list(stock_top) + sort_canonical(rest.elements()), "discard": [upcard]}


def load_case(name: str) -> dict[str, Any]:
    """A worked case of tests/cases/rummy by file stem."""
    return json.loads((CASES / f"{name}.json").read_text(encoding="utf-8"))


def replay_case(name: str, upto: int | None = None) -> RummyState:
    """The state after the first `upto` actions (all when None) of a worked case."""
    case = load_case(name)
    actions = case["actions"] if upto is None else case["actions"][:upto]
    return replay(GAME, case.get("options"), case["deal"], case["dealer"], actions, case.get("start"))


def edit(state: RummyState, **changes: Any) -> RummyState:
    """A state rebuilt from its JSON with some fields replaced (for scoring tests of crafted end positions)."""
    data = GAME.to_json(state)
    data.update(changes)
    return GAME.from_json(data)
