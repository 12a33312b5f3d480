"""What the page of the seat to act needs beyond the listed actions (docs/rules/jass.md §5.4–§5.6).

Weis are never listed (§5): `hints` gives the seat to play in trick 1 every Weis its hand holds, ready to
declare, and tells a seat dealt the trump King and Queen that its Stöck is still to come (§5.5, scored
automatically). `offered` lists the calls a page offers, so `Game.refusals` can ask `apply` why one is refused.
Both read only the seat's own hand and public facts.
"""

from __future__ import annotations

from typing import Any

from games.engines.core.offers import ANY, Offers, merge, offers_of, play_offers

from . import actions
from .cards import MODES, SUITS
from .heuristics import best_declaration
from .scoring import STOECK_POINTS
from .state import PLAY, SCHIEBER, TRUMP, JassState
from .weis import group_points


def hints(state: JassState, seat: int) -> dict[str, Any]:
    """Schieber, phase `play`, for the seat to play: `{"weis": {"groups": [[codes], …], "points": [n, …]}}` while
    it may still declare and holds a Weis (every Weis of its hand, as `{"weis": groups}` takes them), and
    `{"stoeck": {"points": 20}}` while it holds trump King and Queen dealt to it and has not played both.
    `{}` otherwise (Differenzler has no unlisted kinds).
    """
    if state.variant != SCHIEBER or state.phase != PLAY or seat != state.to_play():
        return {}
    found: dict[str, Any] = {}
    mode = state.mode or ""
    if state.tricks_done == 0 and state.weis[seat] is None:
        groups = best_declaration(state.hands[seat], mode)
        if groups:
            found["weis"] = {
                "groups": [list(g) for g in groups],
                "points": [group_points(g, mode) for g in groups],
            }
    if mode in SUITS and seat == state.stoeck_seat and not state.stoeck_credited:
        found["stoeck"] = {"points": STOECK_POINTS}
    return found


def offered(state: JassState, seat: int) -> Offers:
    """The calls a page offers a seat in `to_act`: the trump modes and the push while trump is chosen; the cards
    of its hand to the seat to play; in Schieber also the Weis (as the kind) to the seat to play and
    "Enough, thanks" (unless `auto_end`) to every seat in `to_act`. Predictions are all listed."""
    if state.phase == TRUMP:
        return offers_of([*(actions.trump(m) for m in MODES), actions.PUSH])
    if state.phase != PLAY:
        return {}
    calls: Offers = {}
    if seat == state.to_play():
        calls = play_offers(state.hands[seat])
        if state.variant == SCHIEBER:
            groups = best_declaration(state.hands[seat], state.mode or "") or []
            calls = merge(calls, {"weis": {ANY: actions.weis(groups)}})
    if state.variant == SCHIEBER and not state.options["auto_end"]:
        calls = merge(calls, offers_of([actions.THANKS]))
    return calls
