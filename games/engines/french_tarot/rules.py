"""French Tarot for four players (docs/rules/french_tarot.md): the `Game` the registry serves as `french-tarot`.

`apply` runs the general checks of §5 in the rules file's order (form is `parse_action`'s job; then phase
`done`, turn, the action's phase) and dispatches to one function per phase in `transitions.py`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.engines.core import Action, Game, IllegalAction, NextRound, SimpleAction
from games.engines.core.protocol import Bot, Payment
from games.engines.core.wire import read_bool, read_card, read_card_list, read_choice, single_key

from .cards import DECK, DECK_SET
from .legality import excuse_locked, legal_cards
from .match import match_over, ranking
from .options import normalize_options
from .scoring import annulled_result, score_deal
from .seat_view import build_view, match_scores
from .state import BIDS, SEATS, TarotState, state_from_json, state_to_json
from .timeouts import timeout_card, timeout_discard
from .transitions import apply_bid, apply_discard, apply_handful, apply_play, apply_slam, start_deal

ACTION_PHASE = {"bid": "bidding", "discard": "discard", "slam": "slam", "play": "play", "handful": "play"}
PACKET = 3


def deal_from_order(order: Sequence[str], dealer: int) -> dict[str, Any]:
    """The §4 deal of a shuffled deck: positions 0-71 in 24 packets of three, packet j to seat (f + j) mod 4,
    positions 72-77 to the dog (f = forehand). Returns the deal JSON."""
    forehand = (dealer + 1) % SEATS
    hands: list[list[str]] = [[] for _ in range(SEATS)]
    for j in range(72 // PACKET):
        hands[(forehand + j) % SEATS].extend(order[j * PACKET : (j + 1) * PACKET])
    return {"hands": hands, "dog": list(order[72:78])}


class FrenchTarot(Game):
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
        order = list(DECK)
        rng.shuffle(order)
        return order

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

    def options_of(self, state: TarotState) -> dict[str, Any]:
        """The normalised options of the deal."""
        return dict(state.options)

    def phase(self, state: TarotState) -> str:
        """`bidding`, `discard`, `slam`, `play` or `done` (§5)."""
        return state.phase

    def to_act(self, state: TarotState) -> frozenset[int]:
        """The one seat to act, or nothing when the deal is over (§5)."""
        seat = state.seat_to_act
        return frozenset() if seat is None else frozenset({seat})

    def legal_actions(self, state: TarotState, seat: int) -> list[Action]:
        """Every legal bid, slam answer or card of `seat` (§5); discards and handfuls are never listed."""
        actions: list[Action] = []
        if seat != state.seat_to_act:
            return actions
        if state.phase == "bidding":
            highest = max((BIDS.index(b) for _, b in state.bids), default=0)
            actions += [SimpleAction("bid", b) for b in ("pass", *BIDS[highest + 1 :])]
        elif state.phase == "slam":
            actions += [SimpleAction("slam", True), SimpleAction("slam", False)]
        elif state.phase == "play":
            cards = legal_cards(state.hands[seat], [c for _, c in state.trick], excuse_locked(state, seat))
            actions += [SimpleAction("play", c) for c in cards]
        return actions

    def parse_action(self, payload: Any) -> SimpleAction:
        """Read a wire action (§5 table). Raises `InvalidAction` (`bad_action`) when malformed."""
        kind, value = single_key(payload, ACTION_PHASE)
        if kind == "bid":
            return SimpleAction("bid", read_choice(value, BIDS, "bid"))
        if kind == "slam":
            return SimpleAction("slam", read_bool(value, "slam"))
        if kind == "play":
            return SimpleAction("play", read_card(value, DECK_SET))
        return SimpleAction(kind, read_card_list(value, DECK_SET, allow_empty=True))

    def apply(self, state: TarotState, seat: int, action: Action) -> TarotState:
        """Apply `action` by `seat` (§5 check order). Raises `IllegalAction`; `state` is never changed."""
        if not isinstance(action, SimpleAction):
            action = self.parse_action(action.to_wire())
        if state.phase == "done":
            raise IllegalAction("wrong_phase", "the deal is over")
        if seat != state.seat_to_act:
            raise IllegalAction("not_your_turn", f"seat {seat} is not to act")
        kind, value = action.kind, action.value
        if ACTION_PHASE.get(kind) != state.phase:
            raise IllegalAction("wrong_phase", f"{kind} is not an action of the {state.phase} phase")
        if kind == "bid":
            return apply_bid(state, seat, str(value))
        if kind == "discard":
            return apply_discard(state, seat, tuple(value))  # type: ignore[arg-type]
        if kind == "slam":
            return apply_slam(state, seat, bool(value))
        if kind == "handful":
            return apply_handful(state, seat, tuple(value))  # type: ignore[arg-type]
        return apply_play(state, seat, str(value))

    def view(self, state: TarotState, seat: int | None) -> dict[str, Any]:
        """The §7 view of `seat` (None: spectator)."""
        return build_view(state, seat, self.result(state))

    def result(self, state: TarotState) -> dict[str, Any] | None:
        """The §6.5 result JSON, or None while the deal is being played."""
        if state.phase != "done":
            return None
        if state.annulment is not None:
            return annulled_result(*state.annulment)
        return score_deal(state)

    def settlement(self, state: TarotState) -> list[Payment] | None:
        """The §9 payments `(payer, payee, units)` of a scored deal; None while playing or after an annulment."""
        result = self.result(state)
        if result is None or result["status"] != "scored":
            return None
        return [(p, q, units) for p, q, units in result["payments"]]

    def timeout_action(self, state: TarotState, seat: int) -> SimpleAction:
        """§5.6: pass, the lowest legal discard, no slam, or the legal card with the smallest key.

        Raises:
            IllegalAction: `wrong_phase` when the deal is over, `not_your_turn` for a seat not to act.
        """
        if state.phase == "done":
            raise IllegalAction("wrong_phase", "the deal is over")
        if seat != state.seat_to_act:
            raise IllegalAction("not_your_turn", f"seat {seat} is not to act")
        if state.phase == "bidding":
            return SimpleAction("bid", "pass")
        if state.phase == "discard":
            return SimpleAction("discard", timeout_discard(state.hands[seat]))
        if state.phase == "slam":
            return SimpleAction("slam", False)
        cards = legal_cards(state.hands[seat], [c for _, c in state.trick], excuse_locked(state, seat))
        return SimpleAction("play", timeout_card(cards))

    def to_json(self, state: TarotState) -> dict[str, Any]:
        """Every field of the state (secrets included; storage only)."""
        return state_to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> TarotState:
        """Rebuild a state from `to_json` output."""
        return state_from_json(data)

    # --- the match ------------------------------------------------------------------------------
    def next_round(self, state: TarotState) -> NextRound | None:
        """After a finished deal (§3, §8): same dealer after petit sec, next dealer otherwise; None when the
        match is over. Annulled deals leave scores and `deals_played` unchanged.

        Raises:
            IllegalAction: `wrong_phase` while the deal is being played.
        """
        if state.phase != "done":
            raise IllegalAction("wrong_phase", "the deal is not over")
        if state.annulment is not None:
            dealer = state.dealer if state.annulment[0] == "petit_sec" else (state.dealer + 1) % SEATS
            start = {"scores": list(state.start_scores), "deals_played": state.deals_played}
            return NextRound(dealer, start)
        scores = match_scores(state, self.round_scores(state))
        played = state.deals_played + 1
        if match_over(state.options["match_end"], scores, played):
            return None
        return NextRound((state.dealer + 1) % SEATS, {"scores": scores, "deals_played": played})

    def round_scores(self, state: TarotState) -> list[int] | None:
        """Each seat's score change of the deal (zeros when annulled), None while playing."""
        result = self.result(state)
        return None if result is None else list(result["scores"])

    def standings(self, state: TarotState) -> dict[str, Any]:
        """`{"scores": match totals, "ranking": [{"seat", "score", "place"}...], "over": bool}` (§8)."""
        scores = match_scores(state, self.round_scores(state))
        over = state.phase == "done" and self.next_round(state) is None
        return {"scores": scores, "ranking": ranking(scores), "over": over}

    # --- bots -----------------------------------------------------------------------------------
    def bot(self, level: str, playouts: int | None = None) -> Bot:
        """A bot of `level` (`beginner`, `standard`, `expert`); `playouts` bounds the expert's search."""
        from .bots import make_bot

        return make_bot(level, playouts)
