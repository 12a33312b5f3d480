"""Schieber and Differenzler as one `Game` class configured by variant (docs/rules/jass.md; docs/style.md "Variants are
options plus a registry"): registered as `jass-schieber` and `jass-differenzler`.

`apply` runs the checks every action shares, copies the state and hands the copy to `transitions.py`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engines.core import BAD_ACTION, Action, Bot, IllegalAction, InvalidAction, SimpleAction
from games.engines.core.declaration import N_, Choice, Declaration, Preference, SharedPreferences
from games.engines.core.package import Package, PackageGame
from games.engines.core.record import PlayedDeal, StatTable
from games.engines.core.wire import is_json_int

from . import actions, dealing, hints, legality, match, record, scoring, timeouts, transitions
from .bots import make_bot
from .cards import SUIT_OF
from .dealing import deal_from_order, read_deal
from .guide import DIFFERENZLER_GUIDE, SCHIEBER_GUIDE
from .legality import due, to_act
from .options import SCHEMAS, normalize_options
from .scoring import empty_credits, result
from .seat_view import build_view, public_cards
from .state import DIFFERENZLER, DONE, PREDICT, SCHIEBER, TRUMP, JassState


class JassGame(PackageGame[JassState]):
    """One Jass variant (`schieber` or `differenzler`); the rules differ only where docs/rules/jass.md says so."""

    package = Package(JassState, actions, dealing, legality, scoring, timeouts, match, hints)

    def __init__(self, variant: str) -> None:
        self.variant = variant
        self.key = f"jass-{variant}"
        self.aliases = (variant,)
        self.declaration = _declaration(variant)
        self._teams = variant == SCHIEBER

    # --- options and seats ---------------------------------------------------------------------------
    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Fill defaults for docs/rules/jass.md §10. Raises `IllegalAction("bad_options")`."""
        return normalize_options(self.variant, options)

    def record_stats(self, deals: Sequence[PlayedDeal]) -> list[StatTable]:
        """Schieber: average points per round and trumps chosen; Differenzler: average distance (jass.record)."""
        return record.schieber_stats(deals) if self._teams else record.differenzler_stats(deals)

    def seat_groups(self, options: Mapping[str, Any]) -> list[list[int]]:
        """Schieber partnerships [[0, 2], [1, 3]] (docs/rules/jass.md §3); Differenzler seats play alone."""
        return [[0, 2], [1, 3]] if self._teams else [[s] for s in range(4)]

    # --- dealing -------------------------------------------------------------------------------------
    def deal_from_order(
        self, order: Sequence[str], dealer: int, options: Mapping[str, Any], start: Mapping[str, Any] | None
    ) -> dict[str, Any]:
        """12 packets of three from the forehand; Differenzler's `trump_card` is the dealer's last card (§4)."""
        return deal_from_order(order, dealer, self.variant)

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
        if not is_json_int(dealer) or not 0 <= dealer < 4:
            raise IllegalAction("bad_deal", "the dealer is a seat 0-3")
        hands = read_deal(deal, dealer, self.variant)
        totals, rounds_played = match.read_start(start, self.variant)
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

    def to_act(self, state: JassState) -> frozenset[int]:
        """Seats that may act now (docs/rules/jass.md §5 table)."""
        return to_act(state)

    def due(self, state: JassState) -> frozenset[int]:
        """Seats whose move is awaited: `to_act` less a seat holding only "Enough, thanks" (docs/rules/jass.md §5.6)."""
        return due(state)

    def apply(self, state: JassState, seat: int, action: Action) -> JassState:
        """Apply `action` by `seat` to a copy of `state` (docs/rules/jass.md §5 check order).

        Raises:
            IllegalAction: `wrong_phase` (round over, or an action of another phase), `not_your_turn`, then the
                action's own refusal (§5.1–§5.6). `state` is never changed.
            InvalidAction: `action` is not a Jass action.
        """
        if state.phase == DONE:
            raise IllegalAction("wrong_phase", "the round is over")
        if seat not in to_act(state):
            raise IllegalAction("not_your_turn", "it is not your turn")
        if not isinstance(action, SimpleAction) or action.kind not in actions.KIND_PHASE:
            raise InvalidAction(BAD_ACTION, f"not a Jass action: {action!r}")
        kind = action.kind
        if actions.KIND_PHASE[kind] != state.phase:
            raise IllegalAction("wrong_phase", f"{kind} is not an action of phase {state.phase}")
        new = state.copy()
        value: Any = action.value
        if kind == "play":
            transitions.apply_play(new, seat, value)
        elif kind == "trump":
            transitions.apply_trump(new, seat, value)
        elif kind == "push":
            transitions.apply_push(new, seat)
        elif kind == "predict":
            transitions.apply_predict(new, seat, value)
        elif kind == "weis":
            transitions.apply_weis(new, seat, value)
        else:
            transitions.apply_thanks(new, seat)
        return new

    def view(self, state: JassState, seat: int | None) -> dict[str, Any]:
        """JSON-ready view of what `seat` (None: a spectator) may see (docs/rules/jass.md §7)."""
        return build_view(state, seat, self.key, result(state))

    def public_cards(self, state: JassState) -> frozenset[str]:
        """`seat_view.public_cards`: the cards every viewer may see now (docs/rules/jass.md §7)."""
        return public_cards(state)

    def hidden_while_match_runs(
        self, state: JassState, actions: Sequence[Mapping[str, Any]]
    ) -> frozenset[int]:
        """Schieber: the positions of the Weis declarations of the team that does not score its Weis
        (docs/rules/jass.md §5.4, §7: the other team's Weis cards are never shown; the result names only the
        scoring team's). Differenzler, and a round not over: none."""
        done = result(state)
        if not self._teams or done is None:
            return frozenset()
        weis = done.get("weis")
        scoring = set(self.seat_groups(state.options)[weis["team"]]) if weis else set()
        return frozenset(
            i
            for i, step in enumerate(actions)
            if isinstance(step.get("action"), Mapping)
            and "weis" in step["action"]
            and step["seat"] not in scoring
        )

    # --- bots ----------------------------------------------------------------------------------------
    def bot(self, level: str, playouts: int | None = None) -> Bot:
        """A bot of `level` in `BOT_LEVELS` (games/engines/jass/bots.py); `playouts` bounds the expert's search."""
        return make_bot(level, self.variant, playouts)


