"""The 36-card Jass deck: canonical order, trick strength, card points, trick winner (docs/rules/jass.md §2, §6.1).

Cards are plain code strings (`"JH"`, `"10S"`) on every path; a mode is a trump suit letter `S H D C`,
`"obenabe"` or `"unenufe"`. Every function here is pure and module-level so bots can call them on sampled worlds.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.engines.core.cards import card_order, rank_table, sort_cards, suit_table

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
RANKS: tuple[str, ...] = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
OBENABE = "obenabe"
UNENUFE = "unenufe"
MODES: tuple[str, ...] = (*SUITS, OBENABE, UNENUFE)

DECK: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
DECK_SET: frozenset[str] = frozenset(DECK)
ORDER: dict[str, int] = card_order(DECK)

SUIT_OF: dict[str, str] = suit_table(DECK)
RANK_OF: dict[str, str] = rank_table(DECK)
# Natural order 6 < 7 < ... < A, used by Weis sequences and by plain suits in trump modes and `obenabe`.
NATURAL_INDEX: dict[str, int] = {rank: i for i, rank in enumerate(RANKS)}

_TRUMP_ORDER = ("6", "7", "8", "10", "Q", "K", "A", "9", "J")  # low -> high: J (Buur) and 9 (Nell) on top
_TRUMP_STRENGTH = {rank: i for i, rank in enumerate(_TRUMP_ORDER)}

_PLAIN_POINTS = {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10, "9": 0, "8": 0, "7": 0, "6": 0}
_TRUMP_POINTS = {**_PLAIN_POINTS, "J": 20, "9": 14}
_OBENABE_POINTS = {**_PLAIN_POINTS, "8": 8}
_UNENUFE_POINTS = {**_PLAIN_POINTS, "A": 0, "8": 8, "6": 11}

LAST_TRICK_BONUS = 5
ROUND_CARD_POINTS = 157


def _points_table(mode: str) -> dict[str, int]:
    if mode == OBENABE:
        return {card: _OBENABE_POINTS[RANK_OF[card]] for card in DECK}
    if mode == UNENUFE:
        return {card: _UNENUFE_POINTS[RANK_OF[card]] for card in DECK}
    return {card: (_TRUMP_POINTS if SUIT_OF[card] == mode else _PLAIN_POINTS)[RANK_OF[card]] for card in DECK}


def _strength_table(mode: str) -> dict[str, int]:
    if mode == UNENUFE:
        return {card: len(RANKS) - 1 - NATURAL_INDEX[RANK_OF[card]] for card in DECK}
    table = {card: NATURAL_INDEX[RANK_OF[card]] for card in DECK}
    if mode in SUITS:
        for rank in RANKS:
            table[rank + mode] = 100 + _TRUMP_STRENGTH[rank]
    return table


POINTS: dict[str, dict[str, int]] = {mode: _points_table(mode) for mode in MODES}
STRENGTH: dict[str, dict[str, int]] = {mode: _strength_table(mode) for mode in MODES}


def card_points(card: str, mode: str) -> int:
    """Card points of `card` in `mode` (docs/rules/jass.md §2 "Card points"), e.g. `card_points("JH", "H") == 20`."""
    return POINTS[mode][card]


def sort_canonical(cards: Iterable[str]) -> list[str]:
    """Return `cards` in canonical order: suits S, H, D, C, each `6 … A` (docs/rules/jass.md §2)."""
    return sort_cards(cards, ORDER)


def trick_points(cards: Sequence[str], mode: str, last: bool) -> int:
    """Sum of card points of a trick, plus 5 for the last trick (docs/rules/jass.md §2, §6.2)."""
    table = POINTS[mode]
    return sum(table[c] for c in cards) + (LAST_TRICK_BONUS if last else 0)


def winning_index(cards: Sequence[str], mode: str) -> int:
    """Index (0 = lead) of the card that wins a trick so far (docs/rules/jass.md §6.1).

    Trump mode: the highest trump if any, else the highest card of the led suit; `obenabe` / `unenufe`: the
    strongest card of the led suit in that mode's order. Works on an incomplete trick (the card winning so far).
    """
    strength = STRENGTH[mode]
    led = SUIT_OF[cards[0]]
    best = 0
    best_card = cards[0]
    best_suit = led
    for i in range(1, len(cards)):
        card = cards[i]
        suit = SUIT_OF[card]
        if suit == best_suit:
            if strength[card] > strength[best_card]:
                best, best_card = i, card
        elif suit == mode:  # a first trump on a plain lead
            best, best_card, best_suit = i, card, suit
    return best


def trick_winner(leader: int, cards: Sequence[str], mode: str) -> int:
    """Seat that wins a complete trick led by `leader` (seats in play order `leader, leader + 1, …` mod 4)."""
    return (leader + winning_index(cards, mode)) % 4


def highest_trump(cards: Iterable[str], mode: str) -> str | None:
    """The strongest trump among `cards` in trump `mode`, or None (none played, or no trump mode)."""
    best: str | None = None
    if mode not in SUITS:
        return None
    strength = STRENGTH[mode]
    for card in cards:
        if SUIT_OF[card] == mode and (best is None or strength[card] > strength[best]):
            best = card
    return best
