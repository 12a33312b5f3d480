"""Shuffling, dealing, the deal check and the redeal reasons of Tarock (docs/rules/tarock.md §4)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.engines.core import IllegalAction
from games.engines.core.cards import deal_packets, from_forehand, shuffled

from .cards import DECK, DECK_SET, GLATZEN, sort_canonical, tarock_count

PACKET = 5


def shuffle_deck(rng: random.Random) -> list[str]:
    """The canonical deck shuffled by `rng.shuffle` (§4.2)."""
    return shuffled(DECK, rng)


def deal_from_order(order: Sequence[str], dealer: int) -> dict[str, Any]:
    """Deal JSON from a shuffled order (§4.2): two rounds of five-card packets starting at F = next(dealer).

    In round r ∈ {0, 1}, seat (F + i) mod 4 gets positions 20r + 5i … 20r + 5i + 4.
    """
    return {"hands": deal_packets(order, 4, from_forehand(dealer, 4), PACKET, len(DECK) // PACKET)}


def read_deal(deal: Any) -> list[list[str]]:
    """The four hands of a deal JSON in canonical order.

    Raises:
        IllegalAction("bad_deal"): not `{"hands": [4 lists of 10 codes]}` partitioning the 40 cards.
    """
    if not isinstance(deal, Mapping) or set(deal) != {"hands"}:
        raise IllegalAction("bad_deal", 'a deal is {"hands": [[10 codes] × 4]}')
    hands = deal["hands"]
    if not isinstance(hands, list) or len(hands) != 4:
        raise IllegalAction("bad_deal", "a deal has four hands")
    seen: list[str] = []
    for hand in hands:
        if not isinstance(hand, list) or len(hand) != 10 or not all(isinstance(c, str) for c in hand):
            raise IllegalAction("bad_deal", "each hand holds 10 card codes")
        seen.extend(hand)
    if len(set(seen)) != 40 or set(seen) != DECK_SET:
        raise IllegalAction("bad_deal", "the hands must partition the 40 cards")
    return [sort_canonical(h) for h in hands]


def redeal_reasons(hands: Sequence[Sequence[str]]) -> list[str]:
    """Codes of §4.3 that apply, in the rules file's order: `few_tarocks`, `four_glatzen`."""
    reasons = []
    if any(tarock_count(h) < 2 for h in hands):
        reasons.append("few_tarocks")
    if any(GLATZEN.issubset(h) for h in hands):
        reasons.append("four_glatzen")
    return reasons
