"""The Game protocol every variant implements (docs/design.md "The Game protocol").

A game is an object registered under a key (`games.engines.core.registry`). Its state is opaque to callers:
they only pass it back to the game's own functions, serialise it with `to_json` / `from_json`, and
read what a seat may know through `view`. Everything here is pure: no Django, no I/O, no clock and no
global random; randomness comes in as an explicit `random.Random`-like source.

Shapes used throughout:
    options   dict of the table settings named in the rules file §10, normalised by `normalize_options`.
    deal      dict exactly as the rules file §4 "Deal JSON".
    start     dict, the match state before this round (rules file §8), or None for the first round.
    action    an engine-specific frozen, hashable value with `to_wire() -> dict` (one JSON object).
    seat      int, 0 .. seat_count - 1; `None` in `view` means a spectator.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, Self, TypeVar, runtime_checkable

from .declaration import Declaration
from .errors import RuleError
from .record import PlayedDeal, StatTable

Payment = tuple[int, int, int]


class RoundState(Protocol):
    """What every game's state offers the protocol (the state style of docs/engines.md).

    A state is a `@dataclass(slots=True)` in the game's `state.py`; `copy()` returns a state that shares no
    container a transition changes in place, so `apply` can copy once and change the copy.
    """

    options: dict[str, Any]
    phase: str

    def copy(self) -> Self:
        """A copy that the game's transitions may change without touching this state."""
        ...

    def to_json(self) -> dict[str, Any]:
        """Every field as JSON (secrets included: storage only)."""
        ...


S = TypeVar("S", bound=RoundState)


@runtime_checkable
class Action(Protocol):
    """An action value: hashable, equal by value, with a one-object JSON wire form."""

    def to_wire(self) -> dict[str, Any]:
        """Return the JSON object of this action, e.g. `{"play": "KH"}`."""
        ...


A = TypeVar("A")


def narrow_actions(legal: Sequence[Action], kinds: tuple[type[A], ...]) -> list[A]:
    """`legal` as a game's own action types, for its bots (`narrow_actions(legal, (Bid, SimpleAction))`).

    Raises:
        TypeError: an action of another game.
    """
    found: list[A] = []
    for action in legal:
        if not isinstance(action, kinds):
            raise TypeError(f"not an action of this game: {action!r}")
        found.append(action)
    return found


