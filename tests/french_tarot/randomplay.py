"""Seeded random play for the property and leak tests: random legal actions, random (sometimes illegal)
discards and handfuls (docs/rules/french_tarot.md §5.2, §5.4)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.engines.core import SimpleAction
from games.engines.french_tarot import FrenchTarot

GAME = FrenchTarot()
BOUTS = {"T1", "T21", "EX"}


def is_trump(card: str) -> bool:
    """T1-T21 (not the Excuse)."""
    return card.startswith("T")


def discard_is_legal(hand: Sequence[str], discard: Sequence[str]) -> bool:
    """§5.2 read independently of the engine: 6 distinct held cards, no King, no bout, trumps only as forced."""
    if len(set(discard)) != 6 or len(discard) != 6 or not set(discard) <= set(hand):
        return False
    if any(c.startswith("K") or c in BOUTS for c in discard):
        return False
    plain = [c for c in hand if not is_trump(c) and c != "EX" and not c.startswith("K")]
    return sum(is_trump(c) for c in discard) == max(0, 6 - len(plain))


def random_legal_discard(hand: Sequence[str], rng: random.Random) -> tuple[str, ...]:
    """A uniformly chosen legal discard from the taker's 24 cards."""
    plain = [c for c in hand if not is_trump(c) and c != "EX" and not c.startswith("K")]
    if len(plain) >= 6:
        return tuple(rng.sample(plain, 6))
    trumps = [c for c in hand if is_trump(c) and c not in BOUTS]
    return tuple(plain + rng.sample(trumps, 6 - len(plain)))


def random_any_discard(hand: Sequence[str], rng: random.Random) -> tuple[str, ...]:
    """Six random cards of the hand, or of the deck, or a wrong count: usually illegal."""
    roll = rng.random()
    if roll < 0.15:
        return tuple(rng.sample(list(hand), rng.choice([5, 7])))
    if roll < 0.25:
        cards = rng.sample(list(hand), 5)
        return (*cards, cards[0])
    return tuple(rng.sample(list(hand), 6))


def random_handful(hand: Sequence[str], rng: random.Random, legal: bool) -> tuple[str, ...] | None:
    """A handful to show from `hand`: legal (None when the hand allows none) or a likely illegal one."""
    trumps = [c for c in hand if is_trump(c)]
    has_excuse = "EX" in hand
    if legal:
        sizes = [n for n in (10, 13, 15) if n <= len(trumps) + has_excuse]
        if not sizes:
            return None
        size = rng.choice(sizes)
        if size <= len(trumps) and (not has_excuse or rng.random() < 0.7):
            return tuple(rng.sample(trumps, size))
        if size == len(trumps) + 1 and has_excuse:
            return (*trumps, "EX")
        return tuple(rng.sample(trumps, size))
    pool = list(hand)
    size = rng.choice([9, 10, 11, 12, 13, 15])
    if len(pool) < size:
        return None
    return tuple(rng.sample(pool, size))


def handful_is_legal(hand: Sequence[str], cards: Sequence[str]) -> bool:
    """§5.4 content checks read independently (timing checks left to the caller)."""
    if len(cards) not in (10, 13, 15) or len(set(cards)) != len(cards) or not set(cards) <= set(hand):
        return False
    if any(not is_trump(c) and c != "EX" for c in cards):
        return False
    return "EX" not in cards or all(c in cards for c in hand if is_trump(c))


def random_bid(legal: Sequence[SimpleAction], rng: random.Random) -> SimpleAction:
    """Pass a little over half the time, otherwise mostly the lowest legal bid, else any legal bid."""
    if rng.random() < 0.55 or len(legal) == 1:
        return legal[0]
    if rng.random() < 0.6:
        return legal[1]
    return rng.choice(list(legal[1:]))


def random_options(rng: random.Random) -> dict[str, Any]:
    """Mostly `fft`, a quarter `seed002`."""
    return {"profile": "seed002" if rng.random() < 0.25 else "fft"}
