"""The Tarock (Zwanzigerrufen, StarGames) engine: the Game protocol over the modules of this package.

docs/rules/tarock.md is the specification; section numbers in docstrings refer to it. Phases: `auction` → `play`
→ `done`; a redeal is `done` at once (§4.3, §5). `apply` runs the general checks, copies the state and hands the
copy to `transitions.py`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engines.core import BAD_ACTION, Action, Bot, IllegalAction, InvalidAction, SimpleAction
from games.engines.core.declaration import N_, Declaration
from games.engines.core.package import Package, PackageGame
from games.engines.core.record import PlayedDeal, StatTable
from games.engines.core.standings import declaring_sides
from games.engines.core.wire import is_json_int

from . import actions, dealing, hints, legality, match, record, scoring, timeouts
from .actions import Bid
from .bots import make_bot
from .dealing import deal_from_order, read_deal, redeal_reasons
from .guide import GUIDE
from .legality import legal_actions
from .options import SCHEMA, normalize_options
from .scoring import result
from .seat_view import build_view, public_cards
from .state import TarockState
from .transitions import apply_call, apply_play


class TarockGame(PackageGame[TarockState]):
    """Zwanzigerrufen for four seats, registered as `tarock` (docs/rules/tarock.md)."""

    key = "tarock"
    aliases = ("zwanzigerrufen",)
    declaration = Declaration(
        title=N_("Tarock (Zwanzigerrufen)"),
        seat_counts=(4,),
        settlement_unit="deal",  # §9: each played deal
        default_limit_units=12,  # §9
        deck="tarock",
        module="tarock",
        options=SCHEMA,
        guide=GUIDE,
        rated_unit="deal",  # each played deal, declaring side against the others (docs/decisions-ratings.md)
    )
    package = Package(TarockState, actions, dealing, legality, scoring, timeouts, match, hints)

    # --- options and seats ----------------------------------------------------------------------------
    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Options of §10 with defaults. Raises `IllegalAction("bad_options")`."""
        return normalize_options(options)

    def deal_sides(self, result: Mapping[str, Any]) -> list[tuple[int, int]] | None:
        """§6.5: the declarer and, in a Rufer, the called partner (side 0) against the others (side 1), by the
        declarer's delta; None for a redeal."""
        if "redeal" in result:
            return None
        declarer, deltas = int(result["declarer"]), result["deltas"]
        declaring = {declarer} if result.get("partner") is None else {declarer, int(result["partner"])}
        return declaring_sides(declaring, int(deltas[declarer]), len(deltas))

    def record_stats(self, deals: Sequence[PlayedDeal]) -> list[StatTable]:
        """Games called and won, by contract (tarock.record)."""
        return record.record_stats(deals)

    def match_ends(self, options: Mapping[str, Any]) -> bool:
        """§10: `deals` 0 plays until the table closes; any other number of deals ends the match."""
        return bool(options.get("deals") != 0)

    def seat_groups(self, options: Mapping[str, Any]) -> list[list[int]]:
        """Every seat scores alone: Rufer partnerships change deal by deal (§5.2)."""
        return [[0], [1], [2], [3]]

    # --- dealing --------------------------------------------------------------------------------------
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
        opts = normalize_options(options)
        begin = match.read_start(start)
        if not is_json_int(dealer) or not 0 <= dealer < 4:
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

    def to_act(self, state: TarockState) -> frozenset[int]:
        """The one seat to act, or nobody when done (§5)."""
        return frozenset() if state.turn is None else frozenset((state.turn,))

    def apply(self, state: TarockState, seat: int, action: Action) -> TarockState:
        """The state after `seat` acts, on a copy; `state` itself is never changed.

        Raises:
            IllegalAction: `wrong_phase` (done, a call during play, a card during the auction), `not_your_turn`,
                or the auction's / play's refusal code (§5.4–§5.8).
            InvalidAction: `action` is not a Tarock action.
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
        if isinstance(action, SimpleAction) and is_card:
            apply_play(new, seat, str(action.value))
        else:
            apply_call(new, seat, action)
        return new

    def view(self, state: TarockState, seat: int | None) -> dict[str, Any]:
        """The §7 view for `seat` (None: spectator); keys in `games.engines.tarock.seat_view`."""
        legal = legal_actions(state, seat) if seat is not None else []
        return build_view(state, seat, legal, result(state))

    def public_cards(self, state: TarockState) -> frozenset[str]:
        """`seat_view.public_cards`: the cards every viewer may see now (docs/rules/tarock.md §7)."""
        return public_cards(state)

    # --- bots -----------------------------------------------------------------------------------------
    def bot(self, level: str, playouts: int | None = None) -> Bot:
        """A bot of `level` (`beginner`, `standard`, `expert`); `playouts` bounds the expert's search."""
        return make_bot(level, playouts)
