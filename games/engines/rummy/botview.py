"""What a bot reads from its view: table melds as values, visible cards, and the unseen pool (docs/rules/rummy.md §7).

Bots never see the state; everything here is rebuilt from `seat_view.view` output.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from .cards import CANONICAL_PACK, JOKER, RANK_INDEX, RANK_OF, SUIT_OF
from .melds import RUN, SET, Meld, lays_off


def meld_from_view(data: Mapping[str, Any]) -> Meld:
    """Rebuild a `Meld` from its rules §5.5 view form."""
    cards = data["cards"]
    if data["type"] == SET:
        return Meld(SET, data["rank"], 0, tuple(cards), data["by"])
    first = cards[0][3:] if cards[0].startswith(JOKER + "=") else cards[0]
    suit = SUIT_OF[first]
    start = RANK_INDEX[RANK_OF[first]]
    return Meld(RUN, suit, start, tuple(JOKER if c.startswith(JOKER) else c for c in cards), data["by"])


def table_melds(view: Mapping[str, Any]) -> list[Meld]:
    """The table melds of a view."""
    return [meld_from_view(m) for m in view["melds"]]


def fits_table(card: str, melds: Sequence[Meld], limit: str | int) -> bool:
    """True if `card` alone could be laid off on some table meld."""
    return any(lays_off(meld, [card], limit) for meld in melds)


def visible_cards(view: Mapping[str, Any]) -> Counter[str]:
    """Every card the seat can see: its hand, the pile, and the cards (naturals and jokers) on the table."""
    seen: Counter[str] = Counter(view["hand"] or [])
    seen.update(view["discard"])
    for meld in view["melds"]:
        seen.update(JOKER if c.startswith(JOKER) else c for c in meld["cards"])
    return seen


def unseen_pool(view: Mapping[str, Any]) -> Counter[str]:
    """The multiset of cards the seat cannot see: other hands and the stock together."""
    pool = Counter(CANONICAL_PACK)
    pool.subtract(visible_cards(view))
    return +pool
