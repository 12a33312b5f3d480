"""Card codes shared by every game (docs/design.md "Cards and replay files").

A code is rank + suit: `KH`, `10S`, `NC`, `AD`; trumps are `T1` ... `T22`, the Excuse `EX`, the Rummy
joker `JK`. `Card` is the value type with a text round trip (`Card.parse("KH")`, `str(card) == "KH"`);
engines may keep plain code strings on hot paths and use `Card` at their edges.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import InvalidAction

SUITS = ("S", "H", "D", "C")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")
TRUMP = "T"
EXCUSE = "EX"
JOKER = "JK"


@dataclass(frozen=True, slots=True)
class Card:
    """One card.

    Attributes:
        rank: `A 2 ... 10 J N Q K` for suit cards, the number as a string for trumps, `EX` / `JK` for the
            Excuse and the joker.
        suit: `S H D C`, `T` for a trump, `""` for the Excuse and the joker.
    """

    rank: str
    suit: str

    @classmethod
    def parse(cls, code: str) -> Card:
        """Parse a card code.

        Raises:
            InvalidAction: not a well-formed code (whether the card belongs to a game's deck is the
                game's check).
        """
        if not isinstance(code, str):
            raise InvalidAction(f"unknown card code {code!r}")
        if code in (EXCUSE, JOKER):
            return cls(code, "")
        if code.startswith(TRUMP) and code[1:].isdigit() and not code[1:].startswith("0"):
            number = int(code[1:])
            if 1 <= number <= 22:
                return cls(code[1:], TRUMP)
        if len(code) >= 2 and code[-1] in SUITS and code[:-1] in RANKS:
            return cls(code[:-1], code[-1])
        raise InvalidAction(f"unknown card code {code!r}")

    def __str__(self) -> str:
        if self.suit == TRUMP:
            return TRUMP + self.rank
        return self.rank + self.suit

    @property
    def is_trump(self) -> bool:
        """True for the numbered trumps `T1` ... `T22` (not the Excuse)."""
        return self.suit == TRUMP


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


def sort_cards(cards: list[str] | tuple[str, ...], order: dict[str, int]) -> list[str]:
    """Return `cards` sorted by a game's canonical `order` (code -> position)."""
    return sorted(cards, key=order.__getitem__)
