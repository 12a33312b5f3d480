"""The timeout actions of docs/rules/french_tarot.md §5.6 (the service applies them like moves)."""

from __future__ import annotations

from collections.abc import Sequence

from games.engines.core import IllegalAction, SimpleAction

from .cards import EXCUSE, HALF_POINTS, MONDE, PETIT, STRENGTH, SUIT_OF, SUITS, TRUMP, is_king
from .legality import DISCARD_SIZE, playable_cards
from .state import TarotState

_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}


def timeout_discard(hand: Sequence[str]) -> tuple[str, ...]:
    """The six cards a timed-out taker discards from his 24-card `hand` (§5.6).

    Suit cards other than Kings by (points, rank A..Q, suit S H D C), then, when fewer than six, the lowest
    trumps T2 upward. Always a legal discard by §5.2 (trumps exactly when unavoidable).
    """
    plain = sorted(
        (c for c in hand if SUIT_OF[c] in _SUIT_INDEX and not is_king(c)),
        key=lambda c: (HALF_POINTS[c], STRENGTH[c], _SUIT_INDEX[SUIT_OF[c]]),
    )
    chosen = plain[:DISCARD_SIZE]
    if len(chosen) < DISCARD_SIZE:
        trumps = sorted(
            (c for c in hand if SUIT_OF[c] == TRUMP and c not in (PETIT, MONDE)), key=STRENGTH.__getitem__
        )
        chosen += trumps[: DISCARD_SIZE - len(chosen)]
    return tuple(chosen)


def play_key(card: str) -> tuple[int, int, int, int]:
    """Timeout order of a card (§5.6): (points, suit card before trump, rank, suit S H D C), `EX` last of all."""
    if card == EXCUSE:
        return (1000, 0, 0, 0)
    suit = SUIT_OF[card]
    if suit == TRUMP:
        return (HALF_POINTS[card], 1, STRENGTH[card], 0)
    return (HALF_POINTS[card], 0, STRENGTH[card], _SUIT_INDEX[suit])


def timeout_card(legal: Sequence[str]) -> str:
    """The legal card a timed-out seat plays (§5.6); `legal` must not be empty."""
    return min(legal, key=play_key)


def timeout_action(state: TarotState, seat: int) -> SimpleAction:
    """§5.6: pass, the lowest legal discard, no slam, or the legal card with the smallest key.

    Raises:
        IllegalAction: `wrong_phase` when the deal is over, `not_your_turn` for a seat not to act.
    """
    if state.phase == "done":
        raise IllegalAction("wrong_phase", "the deal is over")
    if seat != state.seat_to_act:
        raise IllegalAction("not_your_turn", f"seat {seat} is not to act")
    if state.phase == "bidding":
        return SimpleAction("bid", "pass")
    if state.phase == "discard":
        return SimpleAction("discard", timeout_discard(state.hands[seat]))
    if state.phase == "slam":
        return SimpleAction("slam", False)
    return SimpleAction("play", timeout_card(playable_cards(state, seat)))
