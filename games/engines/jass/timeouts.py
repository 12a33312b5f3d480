"""The timeout actions of docs/rules/jass.md §5.7 (the service applies them like moves)."""

from __future__ import annotations

from games.engines.core import IllegalAction, SimpleAction

from . import actions
from .cards import POINTS, STRENGTH, SUIT_OF, SUITS
from .legality import legal_cards, to_act
from .state import PREDICT, TRUMP, JassState

TIMEOUT_PREDICTION = 39
_SUIT_RANK = {s: i for i, s in enumerate(SUITS)}


def timeout_action(state: JassState, seat: int) -> SimpleAction:
    """The timeout action of §5.7: push, else the longest suit as trump; predict 39; the legal card with the
    fewest points, then the lowest strength, then the first suit.

    Raises:
        IllegalAction: `not_your_turn` for a seat with no move due (not in `to_act`, or in it only for the
            optional "Enough, thanks": the timer runs only for the seat to play).
    """
    if seat not in to_act(state):
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
    card = min(legal, key=lambda c: (POINTS[mode][c], STRENGTH[mode][c], _SUIT_RANK[SUIT_OF[c]]))
    return actions.play(card)
