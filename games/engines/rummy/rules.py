"""German Rommé as played on StarGames: the `rummy` game (docs/rules/rummy.md).

`RummyGame` wires the pieces together: options (§10), dealing (§4, `dealing.py`), the turn (§5, `turns.py`),
legal actions and timeouts (`legal.py`), scoring and the match (§6, §8, §9, `scoring.py`) and views (§7,
`seat_view.py`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.engines.core.errors import IllegalAction
from games.engines.core.protocol import Action, Bot, Game, NextRound

from . import dealing, legal, scoring, seat_view, turns
from .actions import Discard, Draw, Knock, LayOff, MeldAction, RummyAction, SwapJoker, parse_action
from .cards import sort_canonical
from .melds import MAJORITY
from .state import DONE, DRAW_STEP, PLAY, RummyState

DEFAULTS: dict[str, Any] = {
    "players": 4,
    "kloppen": False,
    "hand_jolly": True,
    "limit": 100,
    "opening_min": 30,
    "max_jokers_per_meld": MAJORITY,
    "discard_before_opening": turns.ALWAYS,
}
CHOICES: dict[str, tuple[Any, ...]] = {
    "players": (2, 3, 4),
    "kloppen": (True, False),
    "hand_jolly": (True, False),
    "limit": (1, 50, 100),
    "opening_min": (30, 40),
    "max_jokers_per_meld": (MAJORITY, 1),
    "discard_before_opening": (turns.ALWAYS, turns.ONLY_IF_USED, turns.NEVER),
}

_HANDLERS = {
    Draw: turns.do_draw,
    MeldAction: turns.do_meld,
    LayOff: turns.do_lay_off,
    SwapJoker: turns.do_swap_joker,
    Discard: turns.do_discard,
}


def _same_type(a: Any, b: Any) -> bool:
    return type(a) is type(b)


def normalize_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options of rules §10 with defaults filled in.

    Raises:
        IllegalAction: `bad_options` for an unknown option or a value the rules do not allow (types are strict:
            `true` is not 1, `"4"` is not 4).
    """
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise IllegalAction("bad_options", "options are an object")
    unknown = set(options) - set(DEFAULTS)
    if unknown:
        raise IllegalAction("bad_options", f"unknown option(s) {sorted(unknown)}")
    out = dict(DEFAULTS)
    for key, value in options.items():
        if not any(_same_type(value, choice) and value == choice for choice in CHOICES[key]):
            raise IllegalAction("bad_options", f"option {key} cannot be {value!r}")
        out[key] = value
    return out


