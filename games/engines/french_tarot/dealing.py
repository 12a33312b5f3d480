"""Shuffling, the dealing rule and the deal check of French Tarot (docs/rules/french_tarot.md §4)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.engines.core import IllegalAction
from games.engines.core.cards import deal_packets, from_forehand, shuffled

from .cards import DECK, DECK_SET, EXCUSE, PETIT, SUIT_OF, TRUMP
from .state import SEATS

HAND_SIZE = 18
DOG_SIZE = 6
PACKET = 3


def shuffle_deck(rng: random.Random) -> list[str]:
    """The canonical deck (§2) shuffled with `rng.shuffle`: the order the deal commits to."""
    return shuffled(DECK, rng)


def deal_from_order(order: Sequence[str], dealer: int) -> dict[str, Any]:
    """The §4 deal of a shuffled deck: positions 0-71 in 24 packets of three, packet j to seat (f + j) mod 4,
    positions 72-77 to the dog (f = forehand). Returns the deal JSON."""
    dealt = SEATS * HAND_SIZE
    hands = deal_packets(order, SEATS, from_forehand(dealer, SEATS), PACKET, dealt // PACKET)
    return {"hands": hands, "dog": list(order[dealt : dealt + DOG_SIZE])}


def read_deal(deal: Mapping[str, Any]) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """Check a §4 deal JSON and return `(hands, dog)` as tuples.

    Raises:
        IllegalAction: `bad_deal` unless it is 4 hands of 18 and a dog of 6 holding the 78 cards once each.
    """
    if (
        not isinstance(deal, Mapping)
        or not isinstance(deal.get("hands"), list)
        or not isinstance(deal.get("dog"), list)
    ):
        raise IllegalAction("bad_deal", 'a deal is {"hands": [4 lists of 18], "dog": [6]}')
    hands, dog = deal["hands"], deal["dog"]
    if (
        len(hands) != SEATS
        or any(not isinstance(h, list) or len(h) != HAND_SIZE for h in hands)
        or len(dog) != DOG_SIZE
    ):
        raise IllegalAction("bad_deal", "a deal is 4 hands of 18 cards and a dog of 6")
    cards = [c for h in hands for c in h] + list(dog)
    if any(not isinstance(c, str) for c in cards) or len(set(cards)) != len(cards) or set(cards) != DECK_SET:
        raise IllegalAction("bad_deal", "the deal must hold each of the 78 cards exactly once")
    return tuple(tuple(h) for h in hands), tuple(dog)


def petit_sec_seat(hands: Sequence[Sequence[str]]) -> int | None:
    """The lowest seat whose dealt hand holds `T1` as its only trump and no `EX` (§4 petit sec), or None."""
    for seat, hand in enumerate(hands):
        trumps = [c for c in hand if SUIT_OF[c] == TRUMP]
        if trumps == [PETIT] and EXCUSE not in hand:
            return seat
    return None
