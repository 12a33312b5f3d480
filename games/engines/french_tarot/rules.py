"""French Tarot for four players (docs/rules/french_tarot.md): the `Game` the registry serves as `french-tarot`.

`apply` runs the general checks of §5 in the rules file's order (form is `parse_action`'s job; then phase
`done`, turn, the action's phase), copies the state and dispatches to one function per phase in `transitions.py`.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from games.engines.core import BAD_ACTION, Action, Game, IllegalAction, InvalidAction, NextRound, SimpleAction
from games.engines.core.protocol import Bot, Payment

from . import match
from .actions import ACTION_PHASE, parse_action
from .bots import make_bot
from .dealing import deal_from_order, shuffle_deck
from .legality import legal_actions
from .options import normalize_options
from .scoring import result, settlement
from .seat_view import build_view
from .state import TarotState
from .timeouts import timeout_action
from .transitions import apply_bid, apply_discard, apply_handful, apply_play, apply_slam, start_deal


class FrenchTarot(Game[TarotState]):
    """French Tarot, profiles `fft` and `seed002` (docs/rules/french_tarot.md)."""

    key = "french-tarot"
    aliases = ("french_tarot", "tarot", "french-tarot-fft")
    title = "French Tarot"

    # --- options, dealing ------------------------------------------------------------------------
    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """§10 options with defaults. Raises `IllegalAction("bad_options")`."""
        return normalize_options(options)

    def shuffle_deck(self, rng: random.Random, options: Mapping[str, Any]) -> list[str]:
        """The canonical deck (§2) shuffled with `rng.shuffle`."""
        return shuffle_deck(rng)

    def deal_from_order(
        self, order: Sequence[str], dealer: int, options: Mapping[str, Any], start: Mapping[str, Any] | None
    ) -> dict[str, Any]:
        """The §4 deal of `order` (78 codes) for `dealer`."""
        return deal_from_order(order, dealer)

    # --- the round ------------------------------------------------------------------------------
    def new_round(
        self,
        options: Mapping[str, Any] | None,
        deal: Mapping[str, Any],
        dealer: int,
        start: Mapping[str, Any] | None = None,
    ) -> TarotState:
        """Start a deal (§4); annulled at once for petit sec. Raises `bad_options`, `bad_deal`."""
        return start_deal(normalize_options(options), deal, dealer, start)

    def to_act(self, state: TarotState) -> frozenset[int]:
        """The one seat to act, or nothing when the deal is over (§5)."""
        seat = state.seat_to_act
        return frozenset() if seat is None else frozenset({seat})

    def legal_actions(self, state: TarotState, seat: int) -> list[Action]:
        """Every legal bid, slam answer or card of `seat` (§5); discards and handfuls are never listed."""
        return legal_actions(state, seat)

    def parse_action(self, payload: Any) -> SimpleAction:
        """Read a wire action (§5 table). Raises `InvalidAction` (`bad_action`) when malformed."""
        return parse_action(payload)

    def apply(self, state: TarotState, seat: int, action: Action) -> TarotState:
        """Apply `action` by `seat` (§5 check order) to a copy. Raises `IllegalAction`; `state` is never changed."""
        if not isinstance(action, SimpleAction):
            action = self.parse_action(action.to_wire())
        if state.phase == "done":
            raise IllegalAction("wrong_phase", "the deal is over")
        if seat != state.seat_to_act:
            raise IllegalAction("not_your_turn", f"seat {seat} is not to act")
        kind, value = action.kind, action.value
        if ACTION_PHASE.get(kind) != state.phase:
            raise IllegalAction("wrong_phase", f"{kind} is not an action of the {state.phase} phase")
        new = state.copy()
        if kind == "bid":
            apply_bid(new, seat, str(value))
        elif kind == "discard":
            apply_discard(new, seat, _cards(value))
        elif kind == "slam":
            apply_slam(new, seat, bool(value))
        elif kind == "handful":
            apply_handful(new, seat, _cards(value))
        else:
            apply_play(new, seat, str(value))
        return new

    def view(self, state: TarotState, seat: int | None) -> dict[str, Any]:
        """The §7 view of `seat` (None: spectator)."""
        return build_view(state, seat, result(state))

    def result(self, state: TarotState) -> dict[str, Any] | None:
        """The §6.5 result JSON, or None while the deal is being played."""
        return result(state)

    def settlement(self, state: TarotState) -> list[Payment] | None:
        """The §9 payments `(payer, payee, units)` of a scored deal; None while playing or after an annulment."""
        return settlement(state)

    def timeout_action(self, state: TarotState, seat: int) -> SimpleAction:
        """§5.6: pass, the lowest legal discard, no slam, or the legal card with the smallest key.

        Raises:
            IllegalAction: `wrong_phase` when the deal is over, `not_your_turn` for a seat not to act.
        """
        return timeout_action(state, seat)

    def from_json(self, data: Mapping[str, Any]) -> TarotState:
        """Rebuild a state from `to_json` output."""
        return TarotState.from_json(data)

    # --- the match ------------------------------------------------------------------------------
    def next_round(self, state: TarotState) -> NextRound | None:
        """After a finished deal (§3, §8): same dealer after petit sec, next dealer otherwise; None when the
        match is over. Raises `IllegalAction("wrong_phase")` while the deal is being played."""
        return match.next_round(state)

    def round_scores(self, state: TarotState) -> list[int] | None:
        """Each seat's score change of the deal (zeros when annulled), None while playing."""
        return match.round_scores(state)

    def standings(self, state: TarotState) -> dict[str, Any]:
        """`{"scores": match totals, "ranking": [{"seat", "score", "place"}...], "over": bool}` (§8)."""
        return match.standings(state)

    # --- bots -----------------------------------------------------------------------------------
    def bot(self, level: str, playouts: int | None = None) -> Bot:
        """A bot of `level` (`beginner`, `standard`, `expert`); `playouts` bounds the expert's search."""
        return make_bot(level, playouts)


def _cards(value: Hashable) -> tuple[str, ...]:
    """The card codes of a `discard` / `handful` action value (a tuple of codes once parsed).

    Raises:
        InvalidAction: `bad_action` when the value is not a sequence of codes.
    """
    if not isinstance(value, (tuple, list)):
        raise InvalidAction(BAD_ACTION, "expected a list of card codes")
    return tuple(value)