#: The player's choice of card faces; both variants offer it (games/engines/core/declaration.py `Preference`).
DECK_DESIGN = Preference(
    "deck_design",
    N_("Cards"),
    (Choice("french", N_("French suits")), Choice("swiss", N_("Swiss-German suits"))),
    "french",
)
#: One setting for both variants: a player who wants the Swiss deck means it for every Jass table.
JASS_PREFERENCES = SharedPreferences("jass", N_("Jass"))


def _declaration(variant: str) -> Declaration:
    """One variant's declaration: both settle once per match, each with its default limit (docs/rules/jass.md §9)."""
    return Declaration(
        title=N_("Jass: Schieber") if variant == SCHIEBER else N_("Jass: Differenzler"),
        seat_counts=(4,),
        settlement_unit="match",
        default_limit_units=1 if variant == SCHIEBER else 100,  # Schieber: the limit equals the stake
        deck="jass",
        module="jass",
        options=SCHEMAS[variant],
        preferences=(DECK_DESIGN,),
        shared_preferences=JASS_PREFERENCES,
        guide=SCHIEBER_GUIDE if variant == SCHIEBER else DIFFERENZLER_GUIDE,
        rated_unit="match",  # by pairs (Schieber) or places (Differenzler), docs/decisions-ratings.md
    )


SCHIEBER_GAME = JassGame(SCHIEBER)
DIFFERENZLER_GAME = JassGame(DIFFERENZLER)

__all__ = ["DIFFERENZLER_GAME", "SCHIEBER_GAME", "JassGame"]
