"""German Rommé as played on StarGames: the `rummy` game (docs/rules/rummy.md).

`RummyGame` wires the pieces together: options (§10, `options.py`), dealing (§4, `dealing.py`), who may act and
what (§5.1, `legality.py`), the turn (§5, `transitions.py`), timeouts (§5.10, `timeouts.py`), scoring (§6, §9,
`scoring.py`), the match (§8, `match.py`) and views (§7, `seat_view.py`). `apply` runs the general checks, copies
the state and hands the copy to one transition per action kind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.engines.core.declaration import N_, Declaration
from games.engines.core.errors import BAD_ACTION, IllegalAction, InvalidAction
from games.engines.core.package import Package, PackageGame
from games.engines.core.protocol import Action, Bot
from games.engines.core.record import PlayedDeal, StatTable
from games.engines.core.wire import is_json_int

from . import actions, dealing, hints, legality, match, record, scoring, seat_view, timeouts, transitions
from .actions import Discard, Draw, Knock, LayOff, MeldAction, SwapJoker
from .bots import make_bot
from .cards import sort_canonical
from .guide import GUIDE
from .legality import dealt_in, due, to_act
from .options import SCHEMA, normalize_options
from .state import DONE, DRAW_STEP, PLAY, RummyState

_HANDLERS: dict[type[Any], Callable[[RummyState, int, Any], None]] = {
    Draw: transitions.do_draw,
    MeldAction: transitions.do_meld,
    LayOff: transitions.do_lay_off,
    SwapJoker: transitions.do_swap_joker,
    Discard: transitions.do_discard,
}


class RummyGame(PackageGame[RummyState]):
    """The `rummy` engine (docs/rules/rummy.md); seats = option `players`."""

    key = "rummy"
    aliases = ("romme", "rommé")
    declaration = Declaration(
        title=N_("Rummy (Rommé)"),
        seat_counts=(2, 3, 4),
        seats_option="players",
        settlement_unit="deal",  # §9: each scored deal
        default_limit_units=100,  # §9
        deck="rummy",
        module="rummy",
        options=SCHEMA,
        guide=GUIDE,
        rated_unit="match",  # by final places (docs/decisions-ratings.md)
    )
    package = Package(RummyState, actions, dealing, legality, scoring, timeouts, match, hints)

    def record_stats(self, deals: Sequence[PlayedDeal]) -> list[StatTable]:
        """Average penalty and hand-jollies (rummy.record)."""
        return record.record_stats(deals)

    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """See `options.normalize_options`."""
        return normalize_options(options)

    def deal_from_order(
        self, order: Sequence[Any], dealer: int, options: Mapping[str, Any], start: Mapping[str, Any] | None
    ) -> dict[str, Any]:
        """The deal JSON of rules §4; seats eliminated according to `start` get null hands."""
        seats = self.seat_count(options)
        active = match.active_seats(seats, self.normalize_options(options)["limit"], start)
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
        hands, stock, pile, restock = dealing.read_deal(deal, seats)
        if not is_json_int(dealer) or not 0 <= dealer < seats:
            raise IllegalAction("bad_deal", "the dealer is not a seat of the table")
        totals, played, eliminated_in = match.read_start(start, seats, hands, opts["limit"])
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

    def to_act(self, state: RummyState) -> frozenset[int]:
        """See `legality.to_act`."""
        return to_act(state)

    def due(self, state: RummyState) -> frozenset[int]:
        """See `legality.due`: the current seat only."""
        return due(state)

    def dealt_in(self, state: RummyState) -> frozenset[int]:
        """See `legality.dealt_in`: the seats still in the match."""
        return dealt_in(state)

    def apply(self, state: RummyState, seat: int, action: Action) -> RummyState:
        """The state after `seat` takes `action` (rules §5), on a copy; `state` itself is never changed.

        Raises:
            IllegalAction: `wrong_phase`, `not_your_turn`, and the codes of rules §5.4.
            InvalidAction: `action` is not a Rummy action.
        """
        if state.phase == DONE:
            raise IllegalAction("wrong_phase", "the deal is over")
        if isinstance(action, Knock):
            new = state.copy()
            transitions.do_knock(new, seat, action)
            return new
        if seat != state.current:
            raise IllegalAction("not_your_turn", "it is not your turn")
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise InvalidAction(BAD_ACTION, f"not a rummy action: {action!r}")
        new = state.copy()
        handler(new, seat, action)
        return new

    def view(self, state: RummyState, seat: int | None) -> dict[str, Any]:
        """See `seat_view.view`."""
        return seat_view.view(state, seat)

    def public_cards(self, state: RummyState) -> frozenset[str]:
        """See `seat_view.public_cards` (docs/rules/rummy.md §7)."""
        return seat_view.public_cards(state)

    def bot(self, level: str, playouts: int | None = None) -> Bot:
        """A bot of `level` (games/engines/rummy/bots.py)."""
        return make_bot(level, playouts)