class RummyGame(Game):
    """The `rummy` engine (docs/rules/rummy.md); seats = option `players`."""

    key = "rummy"
    aliases = ("romme", "rommé")
    title = "Rummy (Rommé)"

    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """See `normalize_options`."""
        return normalize_options(options)

    def seat_count(self, options: Mapping[str, Any]) -> int:
        """Option `players` (2–4)."""
        return int(self.normalize_options(options)["players"])

    def shuffle_deck(self, rng: random.Random, options: Mapping[str, Any]) -> list[Any]:
        """110 shuffled codes then the two restock permutations as numbers (rules §4)."""
        return dealing.shuffle_order(rng)

    def deal_from_order(
        self, order: Sequence[Any], dealer: int, options: Mapping[str, Any], start: Mapping[str, Any] | None
    ) -> dict[str, Any]:
        """The deal JSON of rules §4; seats eliminated according to `start` get null hands."""
        seats = self.seat_count(options)
        out = (start or {}).get("eliminated_in")
        if out is None:
            limit = self.normalize_options(options)["limit"]
            totals = (start or {}).get("totals") or [0] * seats
            active = [s for s in range(seats) if totals[s] <= limit]
        else:
            active = [s for s in range(seats) if out[s] is None]
        return dealing.deal_from_order(order, dealer, seats, active)

    def new_round(
        self,
        options: Mapping[str, Any] | None,
        deal: Mapping[str, Any],
        dealer: int,
        start: Mapping[str, Any] | None = None,
    ) -> RummyState:
        """Start a deal from the explicit deal JSON (rules §4) and the match state `start` (rules §8).

        Raises:
            IllegalAction: `bad_options`, `bad_deal` (not the pack, bad shape, dealer not a seat, bad start).
        """
        opts = self.normalize_options(options)
        seats = opts["players"]
        hands, stock, pile, restock = dealing.check_deal(deal, seats)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < seats:
            raise IllegalAction("bad_deal", "the dealer is not a seat of the table")
        totals, played, eliminated_in = scoring.read_start(start, seats, hands, opts["limit"])
        state = RummyState(
            options=opts,
            dealer=dealer,
            hands=[None if h is None else sort_canonical(h) for h in hands],
            stock=stock,
            pile=pile,
            restock=restock,
            restocks=0,
            melds=[],
            opened=[False] * seats,
            opened_turn=[None] * seats,
            current=dealer,
            step=DRAW_STEP,
            taken=None,
            drawn=[],
            turn=0,
            top_by=None,
            phase=PLAY,
            winner=None,
            hand_jolly=False,
            void=False,
            totals=totals,
            deals_played=played,
            eliminated_in=eliminated_in,
        )
        state.current = state.next_seat(dealer)
        return state

    def options_of(self, state: RummyState) -> dict[str, Any]:
        """The normalised options."""
        return dict(state.options)

    def phase(self, state: RummyState) -> str:
        """`play` or `done`."""
        return state.phase

    def to_act(self, state: RummyState) -> frozenset[int]:
        """See `legal.to_act`."""
        return legal.to_act(state)

    def legal_actions(self, state: RummyState, seat: int) -> list[Action]:
        """See `legal.legal_actions`."""
        return list(legal.legal_actions(state, seat))

    def parse_action(self, payload: Any) -> RummyAction:
        """See `actions.parse_action`."""
        return parse_action(payload)

    def apply(self, state: RummyState, seat: int, action: Action) -> RummyState:
        """The state after `seat` takes `action` (rules §5); `state` itself is never changed.

        Raises:
            IllegalAction: `wrong_phase`, `not_your_turn`, and the codes of rules §5.4.
        """
        if state.phase == DONE:
            raise IllegalAction("wrong_phase", "the deal is over")
        new = state.copy()
        if isinstance(action, Knock):
            turns.do_knock(new, seat, action)
            return new
        if seat != state.current:
            raise IllegalAction("not_your_turn", "it is not your turn")
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction("bad_action", f"not a rummy action: {action!r}")
        handler(new, seat, action)  # type: ignore[operator]
        return new

    def view(self, state: RummyState, seat: int | None) -> dict[str, Any]:
        """See `seat_view.view`."""
        return seat_view.view(state, seat)

    def result(self, state: RummyState) -> dict[str, Any] | None:
        """See `scoring.result`."""
        return scoring.result(state)

    def settlement(self, state: RummyState) -> list[tuple[int, int, int]] | None:
        """Each loser pays the winner its penalty (rules §9); None while the deal is on or when it was void."""
        if state.phase != DONE or state.void:
            return None
        return scoring.payments(state)

    def timeout_action(self, state: RummyState, seat: int) -> RummyAction:
        """See `legal.timeout_action`."""
        return legal.timeout_action(state, seat)

    def to_json(self, state: RummyState) -> dict[str, Any]:
        """The full state (secrets included)."""
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> RummyState:
        """Inverse of `to_json`."""
        return RummyState.from_json(data)

    def next_round(self, state: RummyState) -> NextRound | None:
        """The next deal (rules §3, §8): the same dealer after a void deal; else the first active seat after the
        old dealer, with updated totals; None when one seat is left (or the deal is not over)."""
        if state.phase != DONE:
            return None
        eliminated_in = scoring.eliminated_after(state)
        active = [s for s in range(state.seats) if eliminated_in[s] is None]
        if len(active) <= 1:
            return None
        played = state.deals_played + (0 if state.void else 1)
        start = {
            "totals": scoring.totals_after(state),
            "deals_played": played,
            "eliminated_in": eliminated_in,
        }
        if state.void:
            return NextRound(state.dealer, start)
        dealer = next(
            (state.dealer + k) % state.seats
            for k in range(1, state.seats + 1)
            if eliminated_in[(state.dealer + k) % state.seats] is None
        )
        return NextRound(dealer, start)

    def round_scores(self, state: RummyState) -> list[int] | None:
        """Net game units per seat from this deal (the result's `deltas`, 0 for seats out; void: all 0)."""
        res = scoring.result(state)
        if res is None:
            return None
        if res.get("void"):
            return [0] * state.seats
        return [d or 0 for d in res["deltas"]]

    def standings(self, state: RummyState) -> dict[str, Any]:
        """`{"scores": totals (penalty points, lower is better), "ranking": places per seat (rules §8), "over",
        "eliminated": per seat bool}` after this deal."""
        totals = scoring.totals_after(state)
        eliminated_in = scoring.eliminated_after(state)
        active = sum(o is None for o in eliminated_in)
        return {
            "scores": totals,
            "ranking": scoring.places(totals, eliminated_in),
            "over": state.phase == DONE and active <= 1,
            "eliminated": [o is not None for o in eliminated_in],
        }

    def bot(self, level: str, playouts: int | None = None) -> Bot:
        """A bot of `level` (games/engines/rummy/bots.py)."""
        from .bots import make_bot

        return make_bot(level, playouts)


def deal_cards(
    rng: random.Random, dealer: int, active: Sequence[int], seats: int | None = None
) -> dict[str, Any]:
    """Module-level dealing rule of rules §4 (`deal_cards(rng, dealer, active)`); see `dealing.deal_cards`."""
    return dealing.deal_cards(rng, dealer, active, seats)
