"""The timeout actions of docs/rules/french_tarot.md §5.6 (the service applies them like moves)."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import EXCUSE, HALF_POINTS, RANK_OF, SUIT_OF, SUITS, TRUMP, is_king
from .legality import DISCARD_SIZE

_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}


def timeout_discard(hand: Sequence[str]) -> tuple[str, ...]:
    """The six cards a timed-out taker discards from his 24-card `hand` (§5.6).

    Suit cards other than Kings by (points, rank A..Q, suit S H D C), then, when fewer than six, the lowest
    trumps T2 upward. Always a legal discard by §5.2 (trumps exactly when unavoidable).
    """
    plain = sorted(
        (c for c in hand if SUIT_OF[c] in _SUIT_INDEX and not is_king(c)),
        key=lambda c: (HALF_POINTS[c], RANK_OF[c], _SUIT_INDEX[SUIT_OF[c]]),
    )
    chosen = plain[:DISCARD_SIZE]
    if len(chosen) < DISCARD_SIZE:
        trumps = sorted(
            (c for c in hand if SUIT_OF[c] == TRUMP and c not in ("T1", "T21")), key=RANK_OF.__getitem__
        )
        chosen += trumps[: DISCARD_SIZE - len(chosen)]
    return tuple(chosen)


def play_key(card: str) -> tuple[int, int, int, int]:
    """Timeout order of a card (§5.6): (points, suit card before trump, rank, suit S H D C), `EX` last of all."""
    if card == EXCUSE:
        return (1000, 0, 0, 0)
    suit = SUIT_OF[card]
    if suit == TRUMP:
        return (HALF_POINTS[card], 1, RANK_OF[card], 0)
    return (HALF_POINTS[card], 0, RANK_OF[card], _SUIT_INDEX[suit])


def timeout_card(legal: Sequence[str]) -> str:
    """The legal card a timed-out seat plays (§5.6); `legal` must not be empty."""
    return min(legal, key=play_key)
