"""The timeout action of docs/rules/rummy.md §5.10 (the service applies it like a move)."""

from __future__ import annotations

from games.engines.core.errors import IllegalAction

from .actions import STOCK, Discard, Draw, RummyAction
from .cards import JOKER, RANK_INDEX, RANK_OF, SUIT_INDEX, SUIT_OF, penalty
from .legality import may_discard
from .state import DONE, DRAW_STEP, RummyState


def timeout_key(card: str) -> tuple[int, int, int]:
    """Sort key of rules §5.10: (penalty, rank index, suit index); the highest is discarded first."""
    if card == JOKER:
        return (penalty(card), 0, 0)
    return (penalty(card), RANK_INDEX[RANK_OF[card]], SUIT_INDEX[SUIT_OF[card]])


def timeout_action(state: RummyState, seat: int) -> RummyAction:
    """The current seat's timeout action (rules §5.10): draw from the stock, then discard the allowed card with
    the highest `timeout_key`; no melding.

    Raises:
        IllegalAction: `wrong_phase` after the deal, `not_your_turn` for any seat but the current one
            (kloppers have no deadline).
    """
    if state.phase == DONE:
        raise IllegalAction("wrong_phase", "the deal is over")
    if seat != state.current:
        raise IllegalAction("not_your_turn", "only the current seat has a deadline")
    if state.step == DRAW_STEP:
        return Draw(STOCK)
    hand = state.hand(seat)
    return Discard(max((c for c in hand if may_discard(hand, state.taken, c)), key=timeout_key))
