"""French Tarot cards: the 78-card deck, canonical order, point values and trick resolution.

Cards are plain code strings (docs/design.md "Cards and replay files"); the tables below are built once so the
hot paths (legality, playouts) are dictionary look-ups. Rules: docs/rules/french_tarot.md §2 and §6.1.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.engines.core.cards import EXCUSE as EXCUSE
from games.engines.core.cards import TRUMP as TRUMP
from games.engines.core.cards import card_order, sort_cards, suit_table

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")
PETIT = "T1"
MONDE = "T21"
BOUTS: frozenset[str] = frozenset({PETIT, MONDE, EXCUSE})

#: The deck in canonical order (§2): S, H, D, C each A..K, then T1..T21, then EX.
DECK: tuple[str, ...] = (
    tuple(rank + suit for suit in SUITS for rank in SUIT_RANKS)
    + tuple(f"T{n}" for n in range(1, 22))
    + (EXCUSE,)
)
DECK_SET: frozenset[str] = frozenset(DECK)
ORDER: dict[str, int] = card_order(DECK)

#: Suit letter of every card: `S H D C`, `T` for trumps, `""` for the Excuse.
SUIT_OF: dict[str, str] = suit_table(DECK)
#: Strength of every card within its group: suit cards A=1 .. K=14, trumps 1..21, the Excuse 0.
STRENGTH: dict[str, int] = {}
#: Value of every card in half-points (§2 "Point values").
HALF_POINTS: dict[str, int] = {}

_FACE_HALF_POINTS = {"K": 9, "Q": 7, "N": 5, "J": 3}
for _suit in SUITS:
    for _i, _rank in enumerate(SUIT_RANKS):
        _card = _rank + _suit
        STRENGTH[_card] = _i + 1
        HALF_POINTS[_card] = _FACE_HALF_POINTS.get(_rank, 1)
for _n in range(1, 22):
    _card = f"T{_n}"
    STRENGTH[_card] = _n
    HALF_POINTS[_card] = 9 if _card in BOUTS else 1
STRENGTH[EXCUSE] = 0
HALF_POINTS[EXCUSE] = 9


def is_king(card: str) -> bool:
    """True for the four Kings."""
    return card[0] == "K"


def sort_canonical(cards: Iterable[str]) -> list[str]:
    """`cards` sorted in canonical order (§2): suits S H D C low to high, trumps, then `EX`."""
    return sort_cards(cards, ORDER)


def led_suit(cards: Sequence[str]) -> str | None:
    """The led suit of a trick (§5.5): suit of its first card that is not `EX`, `T` for trump, None if none yet."""
    for card in cards:
        if card != EXCUSE:
            return SUIT_OF[card]
    return None


def trick_winner_index(cards: Sequence[str]) -> int:
    """Position (0-3) of the card that wins a complete trick by §6.1 (the Excuse never wins here).

    The highest trump wins if the trick holds one, otherwise the highest card of the led suit.
    """
    led = led_suit(cards)
    best = -1
    best_key = -1
    for i, card in enumerate(cards):
        suit = SUIT_OF[card]
        if suit == TRUMP:
            key = 100 + STRENGTH[card]
        elif suit == led:
            key = STRENGTH[card]
        else:
            continue
        if key > best_key:
            best, best_key = i, key
    return best
