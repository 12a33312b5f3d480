"""The Tarock (Zwanzigerrufen, StarGames) engine: the Game protocol over the modules of this package.

docs/rules/tarock.md is the specification; section numbers in docstrings refer to it. Phases: `auction` → `play`
→ `done`; a redeal is `done` at once (§4.3, §5).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

from games.engines.core import BAD_ACTION, Action, Bot, Game, IllegalAction, InvalidAction, NextRound, SimpleAction

from . import match
from .actions import PASS, Bid, TarockAction, parse_action
from .auction import apply_call, bid_refusal, legal_calls, under_mandatory_kontra
from .cards import timeout_key
from .deal import deal_from_order, read_deal, redeal_reasons, shuffled_deck
from .play import card_refusal, do_play, legal_cards
from .scoring import score
from .seat_view import build_view
from .state import TarockState


class TarockGame(Game):
    """Zwanzigerrufen for four seats, registered as `tarock` (docs/rules/tarock.md)."""

    key = "tarock"
    aliases = ("zwanzigerrufen",)
    title = "Tarock (Zwanzigerrufen)"

    # --- options and seats ----------------------------------------------------------------------------
    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Options of §10 with defaults. Raises `IllegalAction("bad_options")`."""
        return match.normalize_options(options)

    def seat_groups(self, options: Mapping[str, Any]) -> list[list[int]]:
        """Every seat scores alone: Rufer partnerships change deal by deal (§5.2)."""
        return [[0], [1], [2], [3]]

    # --- dealing --------------------------------------------------------------------------------------
    def shuffle_deck(self, rng: random.Random, options: Mapping[str, Any]) -> list[str]:
        """The canonical 40-card order shuffled by `rng.shuffle` (§4.2)."""
        return shuffled_deck(rng)

    def deal_from_order(
        self, order: Sequence[Any], dealer: int, options: Mapping[str, Any], start: Mapping[str, Any] | None
    ) -> dict[str, Any]:
        """`{"hands": [...]}` by §4.2's packets of five starting at F."""
        return deal_from_order(order, dealer)

    # --- the round ------------------------------------------------------------------------------------
    def new_round(
        self,
        options: Mapping[str, Any] | None,
        deal: Mapping[str, Any],
        dealer: int,
        start: Mapping[str, Any] | None = None,
    ) -> TarockState:
        """Start a deal; a hand that forces a redeal ends it at once (§4.3).

        Raises:
            IllegalAction: `bad_options` (options or start), `bad_deal` (not a partition of the 40 cards, or a
                dealer that is not a seat).
        """
        opts = match.normalize_options(options)
        begin = match.read_start(start)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < 4:
            raise IllegalAction("bad_deal", "the dealer is a seat 0..3")
        hands = read_deal(deal)
        state = TarockState(
            options=opts, dealer=dealer, start=begin, dealt=hands, hands=[list(h) for h in hands]
        )
        reasons = redeal_reasons(hands)
        if reasons:
            state.phase = "done"
            state.redeal = reasons
        else:
            state.turn = state.forehand
        return state

    def options_of(self, state: TarockState) -> dict[str, Any]:
        """The deal's normalised options."""
        return dict(state.options)

    def phase(self, state: TarockState) -> str:
        """`auction`, `play` or `done`."""
        return state.phase

    def to_act(self, state: TarockState) -> frozenset[int]:
        """The one seat to act, or nobody when done (§5)."""
        return frozenset() if state.turn is None else frozenset((state.turn,))

    def legal_actions(self, state: TarockState, seat: int) -> list[Action]:
        """Single calls (auction) or cards (play) of `seat`; [] when it is not its turn (§5.1)."""
        if state.turn != seat:
            return []
        if state.phase == "auction":
            return list(legal_calls(state, seat))
        return [SimpleAction("play", c) for c in legal_cards(state, seat)]

    def parse_action(self, payload: Any) -> TarockAction:
        """Wire object → action (§5.1). Raises `InvalidAction` (`bad_action`)."""
        return parse_action(payload)

    def apply(self, state: TarockState, seat: int, action: Action) -> TarockState:
        """The state after `seat` acts; `state` itself is never changed.

        Raises:
            IllegalAction: `wrong_phase` (done, a call during play, a card during the auction), `not_your_turn`,
                or the auction's / play's refusal code (§5.4–§5.8).
        """
        if state.phase == "done":
            raise IllegalAction("wrong_phase", "the deal is over")
        if seat != state.turn:
            raise IllegalAction("not_your_turn")
        if not isinstance(action, (Bid, SimpleAction)):
            raise InvalidAction(BAD_ACTION, "not a Tarock action")
        is_card = isinstance(action, SimpleAction) and action.kind == "play"
        if (state.phase == "play") != is_card:
            raise IllegalAction("wrong_phase", "a call during play or a card during the auction")
        new = state.copy()
        if is_card:
            card = str(cast(SimpleAction, action).value)
            code = card_refusal(state, seat, card)
            if code is None:
                do_play(new, seat, card)
        else:
            code = apply_call(new, seat, action)
        if code is not None:
            raise IllegalAction(code)
        return new

    def view(self, state: TarockState, seat: int | None) -> dict[str, Any]:
        """The §7 view for `seat` (None: spectator); keys in `games.engines.tarock.seat_view`."""
        legal = self.legal_actions(state, seat) if seat is not None else []
        return build_view(state, seat, legal, self.result(state))

    def result(self, state: TarockState) -> dict[str, Any] | None:
        """§6.5 result JSON, `{"redeal": [codes]}` for a thrown-in deal, None before `done`."""
        if state.phase != "done":
            return None
        if state.redeal is not None:
            return {"redeal": list(state.redeal)}
        return score(state)

    def settlement(self, state: TarockState) -> list[tuple[int, int, int]] | None:
        """§9: the payments of a played deal (possibly []), None for a redeal or an unfinished deal."""
        if state.phase != "done" or state.redeal is not None:
            return None
        return [(p, q, u) for p, q, u in score(state)["payments"]]

    def timeout_action(self, state: TarockState, seat: int) -> TarockAction:
        """§5.9: F's opening Rufer (else Solo), the mandatory Kontra, a pass, or the smallest-key legal card.

        Raises:
            IllegalAction("not_your_turn"): `seat` is not to act.
        """
        if state.turn != seat:
            raise IllegalAction("not_your_turn")
        if state.phase == "auction":
            if state.contract is None:
                return Bid("rufer") if bid_refusal(state, seat, "rufer") is None else Bid("solo")
            if under_mandatory_kontra(state, seat):
                return SimpleAction("kontra", "game")
            return PASS
        return SimpleAction("play", min(legal_cards(state, seat), key=timeout_key))

    def to_json(self, state: TarockState) -> dict[str, Any]:
        """The full state (storage only)."""
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> TarockState:
        """Inverse of `to_json`."""
        return TarockState.from_json(data)

    # --- the match ------------------------------------------------------------------------------------
    def _totals_after(self, state: TarockState) -> list[int]:
        deltas = self.round_scores(state) or [0, 0, 0, 0]
        return [t + d for t, d in zip(state.start["totals"], deltas)]

    def _deals_after(self, state: TarockState) -> int:
        return state.start["deals_played"] + (0 if state.redeal is not None else 1)

    def next_round(self, state: TarockState) -> NextRound | None:
        """§8: same dealer after a redeal, next(dealer) after a played deal; None when `deals` are played."""
        if state.phase != "done":
            return None
        played = self._deals_after(state)
        limit = state.options["deals"]
        if limit and played >= limit:
            return None
        dealer = state.dealer if state.redeal is not None else (state.dealer + 1) % 4
        return NextRound(dealer, {"totals": self._totals_after(state), "deals_played": played})

    def round_scores(self, state: TarockState) -> list[int] | None:
        """Seat deltas of this deal (§6.4); zeros for a redeal; None before `done`."""
        if state.phase != "done":
            return None
        if state.redeal is not None:
            return [0, 0, 0, 0]
        return list(score(state)["deltas"])

    def standings(self, state: TarockState) -> dict[str, Any]:
        """`{"scores": cumulative deltas, "ranking": place per seat (1 best, ties share), "over": bool}` (§8)."""
        done = state.phase == "done"
        totals = self._totals_after(state) if done else list(state.start["totals"])
        limit = state.options["deals"]
        over = bool(done and limit and self._deals_after(state) >= limit)
        return {"scores": totals, "ranking": match.places(totals), "over": over}

    # --- bots -----------------------------------------------------------------------------------------
    def bot(self, level: str, playouts: int | None = None) -> Bot:
        """A bot of `level` (`beginner`, `standard`, `expert`); `playouts` bounds the expert's search."""
        from .bots import make_bot

        return cast(Bot, make_bot(level, playouts))
