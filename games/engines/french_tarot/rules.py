"""French Tarot for four players (docs/rules/french_tarot.md): the `Game` the registry serves as `french-tarot`.

`apply` runs the general checks of §5 in the rules file's order (form is `parse_action`'s job; then phase
`done`, turn, the action's phase), copies the state and dispatches to one function per phase in `transitions.py`.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from games.engines.core import BAD_ACTION, Action, IllegalAction, InvalidAction, SimpleAction
from games.engines.core.declaration import N_, Declaration
from games.engines.core.package import Package, PackageGame
from games.engines.core.protocol import Bot
from games.engines.core.record import PlayedDeal, StatTable
from games.engines.core.standings import declaring_sides

from . import actions, dealing, hints, legality, match, record, scoring, timeouts
from .actions import ACTION_PHASE
from .bots import make_bot
from .dealing import deal_from_order
from .guide import GUIDE
from .options import SCHEMA, normalize_options
from .scoring import result
from .seat_view import build_view, public_cards
from .state import TarotState
from .transitions import apply_bid, apply_discard, apply_handful, apply_play, apply_slam, start_deal


class FrenchTarot(PackageGame[TarotState]):
    """French Tarot, profiles `fft` and `seed002` (docs/rules/french_tarot.md)."""

    key = "french-tarot"
    aliases = ("french_tarot", "tarot", "french-tarot-fft")
    declaration = Declaration(
        title=N_("French Tarot"),
        seat_counts=(4,),
        settlement_unit="deal",  # §9: each scored deal
        default_limit_units=150,  # §9
        deck="tarot",
        module="french-tarot",
        options=SCHEMA,
        guide=GUIDE,
        rated_unit="deal",  # each scored deal, taker against defence (docs/decisions-ratings.md)
    )
    package = Package(TarotState, actions, dealing, legality, scoring, timeouts, match, hints)

    # --- options, dealing ------------------------------------------------------------------------
    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """§10 options with defaults. Raises `IllegalAction("bad_options")`."""
        return normalize_options(options)

    def deal_sides(self, result: Mapping[str, Any]) -> list[tuple[int, int]] | None:
        """§6.5: a scored deal's taker (side 0) against the defence (side 1), by the taker's score; None for an
        annulled deal."""
        if result.get("status") != "scored":
            return None
        taker, scores = int(result["taker"]), result["scores"]
        return declaring_sides({taker}, int(scores[taker]), len(scores))

    def record_stats(self, deals: Sequence[PlayedDeal]) -> list[StatTable]:
        """Contracts taken and made, by contract (french_tarot.record)."""
        return record.record_stats(deals)

    def match_ends(self, options: Mapping[str, Any]) -> bool:
        """§10: every `match_end` but "open" ends the match."""
        return bool(options.get("match_end") != "open")

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

    def apply(self, state: TarotState, seat: int, action: Action) -> TarotState:
        """Apply `action` by `seat` (§5 check order) to a copy. Raises `IllegalAction`; `state` is never changed."""
        if not isinstance(action, SimpleAction):
            action = actions.parse_action(action.to_wire())
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

    def public_cards(self, state: TarotState) -> frozenset[str]:
        """`seat_view.public_cards`: the cards every viewer may see now (docs/rules/french_tarot.md §7)."""
        return public_cards(state)

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
