"""Rummy cards: the 110-card pack, canonical order, values and penalties (docs/rules/rummy.md §2).

Cards are plain code strings (`"KH"`, `"10S"`, `"JK"`); hands, the stock and the pile are multisets of
codes because the pack holds two of every natural card and six jokers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from games.engines.core.cards import JOKER as JOKER
from games.engines.core.cards import card_order, rank_table, sort_cards, suit_table

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

NATURALS: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
CANONICAL_PACK: tuple[str, ...] = NATURALS + NATURALS + (JOKER,) * 6
PACK_SIZE = len(CANONICAL_PACK)  # 110
CODES: frozenset[str] = frozenset(CANONICAL_PACK)

# Canonical position of a code (rules §2 "Canonical order"); the joker sorts last.
ORDER: dict[str, int] = card_order(CANONICAL_PACK)
#: Rank letter and suit letter of every code (`"10"` and `"H"` for `10H`); the joker's are `"JK"` and `""`.
RANK_OF: dict[str, str] = rank_table(CODES)
SUIT_OF: dict[str, str] = suit_table(CODES)

RANK_INDEX: dict[str, int] = {rank: i + 1 for i, rank in enumerate(RANKS)}  # A 1 ... K 13
SUIT_INDEX: dict[str, int] = {suit: i for i, suit in enumerate(SUITS)}  # S 0 ... C 3


def card_at(position: int, suit: str) -> str:
    """The natural card at run position 1 … 14 of `suit` (1 and 14 are both the ace; rules §5.2)."""
    return RANKS[0 if position == 14 else position - 1] + suit


def positions_of(code: str) -> tuple[int, ...]:
    """Run positions a natural code may take: `(1, 14)` for an ace, else its rank index (rules §5.2)."""
    index = RANK_INDEX[RANK_OF[code]]
    return (1, 14) if index == 1 else (index,)


def rank_value(rank: str) -> int:
    """In-meld value of a rank in a set: ace 11, J Q K 10, else the face value (rules §2)."""
    if rank == "A":
        return 11
    if rank in ("J", "Q", "K"):
        return 10
    return int(rank)


def position_value(position: int) -> int:
    """In-meld value of run position 1 … 14: ace low 1, 2 … 10 face, J Q K 10, ace high 11 (rules §2)."""
    if position == 14:
        return 11
    return min(position, 10)


def penalty(code: str) -> int:
    """Penalty of a card left in hand at the end: joker 30, ace 15, J Q K 10, else face value (rules §2)."""
    if code == JOKER:
        return 30
    rank = RANK_OF[code]
    if rank == "A":
        return 15
    return 10 if rank in ("J", "Q", "K") else int(rank)


def hand_penalty(cards: Iterable[str]) -> int:
    """Sum of `penalty` over `cards` (rules §6)."""
    return sum(penalty(c) for c in cards)


def sort_canonical(cards: Iterable[str]) -> list[str]:
    """`cards` in canonical order (suits S H D C, A … K, jokers last; rules §2)."""
    return sort_cards(cards, ORDER)


def contains(hand: Iterable[str], cards: Iterable[str]) -> bool:
    """True if the multiset `cards` is part of the multiset `hand`."""
    have = Counter(hand)
    need = Counter(cards)
    return all(have[c] >= n for c, n in need.items())


def remove_cards(hand: list[str], cards: Iterable[str]) -> list[str]:
    """A copy of `hand` without one copy of each card of `cards` (the caller checked `contains`)."""
    out = list(hand)
    for card in cards:
        out.remove(card)
    return out
