"""French Tarot bots: beginner, standard and expert (docs/design.md "Bots"; docs/rules/french_tarot.md §5).

Every bot sees only its seat's view and the legal list (docs/style.md "Bots get a view, never a state").
- beginner: legal and simple — bids only with many trumps, discards like a timeout, plays a random legal card.
- standard: sound heuristics (`heuristics.py`): hand evaluation for bids, voiding discard, handful as taker,
  card play that cashes Kings, feeds points to a partner who holds the trick, wins cheaply, saves the Petit.
- expert: the standard bidding and discard; in play, determinized search (`worlds.py`, `search.py`) over
  worlds consistent with the view and with the tricks it remembers (`memory.py`), bounded by `playouts`.

A bot object may serve several seats and deals; the expert keeps a small memory per (seat, deal). The table
service should keep one bot object per table (or call `observe` with each new view) so it sees every trick; when
its memory misses a trick the expert plays that decision like the standard bot.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from games.engines.core import Action, SimpleAction
from games.engines.core.protocol import NoOptionalCalls, check_bot_level

from .cards import SUIT_OF, TRUMP
from .heuristics import choose_bid, choose_discard, choose_handful, hand_strength, play_card
from .memory import DealMemory, memory_key
from .search import best_card
from .timeouts import timeout_discard
from .worlds import read_knowledge

DEFAULT_PLAYOUTS = 120
SLAM_STRENGTH = 125


def _highest_bid(view: dict[str, Any]) -> str:
    bids = [b["bid"] for b in view["bids"] if b["bid"] != "pass"]
    return bids[-1] if bids else "pass"


def _values(legal: Sequence[Action]) -> list[str]:
    """The values of one-key actions (`{"play": "KH"}` -> "KH"), in order."""
    return [str(next(iter(a.to_wire().values()))) for a in legal]


def _profile(view: dict[str, Any]) -> str:
    """The profile, read from the view: in play, `fft` has answered the slam question and `seed002` never asks."""
    return "fft" if view["slam_announced"] is not None else "seed002"


class BeginnerBot(NoOptionalCalls):
    """Legal and simple: Petite with eight trumps or more, random legal cards, the timeout discard."""

    level = "beginner"

    def choose(
        self, view: dict[str, Any], seat: int, legal: Sequence[Action], rng: random.Random
    ) -> SimpleAction:
        """An action for `seat` (see the module docstring); `legal` is empty only in the discard phase."""
        phase = view["phase"]
        if phase == "discard":
            return SimpleAction("discard", timeout_discard(view["hand"]))
        if phase == "bidding":
            trumps = sum(1 for c in view["hand"] if SUIT_OF[c] == TRUMP)
            wanted = SimpleAction("bid", "petite")
            return wanted if trumps >= 8 and wanted in legal else SimpleAction("bid", "pass")
        if phase == "slam":
            return SimpleAction("slam", False)
        return SimpleAction("play", rng.choice(_values(legal)))


class StandardBot(NoOptionalCalls):
    """Sound heuristics for every decision (`heuristics.py`)."""

    level = "standard"

    def choose(
        self, view: dict[str, Any], seat: int, legal: Sequence[Action], rng: random.Random
    ) -> SimpleAction:
        """An action for `seat`; `legal` is empty only in the discard phase."""
        phase = view["phase"]
        if phase == "bidding":
            return SimpleAction("bid", choose_bid(view["hand"], _highest_bid(view)))
        if phase == "discard":
            return SimpleAction("discard", choose_discard(view["hand"]))
        if phase == "slam":
            return SimpleAction("slam", hand_strength(view["hand"]) >= SLAM_STRENGTH)
        handful = self._handful(view, seat)
        if handful is not None:
            return SimpleAction("handful", handful)
        return SimpleAction("play", self._card(view, seat, legal, rng))

    def _handful(self, view: dict[str, Any], seat: int) -> tuple[str, ...] | None:
        """The taker shows his largest handful before his first card (fft only)."""
        first_trick = sum(view["tricks_won"]) == 0
        if not first_trick or seat != view["taker"] or _profile(view) != "fft":
            return None
        if any(h["seat"] == seat for h in view["handfuls"]):
            return None
        return choose_handful(view["hand"])

    def _card(self, view: dict[str, Any], seat: int, legal: Sequence[Action], rng: random.Random) -> str:
        trick = [(p["seat"], p["card"]) for p in view["trick"]]
        cards = _values(legal)
        return play_card(cards, trick, seat, view["taker"], view["hand"], rng)


class ExpertBot(StandardBot):
    """Standard bidding and discard; card play by determinized playouts bounded by `playouts` rollouts."""

    level = "expert"
    MEMORIES = 64

    def __init__(self, playouts: int = DEFAULT_PLAYOUTS) -> None:
        self.playouts = playouts
        self._memories: OrderedDict[tuple[Any, ...], DealMemory] = OrderedDict()

    def observe(self, view: dict[str, Any], seat: int) -> DealMemory:
        """Remember the view's last completed trick (call with every view of the seat if you can)."""
        key = memory_key(view, seat)
        memory = self._memories.get(key)
        if memory is None:
            memory = self._memories[key] = DealMemory()
            while len(self._memories) > self.MEMORIES:
                self._memories.popitem(last=False)
        memory.observe(view)
        return memory

    def choose(
        self, view: dict[str, Any], seat: int, legal: Sequence[Action], rng: random.Random
    ) -> SimpleAction:
        """An action for `seat`; in play, the card with the best mean playout score."""
        if view["phase"] != "play":
            return super().choose(view, seat, legal, rng)
        memory = self.observe(view, seat)
        handful = self._handful(view, seat)
        if handful is not None:
            return SimpleAction("handful", handful)
        cards = _values(legal)
        if len(cards) == 1:
            return SimpleAction("play", cards[0])
        knowledge = read_knowledge(view, seat, memory.ordered()) if memory.complete(view) else None
        if knowledge is None:
            return SimpleAction("play", self._card(view, seat, legal, rng))
        return SimpleAction("play", best_card(knowledge, view, cards, self.playouts, rng, _profile(view)))


Bot = BeginnerBot | StandardBot | ExpertBot


def make_bot(level: str, playouts: int | None = None) -> Bot:
    """A bot of `level` (one of `BOT_LEVELS`); `playouts` sets the expert's rollout budget per decision.

    Raises:
        ValueError: unknown level or a playout budget below 1.
    """
    check_bot_level(level)
    if level == "beginner":
        return BeginnerBot()
    if level == "standard":
        return StandardBot()
    if playouts is not None and playouts < 1:
        raise ValueError("playouts must be at least 1")
    return ExpertBot(DEFAULT_PLAYOUTS if playouts is None else playouts)
