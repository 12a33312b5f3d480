"""Card codes shared by every game (docs/design.md "Cards and replay files").

A code is rank + suit: `KH`, `10S`, `NC`, `AD`; trumps are `T1` ... `T22`, the Excuse `EX`, the Rummy
joker `JK`. Engines keep plain code strings on every path (they are hashed and compared in playouts); a game
builds its look-up tables once from these helpers (`SUIT_OF = suit_table(DECK)`) so its hot paths are
dictionary look-ups, and sorts by its own canonical order with `sort_cards`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

TRUMP = "T"
EXCUSE = "EX"
JOKER = "JK"


def suit_of(code: str) -> str:
    """Return the suit letter of a code: `S H D C`, `T` for trumps, `""` for `EX` / `JK`."""
    if code in (EXCUSE, JOKER):
        return ""
    if code[0] == TRUMP and code[1:].isdigit():
        return TRUMP
    return code[-1]


def rank_of(code: str) -> str:
    """Return the rank part of a code (`"10"` for `10H`, `"21"` for `T21`, the code itself for EX / JK)."""
    if code in (EXCUSE, JOKER):
        return code
    if code[0] == TRUMP and code[1:].isdigit():
        return code[1:]
    return code[:-1]


def suit_table(deck: Iterable[str]) -> dict[str, str]:
    """`{code: suit_of(code)}` for every code of a deck (a game's hot-path look-up)."""
    return {code: suit_of(code) for code in deck}


def rank_table(deck: Iterable[str]) -> dict[str, str]:
    """`{code: rank_of(code)}` for every code of a deck (a game's hot-path look-up)."""
    return {code: rank_of(code) for code in deck}


def card_order(deck: Iterable[str]) -> dict[str, int]:
    """A game's canonical order as `{code: position}`, from its deck listed in that order.

    A code that appears more than once (Rummy's two packs) keeps its first position.
    """
    order: dict[str, int] = {}
    for code in deck:
        order.setdefault(code, len(order))
    return order


def sort_cards(cards: Iterable[str], order: Mapping[str, int]) -> list[str]:
    """Return `cards` sorted by a game's canonical `order` (code -> position, see `card_order`)."""
    return sorted(cards, key=order.__getitem__)


def shuffled(deck: Sequence[str], rng: random.Random) -> list[str]:
    """The deck in canonical order shuffled once with `rng.shuffle` (the order a deal commits to)."""
    order = list(deck)
    rng.shuffle(order)
    return order


def deal_packets(
    order: Sequence[str], seats: int, seat_order: Sequence[int], size: int, packets: int
) -> list[list[str]]:
    """Deal `packets` packets of `size` cards from the front of `order`, packet j to `seat_order[j % n]`.

    Returns one list per seat 0 .. seats - 1 (empty for a seat not in `seat_order`), cards in dealing order.
    This is the dealing rule of every game's rules file §4 (French Tarot and Jass: threes from the forehand;
    Tarock: fives from the forehand; Rummy: thirteen to each active seat in turn order).
    """
    hands: list[list[str]] = [[] for _ in range(seats)]
    for j in range(packets):
        hands[seat_order[j % len(seat_order)]].extend(order[j * size : (j + 1) * size])
    return hands


def from_forehand(dealer: int, seats: int) -> list[int]:
    """Every seat in dealing and playing order: the forehand `(dealer + 1) % seats` first."""
    return [(dealer + step) % seats for step in range(1, seats + 1)]
