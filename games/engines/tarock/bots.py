"""Tarock bots at three levels (docs/rules/tarock.md; docs/design.md "Bots ... see only a view").

- beginner: legal and simple — F opens a Rufer (else Solo), gives a mandatory Kontra, otherwise passes, and
  plays a random legal card.
- standard: bids, announces and gives Kontra from hand strength, plays by trick heuristics
  (`games.engines.tarock.heuristics`), keeps an announced Pagat for trick 10 (the play rules enforce it).
- expert: determinized search (`games.engines.tarock.search`) over worlds sampled from its view — hidden hands,
  unseen tricks and who the Rufer partner may be — bounded by a playout count; it departs from the standard
  choice only for a candidate that is clearly better on the same worlds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.engines.core import Action, SimpleAction
from games.engines.core.protocol import NoOptionalCalls, check_bot_level, narrow_actions

from .actions import PASS, Bid, TarockAction
from .heuristics import choose_call, choose_card
from .search import search
from .situation import from_view

DEFAULT_PLAYOUTS = 150


def _is_card(action: Any) -> bool:
    return isinstance(action, SimpleAction) and action.kind == "play"


@dataclass
class BeginnerBot(NoOptionalCalls):
    """Legal and simple: the timeout-like call, a random legal card."""

    level: str = "beginner"

    def choose(
        self, view: dict[str, Any], seat: int, legal: Sequence[Action], rng: random.Random
    ) -> TarockAction:
        """One of `legal` (non-empty): Rufer/Solo opening, mandatory Kontra or pass; a random card in play."""
        actions: list[TarockAction] = narrow_actions(legal, (Bid, SimpleAction))
        if _is_card(actions[0]):
            return rng.choice(actions)
        for want in (Bid("rufer"), SimpleAction("kontra", "game"), PASS, Bid("solo")):
            if want in actions:
                return want
        return actions[0]


@dataclass
class StandardBot(NoOptionalCalls):
    """Hand-strength bidding and heuristic trick play from the view."""

    level: str = "standard"

    def choose(
        self, view: dict[str, Any], seat: int, legal: Sequence[Action], rng: random.Random
    ) -> TarockAction:
        """One of `legal` (non-empty)."""
        sit = from_view(view, seat)
        actions: list[TarockAction] = narrow_actions(legal, (Bid, SimpleAction))
        if _is_card(actions[0]):
            cards = [str(a.value) for a in actions if isinstance(a, SimpleAction)]
            return SimpleAction("play", choose_card(sit, cards, rng))
        return choose_call(sit, actions)


@dataclass
class ExpertBot(NoOptionalCalls):
    """Determinized search over worlds consistent with the view; `playouts` bounds the work per decision."""

    playouts: int = DEFAULT_PLAYOUTS
    level: str = "expert"

    def choose(
        self, view: dict[str, Any], seat: int, legal: Sequence[Action], rng: random.Random
    ) -> TarockAction:
        """One of `legal` (non-empty); a single legal action is returned without search."""
        actions: list[TarockAction] = narrow_actions(legal, (Bid, SimpleAction))
        if len(actions) == 1:
            return actions[0]
        return search(
            view, seat, actions, rng, self.playouts, default=StandardBot().choose(view, seat, actions, rng)
        )


def make_bot(level: str, playouts: int | None = None) -> BeginnerBot | StandardBot | ExpertBot:
    """A bot of `level` (one of `BOT_LEVELS`).

    Raises:
        ValueError: unknown level.
    """
    check_bot_level(level)
    if level == "beginner":
        return BeginnerBot()
    if level == "standard":
        return StandardBot()
    return ExpertBot(playouts if playouts is not None else DEFAULT_PLAYOUTS)