def _to_json_value(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_json_value(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class SimpleAction:
    """A one-key action `{kind: value}`; tuples in `value` go on the wire as lists.

    Good for most actions (`{"play": "KH"}`, `{"bid": "garde"}`, `{"discard": [...]}`); games with
    richer actions define their own frozen dataclasses with a `to_wire` method.
    """

    kind: str
    value: Hashable

    def to_wire(self) -> dict[str, Any]:
        """Return `{kind: value}` with tuples turned into lists."""
        return {self.kind: _to_json_value(self.value)}


Offers = dict[str, dict[str, Action]]
"""The calls a page offers a seat: by action kind, by value key (`value_key`, or `"*"` for the kind as a whole),
one representative action to ask `apply` about (games/engines/core/offers.py)."""


def value_key(value: Hashable) -> str:
    """The key of a one-value call in `Offers` and refusals: booleans as JSON text (`"true"`), else `str(value)`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _wire_text(action: Action) -> str:
    return json.dumps(action.to_wire(), sort_keys=True)


@dataclass(frozen=True, slots=True)
class NextRound:
    """What the match needs to deal the following round: its dealer and its `start` match state."""

    dealer: int
    start: dict[str, Any]


class Bot(Protocol):
    """A bot for one seat. It sees only that seat's view, never the state (docs/style.md "Bots get a view").

    `choose(view, seat, legal, rng)`: `view` is `Game.view(state, seat)`, `legal` is
    `Game.legal_actions(state, seat)` (may be empty in phases whose actions are too many to list, e.g. a
    discard), `rng` a seeded `random.Random`. Returns an action the game will accept; a driver asks it only
    of a seat in `Game.due` (a seat with a move due). None is tolerated from older drivers that asked a seat
    holding only an optional call, and means no move. Search bots bound their work by a playout count, so a
    seeded rng makes them reproducible.

    `optional_call(view, seat, legal, rng)`: asked of a seat in `to_act` but not in `due`, which holds only an
    optional call (Jass's "Enough, thanks", Rummy's knock): the call when the bot makes it, else None (no
    action: the table goes on without it). Games without optional calls return None.
    """

    level: str

    def choose(
        self, view: dict[str, Any], seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action | None: ...

    def optional_call(
        self, view: dict[str, Any], seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action | None: ...


class NoOptionalCalls:
    """`Bot.optional_call` for the bots of a game whose rules have no optional call: every seat in its `to_act`
    has a move due, so the question is never asked and the answer is always no call."""

    def optional_call(
        self, view: dict[str, Any], seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action | None:
        """None: the game has no optional call."""
        return None


BOT_LEVELS = ("beginner", "standard", "expert")


def check_bot_level(level: str) -> None:
    """Raise `ValueError` unless `level` is one of `BOT_LEVELS` (every game's `make_bot` starts with it)."""
    if level not in BOT_LEVELS:
        raise ValueError(f"unknown bot level {level!r}")


class Game(ABC, Generic[S]):
    """One registered variant over its state type `S` (`class FrenchTarot(Game[TarotState])`), so a type
    checker refuses one game's state in another game's verbs. Subclasses implement the verbs below.

    Errors: `new_round` raises `IllegalAction("bad_deal" | "bad_options")`; `parse_action` raises
    `InvalidAction` (code `bad_action`); `apply` raises `IllegalAction(code)` with the rules file's code
    and leaves the given state untouched (it copies the state and changes the copy).
    """

    key: str = ""
    aliases: tuple[str, ...] = ()
    declaration: Declaration
    """What the platform knows of the game (games.engines.core.declaration): title, seats, settlement, options."""

    @property
    def title(self) -> str:
        """The game's name in English (`declaration.title`; the Django edge translates it)."""
        return self.declaration.title

    # --- options and seats -------------------------------------------------------------------------
    @abstractmethod
    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Return the options with defaults filled in. Raises `IllegalAction("bad_options")`."""

    def seat_count(self, options: Mapping[str, Any]) -> int:
        """Number of seats at the table: the value of the declaration's `seats_option` (Rummy's `players`), else
        its one seat count."""
        name = self.declaration.seats_option
        if name is None:
            return self.declaration.seat_counts[-1]
        return int(self.normalize_options(options)[name])

    def match_ends(self, options: Mapping[str, Any]) -> bool:
        """Whether a match with these (normalised) options ends by itself (its rules file's §8): True unless an
        option lets the table play until it closes (French Tarot's `match_end` "open", Tarock's `deals` 0). A rated
        table needs a match that ends (docs/decisions-ratings.md)."""
        return True

    def deal_sides(self, result: Mapping[str, Any]) -> list[tuple[int, int]] | None:
        """The sides of a finished deal for a game rated per deal (declaration `rated_unit` "deal"): per seat
        `(side, place)`, seats of one side being partners in that deal and place 1 the best (equal places tie);
        None for a deal that is not rated (annulled, thrown in). `result` is `Game.result`'s JSON. Games rated per
        match, or not rated, keep this default: None."""
        return None

    def seat_groups(self, options: Mapping[str, Any]) -> list[list[int]]:
        """Seats that share one result (partnerships), used to pit bot levels against each other."""
        return [[s] for s in range(self.seat_count(options))]

    # --- dealing -------------------------------------------------------------------------------------
    @abstractmethod
    def shuffle_deck(self, rng: random.Random, options: Mapping[str, Any]) -> list[Any]:
        """Return the shuffled deck order committed to at the deal (docs/design.md "Deck commitment")."""

    @abstractmethod
    def deal_from_order(
        self, order: Sequence[Any], dealer: int, options: Mapping[str, Any], start: Mapping[str, Any] | None
    ) -> dict[str, Any]:
        """Return the deal JSON that the rules file's dealing rule makes from a shuffled `order`."""

    def deal_cards(
        self,
        rng: random.Random,
        dealer: int,
        options: Mapping[str, Any] | None = None,
        start: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Shuffle with `rng` and deal by the rules file §4; returns the deal JSON."""
        opts = self.normalize_options(options)
        return self.deal_from_order(self.shuffle_deck(rng, opts), dealer, opts, start)

    # --- the round -----------------------------------------------------------------------------------
    @abstractmethod
    def new_round(
        self,
        options: Mapping[str, Any] | None,
        deal: Mapping[str, Any],
        dealer: int,
        start: Mapping[str, Any] | None = None,
    ) -> S:
        """Start a round from an explicit deal. Raises `IllegalAction("bad_deal" | "bad_options")`."""

    def options_of(self, state: S) -> dict[str, Any]:
        """The normalised options the round was started with (a copy)."""
        return dict(state.options)

    def phase(self, state: S) -> str:
        """The round's phase name (`bidding`, `play`, `done`, ...)."""
        return state.phase

    @abstractmethod
    def to_act(self, state: S) -> frozenset[int]:
        """Seats that may act now (empty when the round is over)."""

    def due(self, state: S) -> frozenset[int]:
        """Seats of `to_act` whose mandatory move is awaited: each has a turn deadline, its timeout action and a
        bot's `choose`. The other seats of `to_act` hold only an optional call (a bot's `optional_call`), which
        never holds up the table. Defaults to `to_act`; games with optional calls narrow it (rules file §5)."""
        return self.to_act(state)

    def dealt_in(self, state: S) -> frozenset[int]:
        """Seats dealt into this round: the seats reserved and counted for its settlement unit
        (docs/rules/settlement.md step 5). Defaults to every seat; Rummy leaves out seats out of the match (§8)."""
        return frozenset(range(self.seat_count(self.options_of(state))))

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """Every listable legal action of `seat` now (rules file §5 says which kinds are not listed)."""

    @abstractmethod
    def parse_action(self, payload: Any) -> Action:
        """Turn a wire object into an action. Raises `InvalidAction` (`bad_action`) when malformed."""

    @abstractmethod
    def apply(self, state: S, seat: int, action: Action) -> S:
        """Return the state after `seat` takes `action`. Raises `IllegalAction(code)`; `state` is unchanged."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """JSON-ready view of exactly what `seat` (None: a spectator) may see (rules file §7)."""

    @abstractmethod
    def public_cards(self, state: S) -> frozenset[str]:
        """The card codes every viewer, spectators included, may see in `state`: the public part of the views
        table of the rules file §7 (docs/rules/<game>.md), e.g. the cards of the trick in progress and the last
        trick, a dog or talon once shown, a face-up trump card, the table melds and the discard pile, and every
        card the rules show to all once the round is over. A card a rule shows to some seats only (a seat's own
        hand, its own won tricks, the taker's discard) is not in it.

        Returns:
            a frozenset of card codes as the game's views and `to_json` spell them (`"KH"`, `"T21"`); codes are
            not counted, so in a game with two copies of a card one shown copy makes the code public.
        """

    @abstractmethod
    def result(self, state: S) -> dict[str, Any] | None:
        """The round's result JSON (rules file §6.5), or None while the round is not over."""

    @abstractmethod
    def settlement(self, state: S) -> list[Payment] | None:
        """Payments `(payer, payee, game units)` when this round completes a settlement unit, else None."""

    @abstractmethod
    def timeout_action(self, state: S, seat: int) -> Action:
        """The rules file's timeout action for `seat` (it must be in `to_act`)."""

    def to_json(self, state: S) -> dict[str, Any]:
        """Serialise the full state (secrets included: for storage only, never for a client)."""
        return state.to_json()

    @abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> S:
        """Rebuild a state from `to_json` output."""

    def hidden_while_match_runs(self, state: S, actions: Sequence[Mapping[str, Any]]) -> frozenset[int]:
        """The positions in a finished round's action log (`actions`, `{"seat", "action"}` each, the wire action a
        dict) that its hand history and replay file leave out while its match runs: what the rules file's §7 says
        is never shown (Schieber: the Weis the non-scoring team declared). None by default."""
        return frozenset()

    # --- the match -----------------------------------------------------------------------------------
    @abstractmethod
    def next_round(self, state: S) -> NextRound | None:
        """After a finished round: the next round's dealer and `start`, or None when the match is over."""

    @abstractmethod
    def round_scores(self, state: S) -> list[int] | None:
        """Each seat's score change from this finished round in game points (None while not over)."""

    @abstractmethod
    def standings(self, state: S) -> dict[str, Any]:
        """Match standings after this round: `{"scores": [...], "ranking": [...], "over": bool}`."""

    def record_stats(self, deals: Sequence[PlayedDeal]) -> list[StatTable]:
        """A player's statistics in this game for their record page (games.engines.core.record): computed from
        `deals`, the finished deals of their rated results (each its result JSON and the player's seat). Games
        without statistics keep this default: none."""
        return []

    # --- bots ----------------------------------------------------------------------------------------
    @abstractmethod
    def bot(self, level: str, playouts: int | None = None) -> Bot:
        """A bot of `level` (one of `BOT_LEVELS`); `playouts` overrides the expert's search budget."""

    # --- what the page of the seat to act needs beyond the listed actions ---------------------------------
    def hints(self, state: S, seat: int) -> dict[str, Any]:
        """Engine-computed help for `seat`'s page, for the kinds `legal_actions` does not list (the melds its hand
        can lay now, the Weis it holds, the cards it may discard ...), by kind; `{}` when there is none (the
        default). Built only from what `view(state, seat)` shows: the seat's own hand and public facts.
        """
        return {}

    def offered(self, state: S, seat: int) -> Offers:
        """The calls a page offers `seat` now (`Offers`). The default offers every card of the seat's hand as
        `{"play": card}` in a game whose cards are played that way (some listed action is a `play`)."""
        legal = self.legal_actions(state, seat)
        if not any(isinstance(a, SimpleAction) and a.kind == "play" for a in legal):
            return {}
        hand = self.view(state, seat).get("hand")
        if not isinstance(hand, list):
            return {}
        return {"play": {str(card): SimpleAction("play", card) for card in hand}}

    def refusals(self, state: S, seat: int) -> dict[str, dict[str, str]]:
        """For each offered call that `apply` refuses now, its refusal code: `{kind: {value key: code}}`
        (e.g. `{"play": {"KH": "must_follow_suit"}, "thanks": {"true": "thanks_not_now"}}`); kinds with nothing
        refused are left out. The codes are `apply`'s own, so they never disagree with a move.
        """
        listed = {_wire_text(a) for a in self.legal_actions(state, seat)}
        found: dict[str, dict[str, str]] = {}
        for kind, calls in self.offered(state, seat).items():
            for key, action in calls.items():
                if _wire_text(action) in listed:
                    continue
                try:
                    self.apply(state, seat, action)
                except RuleError as error:
                    found.setdefault(kind, {})[key] = error.code
        return found

    # --- conveniences shared by every game --------------------------------------------------------------
    def action_to_wire(self, action: Action) -> dict[str, Any]:
        """The JSON object of an action."""
        return action.to_wire()
