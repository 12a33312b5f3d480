"""Tarock cards: the 40-card deck, canonical order, card points and the trick winner (docs/rules/tarock.md §2, §5.8).

Cards are plain code strings on every path (`T1`, `T4` … `T22`, `KS`, `AH`, `10C`); the tables here are built
once and the helpers are pure module-level functions, so the rules, the scoring and the bots' playouts share one
definition.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.engines.core.cards import TRUMP as TRUMP
from games.engines.core.cards import card_order, sort_cards, suit_table

TAROCKS: tuple[str, ...] = ("T1", *(f"T{n}" for n in range(4, 23)))
SUIT_LETTERS: tuple[str, ...] = ("S", "C", "H", "D")
_LOW_CARD = {"S": "10", "C": "10", "H": "A", "D": "A"}
SUIT_CARDS: tuple[str, ...] = tuple(
    f"{rank}{suit}" for suit in SUIT_LETTERS for rank in (_LOW_CARD[suit], "J", "N", "Q", "K")
)
DECK: tuple[str, ...] = TAROCKS + SUIT_CARDS
ORDER: dict[str, int] = card_order(DECK)
DECK_SET: frozenset[str] = frozenset(DECK)
#: `T` for a tarock, else the suit letter `S C H D`.
SUIT_OF: dict[str, str] = suit_table(DECK)

PAGAT, MOND, SKUS = "T1", "T21", "T22"
TRULL: frozenset[str] = frozenset({PAGAT, MOND, SKUS})
GLATZEN: frozenset[str] = frozenset({"10S", "10C", "AH", "AD"})
KOENIGSTRULL: frozenset[str] = frozenset({"KS", "KC", "KH", "KD"})
RUFER_CALLS: tuple[str, ...] = ("T20", "T19", "T18", "T17", "T16")

_RANK_INDEX = {"10": 0, "A": 0, "J": 1, "N": 2, "Q": 3, "K": 4}
_RANK_POINTS = (0, 2, 3, 4, 5)
SUIT_INDEX: dict[str, int] = {suit: i for i, suit in enumerate(SUIT_LETTERS)}
#: Strength inside its group: a tarock's number (1, 4 … 22), a suit card's 0 (10/A) … 4 (K).
STRENGTH: dict[str, int] = {
    card: int(card[1:]) if SUIT_OF[card] == TRUMP else _RANK_INDEX[card[:-1]] for card in DECK
}
#: Card points (docs/rules/tarock.md §2): Trull 5, plain tarocks 1, K 5, Q 4, N 3, J 2, 10/A 0.
POINTS: dict[str, int] = {
    card: (5 if card in TRULL else 1) if SUIT_OF[card] == TRUMP else _RANK_POINTS[STRENGTH[card]]
    for card in DECK
}


def is_tarock(card: str) -> bool:
    """True for `T1`, `T4` … `T22` (docs/rules/tarock.md §2)."""
    return card[0] == TRUMP


def card_points(card: str) -> int:
    """Card points of one card (docs/rules/tarock.md §2): Trull 5, plain tarocks 1, K 5, Q 4, N 3, J 2, 10/A 0."""
    return POINTS[card]


def points_of(cards: Iterable[str]) -> int:
    """Sum of card points, card by card (no counting in threes)."""
    return sum(POINTS[c] for c in cards)


def sort_canonical(cards: Iterable[str]) -> list[str]:
    """Cards in canonical order (docs/rules/tarock.md §2 "Canonical order")."""
    return sort_cards(cards, ORDER)


def tarock_count(cards: Iterable[str]) -> int:
    """Number of tarocks (Trull cards included)."""
    return sum(1 for c in cards if c[0] == TRUMP)


def suit_card_count(cards: Iterable[str]) -> int:
    """Number of suit cards (the Farbensolo eligibility count, docs/rules/tarock.md §5.4)."""
    return sum(1 for c in cards if c[0] != TRUMP)


def trick_winner_index(contract: str, cards: Sequence[str]) -> int:
    """Index (0..3, play order) of the card that wins a complete trick (docs/rules/tarock.md §5.8 "Trick winner").

    Args:
        contract: `rufer`, `farbensolo` or `solo`.
        cards: the four cards in the order played; `cards[0]` was led.
    Returns:
        Position in `cards` of the winning card: T1 in a Trull trick (not in Farbensolo), else the highest
        tarock when tarocks may win, else the highest card of the led suit.
    """
    farbensolo = contract == "farbensolo"
    if not farbensolo and TRULL.issubset(cards):
        return list(cards).index(PAGAT)
    led = cards[0]
    if not farbensolo or is_tarock(led):
        tarocks = [i for i, c in enumerate(cards) if c[0] == TRUMP]
        if tarocks:
            return max(tarocks, key=lambda i: STRENGTH[cards[i]])
    led_suit = SUIT_OF[led]
    return max((i for i, c in enumerate(cards) if SUIT_OF[c] == led_suit), key=lambda i: STRENGTH[cards[i]])


def called_card(hand: Iterable[str]) -> str | None:
    """The tarock a Rufer calls: the highest of T20 … T16 not in `hand`, or None if F holds all five (§5.4)."""
    held = set(hand)
    for card in RUFER_CALLS:
        if card not in held:
            return card
    return None
