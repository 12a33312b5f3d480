"""Schieber and Differenzler as one `Game` class configured by variant (docs/rules/jass.md; docs/style.md "Variants are
options plus a registry"): registered as `jass-schieber` and `jass-differenzler`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.engines.core import (
    BAD_ACTION,
    BOT_LEVELS,
    Action,
    Bot,
    Game,
    IllegalAction,
    InvalidAction,
    NextRound,
    SimpleAction,
)

from . import actions, phases
from .bots import make_bot
from .cards import CANONICAL_INDEX, DECK, DECK_SET, POINTS, STRENGTH, SUIT_OF, SUITS, sort_canonical
from .legality import DIFFERENZLER, SCHIEBER, legal_cards
from .scoring import (
    differenzler_payments,
    differenzler_result,
    differenzler_winner,
    empty_credits,
    match_totals,
    penalties,
    round_total,
    schieber_result,
)
from .seat_view import build_view
from .state import DONE, PREDICT, TRUMP, JassState, state_from_json, state_to_json

SCHIEBER_OPTIONS: dict[str, tuple[Any, ...]] = {
    "target": (2500, 1000, 1500, 3000),
    "multipliers": ("stargames", "swisslos", "none"),
    "auto_end": (False, True),
}
DIFFERENZLER_OPTIONS: dict[str, tuple[Any, ...]] = {"predictions": ("secret", "open")}
TIMEOUT_PREDICTION = 39


class JassGame(Game):
    """One Jass variant (`schieber` or `differenzler`); the rules differ only where docs/rules/jass.md says so."""

    def __init__(self, variant: str) -> None:
        self.variant = variant
        self.key = f"jass-{variant}"
        self.aliases = (variant,)
        self.title = "Jass: " + variant.capitalize()
        self._options = SCHIEBER_OPTIONS if variant == SCHIEBER else DIFFERENZLER_OPTIONS
        self._teams = variant == SCHIEBER

    # --- options and seats ---------------------------------------------------------------------------
    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Fill defaults (the first allowed value) for docs/rules/jass.md §10. Raises `IllegalAction("bad_options")`
        for an unknown option or value (a bool is not a target; the table's money limit is not an engine option)."""
        given = dict(options or {})
        unknown = set(given) - set(self._options)
        if unknown:
            raise IllegalAction("bad_options", f"unknown option(s) {sorted(unknown)}")
        normalized = {}
        for name, allowed in self._options.items():
            value = given.get(name, allowed[0])
            if not any(value == a and type(value) is type(a) for a in allowed):
                raise IllegalAction("bad_options", f"{name} must be one of {list(allowed)}")
            normalized[name] = value
        return normalized

    def seat_groups(self, options: Mapping[str, Any]) -> list[list[int]]:
        """Schieber partnerships [[0, 2], [1, 3]] (docs/rules/jass.md §3); Differenzler seats play alone."""
        return [[0, 2], [1, 3]] if self._teams else [[s] for s in range(4)]

    # --- dealing -------------------------------------------------------------------------------------
    def shuffle_deck(self, rng: random.Random, options: Mapping[str, Any]) -> list[str]:
        """The canonical deck shuffled with `rng.shuffle` (docs/rules/jass.md §4)."""
        order = list(DECK)
        rng.shuffle(order)
        return order

    def deal_from_order(
        self, order: Sequence[str], dealer: int, options: Mapping[str, Any], start: Mapping[str, Any] | None
    ) -> dict[str, Any]:
        """12 packets of three, packet j to seat (forehand + j) mod 4; the dealer's last card is Differenzler's
        `trump_card` (docs/rules/jass.md §4). Returns the deal JSON with hands in canonical order."""
        hands: list[list[str]] = [[], [], [], []]
        forehand = (dealer + 1) % 4
        for j in range(12):
            hands[(forehand + j) % 4].extend(order[3 * j : 3 * j + 3])
        deal: dict[str, Any] = {"hands": [sort_canonical(h) for h in hands]}
        if self.variant == DIFFERENZLER:
            deal["trump_card"] = order[-1]
        return deal

    # --- the round -----------------------------------------------------------------------------------
    def new_round(
        self,
        options: Mapping[str, Any] | None,
        deal: Mapping[str, Any],
        dealer: int,
        start: Mapping[str, Any] | None = None,
    ) -> JassState:
        """Start a round (docs/rules/jass.md §4, §8). Raises `IllegalAction`: `bad_options`; `bad_deal` when the hands
        are not the 36-card deck in four hands of nine, the dealer is not a seat, the Differenzler `trump_card` is
        not in the dealer's hand, or `start` is malformed."""
        opts = self.normalize_options(options)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < 4:
            raise IllegalAction("bad_deal", "the dealer is a seat 0-3")
        hands = self._check_deal(deal, dealer)
        totals, rounds_played = self._check_start(start)
        state = JassState(
            variant=self.variant,
            options=opts,
            dealer=dealer,
            deal={k: (list(map(list, v)) if k == "hands" else v) for k, v in deal.items()},
            start_totals=totals,
            rounds_played=rounds_played,
            hands=hands,
            phase=TRUMP if self.variant == SCHIEBER else PREDICT,
            credits=empty_credits(2 if self._teams else 4),
        )
        if self.variant == DIFFERENZLER:
            state.mode = SUIT_OF[deal["trump_card"]]
        return state

    def _check_deal(self, deal: Mapping[str, Any], dealer: int) -> list[list[str]]:
        expected_keys = {"hands"} if self.variant == SCHIEBER else {"hands", "trump_card"}
        if not isinstance(deal, Mapping) or set(deal) != expected_keys:
            raise IllegalAction("bad_deal", f"a deal has exactly the keys {sorted(expected_keys)}")
        hands = deal["hands"]
        if (
            not isinstance(hands, list)
            or len(hands) != 4
            or any(not isinstance(h, list) or len(h) != 9 for h in hands)
            or any(not isinstance(c, str) or c not in DECK_SET for h in hands for c in h)
            or len({c for h in hands for c in h}) != 36
        ):
            raise IllegalAction("bad_deal", "the hands must be the 36-card deck, nine cards to each seat")
        if self.variant == DIFFERENZLER and deal["trump_card"] not in hands[dealer]:
            raise IllegalAction("bad_deal", "the trump card must be in the dealer's hand")
        return [sort_canonical(h) for h in hands]

    def _check_start(self, start: Mapping[str, Any] | None) -> tuple[list[int], int]:
        size = 2 if self._teams else 4
        if start is None:
            return [0] * size, 0
        keys = {"totals"} if self._teams else {"totals", "rounds_played"}
        totals = start.get("totals") if isinstance(start, Mapping) else None
        if (
            not isinstance(start, Mapping)
            or not set(start) <= keys
            or not isinstance(totals, list)
            or len(totals) != size
            or any(isinstance(t, bool) or not isinstance(t, int) or t < 0 for t in totals)
        ):
            raise IllegalAction("bad_deal", f"start is {{'totals': [{size} integers ≥ 0]}}")
        rounds = start.get("rounds_played", 0)
        if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 0:
            raise IllegalAction("bad_deal", "rounds_played is an integer ≥ 0")
        return list(totals), rounds

    def options_of(self, state: JassState) -> dict[str, Any]:
        """The normalised options of the round."""
        return dict(state.options)

    def phase(self, state: JassState) -> str:
        """`trump`, `predict`, `play` or `done` (docs/rules/jass.md §5)."""
        return state.phase

    def to_act(self, state: JassState) -> frozenset[int]:
        """Seats that may act now (docs/rules/jass.md §5 table)."""
        return phases.to_act(state)

    def legal_actions(self, state: JassState, seat: int) -> list[Action]:
        """Every listable legal action of `seat` (docs/rules/jass.md §5; Weis are never listed)."""
        return list(phases.legal_actions(state, seat))

    def parse_action(self, payload: Any) -> SimpleAction:
        """Read a wire action; raises `InvalidAction` (`bad_action`) when malformed (docs/rules/jass.md §5)."""
        return actions.parse_action(payload)

    def apply(self, state: JassState, seat: int, action: Action) -> JassState:
        """Apply `action` by `seat` to a copy of `state` (docs/rules/jass.md §5 check order).

        Raises:
            IllegalAction: `wrong_phase` (round over, or an action of another phase), `not_your_turn`, then the
                action's own refusal (§5.1–§5.6). `state` is never changed.
        """
        if state.phase == DONE:
            raise IllegalAction("wrong_phase", "the round is over")
        if seat not in phases.to_act(state):
            raise IllegalAction("not_your_turn", "it is not your turn")
        if not isinstance(action, SimpleAction) or action.kind not in actions.KIND_PHASE:
            raise InvalidAction(BAD_ACTION, f"not a Jass action: {action!r}")
        kind = action.kind
        if actions.KIND_PHASE[kind] != state.phase:
            raise IllegalAction("wrong_phase", f"{kind} is not an action of phase {state.phase}")
        new = state.clone()
        value: Any = action.value
        if kind == "play":
            phases.apply_play(new, seat, value)
        elif kind == "trump":
            phases.apply_trump(new, seat, value)
        elif kind == "push":
            phases.apply_push(new, seat)
        elif kind == "predict":
            phases.apply_predict(new, seat, value)
        elif kind == "weis":
            phases.apply_weis(new, seat, value)
        else:
            phases.apply_thanks(new, seat)
        return new

    def view(self, state: JassState, seat: int | None) -> dict[str, Any]:
        """JSON-ready view of what `seat` (None: a spectator) may see (docs/rules/jass.md §7)."""
        return build_view(state, seat, self.key, self.result(state))

    def result(self, state: JassState) -> dict[str, Any] | None:
        """The round's result JSON (docs/rules/jass.md §6.5), None while the round is not over."""
        if state.phase != DONE:
            return None
        return schieber_result(state) if self._teams else differenzler_result(state)

    def settlement(self, state: JassState) -> list[tuple[int, int, int]] | None:
        """§9's payments `(payer, payee, units)` when this round ends the match, else None."""
        if state.phase != DONE:
            return None
        if self._teams:
            ended = schieber_result(state)["ended"]
            return None if ended is None else [tuple(p) for p in ended["payments"]]  # type: ignore[misc]
        totals = match_totals(state)
        if differenzler_winner(totals, state.rounds_played + 1) is None:
            return None
        return [tuple(p) for p in differenzler_payments(totals)]  # type: ignore[misc]

    def timeout_action(self, state: JassState, seat: int) -> SimpleAction:
        """The timeout action of docs/rules/jass.md §5.7.

        Raises:
            IllegalAction: `not_your_turn` for a seat with no move due (not in `to_act`, or in it only for the
                optional "Enough, thanks": the timer runs only for the seat to play).
        """
        if seat not in phases.to_act(state):
            raise IllegalAction("not_your_turn", "no move is due from this seat")
        if state.phase == TRUMP:
            if not state.pushed:
                return actions.PUSH
            hand = state.hands[seat]
            counts = [sum(1 for c in hand if SUIT_OF[c] == s) for s in SUITS]
            return actions.trump(SUITS[counts.index(max(counts))])
        if state.phase == PREDICT:
            return actions.predict(TIMEOUT_PREDICTION)
        if seat != state.to_play():
            raise IllegalAction("not_your_turn", "only the seat to play has a timeout")
        mode = state.mode or ""
        legal = legal_cards(state.hands[seat], state.trick, mode, state.variant)
        suit_rank = {s: i for i, s in enumerate(SUITS)}
        card = min(legal, key=lambda c: (POINTS[mode][c], STRENGTH[mode][c], suit_rank[SUIT_OF[c]]))
        return actions.play(card)

    def to_json(self, state: JassState) -> dict[str, Any]:
        """The full state as JSON (secrets included: storage only)."""
        return state_to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> JassState:
        """Rebuild a state from `to_json` output."""
        return state_from_json(dict(data))

    # --- the match -----------------------------------------------------------------------------------
    def next_round(self, state: JassState) -> NextRound | None:
        """After a finished round: the next dealer (dealer + 1) and `start` (docs/rules/jass.md §8), or None when this
        round ended the match. Raises `ValueError` while the round is not over."""
        if state.phase != DONE:
            raise ValueError("the round is not over")
        totals = match_totals(state)
        dealer = (state.dealer + 1) % 4
        if self._teams:
            return None if state.ended is not None else NextRound(dealer, {"totals": totals})
        if differenzler_winner(totals, state.rounds_played + 1) is not None:
            return None
        return NextRound(dealer, {"totals": totals, "rounds_played": state.rounds_played + 1})

    def round_scores(self, state: JassState) -> list[int] | None:
        """Per seat, higher is better: Schieber its team's points credited this round (after the multiplier);
        Differenzler minus its penalty (docs/rules/jass.md §6.2, §6.4). None while the round is not over."""
        if state.phase != DONE:
            return None
        if self._teams:
            return [round_total(state, s % 2) for s in range(4)]
        return [-p for p in penalties(state)]

    def standings(self, state: JassState) -> dict[str, Any]:
        """`{"scores": per seat match total, "ranking": per seat place (1 best, ties share), "over": bool}`.

        Schieber: scores are team totals (higher better; once over, the winners are first whatever the totals).
        Differenzler: penalty totals, ascending (docs/rules/jass.md §8).
        """
        totals = match_totals(state)
        if self._teams:
            scores = [totals[s % 2] for s in range(4)]
            over = state.ended is not None
            if over:
                assert state.ended is not None
                ranking = [1 if s % 2 == state.ended.winner_team else 2 for s in range(4)]
            else:
                ranking = [1 + sum(1 for t in scores if t > scores[s]) for s in range(4)]
            return {"scores": scores, "ranking": ranking, "over": over}
        rounds = state.rounds_played + (1 if state.phase == DONE else 0)
        over = state.phase == DONE and differenzler_winner(totals, rounds) is not None
        ranking = [1 + sum(1 for t in totals if t < totals[s]) for s in range(4)]
        return {"scores": totals, "ranking": ranking, "over": over}

    # --- bots ----------------------------------------------------------------------------------------
    def bot(self, level: str, playouts: int | None = None) -> Bot:
        """A bot of `level` in `BOT_LEVELS` (games/engines/jass/bots.py); `playouts` bounds the expert's search."""
        if level not in BOT_LEVELS:
            raise ValueError(f"unknown bot level {level!r}")
        # JassBot.choose may return None (declining the optional "Enough, thanks"), wider than `Bot`.
        return make_bot(level, self.variant, playouts)  # type: ignore[return-value]


SCHIEBER_GAME = JassGame(SCHIEBER)
DIFFERENZLER_GAME = JassGame(DIFFERENZLER)

__all__ = ["CANONICAL_INDEX", "DIFFERENZLER_GAME", "SCHIEBER_GAME", "JassGame"]
