"""`PackageGame`: the verbs every game answers by one call into a module of its package (docs/engines.md).

Every rules package has the same module names, and most verbs of the Game protocol are a single call of the same
function in every package (`legality.legal_actions`, `scoring.result`, `match.standings` ...). A game hands its
modules once, as a `Package`, and inherits those verbs; its class keeps only what it really does its own way (the
options, the deal, `new_round`, `to_act`, `apply`, the view and its public cards, and the bots). The rules-section
citations are on the package's functions, which say what each game does.

The modules are checked structurally: mypy accepts a module as a value of a protocol when its functions have the
protocol's signatures (with the game's state in place of `S`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from .protocol import Action, Game, NextRound, Offers, Payment, RoundState, S

S_in = TypeVar("S_in", bound=RoundState, contravariant=True)
S_out = TypeVar("S_out", bound=RoundState, covariant=True)


class ActionsModule(Protocol):
    """The package's `actions.py`."""

    def parse_action(self, payload: Any, /) -> Action: ...


class DealingModule(Protocol):
    """The package's `dealing.py`."""

    def shuffle_deck(self, rng: random.Random, /) -> list[Any]: ...


class LegalityModule(Protocol[S_in]):
    """The package's `legality.py`."""

    def legal_actions(self, state: S_in, seat: int, /) -> list[Action]: ...


class ScoringModule(Protocol[S_in]):
    """The package's `scoring.py`."""

    def result(self, state: S_in, /) -> dict[str, Any] | None: ...

    def settlement(self, state: S_in, /) -> list[Payment] | None: ...


class TimeoutsModule(Protocol[S_in]):
    """The package's `timeouts.py`."""

    def timeout_action(self, state: S_in, seat: int, /) -> Action: ...


class MatchModule(Protocol[S_in]):
    """The package's `match.py`."""

    def next_round(self, state: S_in, /) -> NextRound | None: ...

    def round_scores(self, state: S_in, /) -> list[int] | None: ...

    def standings(self, state: S_in, /) -> dict[str, Any]: ...


class HintsModule(Protocol[S_in]):
    """The package's `hints.py`: what the page of the seat to act needs beyond the listed actions."""

    def hints(self, state: S_in, seat: int, /) -> dict[str, Any]: ...

    def offered(self, state: S_in, seat: int, /) -> Offers: ...


class StateClass(Protocol[S_out]):
    """The state class of the package's `state.py` (its `from_json` rebuilds a stored state)."""

    def from_json(self, data: Mapping[str, Any], /) -> S_out: ...


@dataclass(frozen=True, slots=True)
class Package(Generic[S]):
    """The modules of one rules package that `PackageGame` delegates to, e.g.
    `Package(TarockState, actions, dealing, legality, scoring, timeouts, match, hints)` in `tarock/rules.py`.
    Without `hints` the game keeps the protocol's defaults (no hints; its hand's cards offered as plays)."""

    state: StateClass[S]
    actions: ActionsModule
    dealing: DealingModule
    legality: LegalityModule[S]
    scoring: ScoringModule[S]
    timeouts: TimeoutsModule[S]
    match: MatchModule[S]
    hints: HintsModule[S] | None = None


class PackageGame(Game[S]):
    """A `Game[S]` whose shared verbs call the modules in its class's `package` (each verb says which).

    A subclass sets `package = Package(...)` in its class body and implements the verbs left abstract:
    `normalize_options`, `deal_from_order`, `new_round`, `to_act`, `apply`, `view`, `public_cards` and `bot`.
    """

    package: Package[S]

    def shuffle_deck(self, rng: random.Random, options: Mapping[str, Any]) -> list[Any]:
        """`dealing.shuffle_deck(rng)`: the canonical deck shuffled by `rng`, the order the deal commits to."""
        return self.package.dealing.shuffle_deck(rng)

    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """`legality.legal_actions`: every listable legal action of `seat` now ([] for a seat not to act)."""
        return self.package.legality.legal_actions(state, seat)

    def parse_action(self, payload: Any) -> Action:
        """`actions.parse_action`: the action of a wire object. Raises `InvalidAction` (`bad_action`)."""
        return self.package.actions.parse_action(payload)

    def result(self, state: S) -> dict[str, Any] | None:
        """`scoring.result`: the round's result JSON (rules file §6.5), None while the round is not over."""
        return self.package.scoring.result(state)

    def settlement(self, state: S) -> list[Payment] | None:
        """`scoring.settlement`: the payments `(payer, payee, game units)` of rules file §9, or None."""
        return self.package.scoring.settlement(state)

    def timeout_action(self, state: S, seat: int) -> Action:
        """`timeouts.timeout_action`: the rules file's timeout action for `seat`. Raises `IllegalAction`."""
        return self.package.timeouts.timeout_action(state, seat)

    def from_json(self, data: Mapping[str, Any]) -> S:
        """The state class's `from_json`: the state of a `to_json` output."""
        return self.package.state.from_json(data)

    def next_round(self, state: S) -> NextRound | None:
        """`match.next_round`: the next round's dealer and `start` (rules file §8), None when the match is over."""
        return self.package.match.next_round(state)

    def round_scores(self, state: S) -> list[int] | None:
        """`match.round_scores`: each seat's score change of this finished round, None while it is not over."""
        return self.package.match.round_scores(state)

    def standings(self, state: S) -> dict[str, Any]:
        """`match.standings`: `{"scores": [...], "ranking": [...], "over": bool}` after this round (§8)."""
        return self.package.match.standings(state)

    def hints(self, state: S, seat: int) -> dict[str, Any]:
        """`hints.hints`: what `seat`'s page needs beyond the listed actions, by kind (`{}` for none)."""
        if self.package.hints is None:
            return super().hints(state, seat)
        return self.package.hints.hints(state, seat)

    def offered(self, state: S, seat: int) -> Offers:
        """`hints.offered`: the calls a page offers `seat` now, each as one action to ask `apply` about."""
        if self.package.hints is None:
            return super().offered(state, seat)
        return self.package.hints.offered(state, seat)
