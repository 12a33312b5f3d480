"""Shuffling, the dealing rule and the deal check of Jass (docs/rules/jass.md §4)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.engines.core import IllegalAction
from games.engines.core.cards import deal_packets, from_forehand, shuffled

from .cards import DECK, DECK_SET, sort_canonical
from .state import DIFFERENZLER, SCHIEBER

PACKET = 3
HAND_SIZE = 9


def shuffle_deck(rng: random.Random) -> list[str]:
    """The canonical deck shuffled with `rng.shuffle` (docs/rules/jass.md §4)."""
    return shuffled(DECK, rng)


def deal_from_order(order: Sequence[str], dealer: int, variant: str) -> dict[str, Any]:
    """12 packets of three, packet j to seat (forehand + j) mod 4; the dealer's last card is Differenzler's
    `trump_card` (docs/rules/jass.md §4). Returns the deal JSON with hands in canonical order."""
    hands = deal_packets(order, 4, from_forehand(dealer, 4), PACKET, len(DECK) // PACKET)
    deal: dict[str, Any] = {"hands": [sort_canonical(h) for h in hands]}
    if variant == DIFFERENZLER:
        deal["trump_card"] = order[-1]
    return deal


def read_deal(deal: Mapping[str, Any], dealer: int, variant: str) -> list[list[str]]:
    """Check a deal JSON and return its hands in canonical order.

    Raises:
        IllegalAction: `bad_deal` when the keys are not exactly `hands` (and Differenzler's `trump_card`), the
            hands are not the 36-card deck in four hands of nine, or the `trump_card` is not in the dealer's hand.
    """
    expected_keys = {"hands"} if variant == SCHIEBER else {"hands", "trump_card"}
    if not isinstance(deal, Mapping) or set(deal) != expected_keys:
        raise IllegalAction("bad_deal", f"a deal has exactly the keys {sorted(expected_keys)}")
    hands = deal["hands"]
    if (
        not isinstance(hands, list)
        or len(hands) != 4
        or any(not isinstance(h, list) or len(h) != HAND_SIZE for h in hands)
        or any(not isinstance(c, str) or c not in DECK_SET for h in hands for c in h)
        or len({c for h in hands for c in h}) != len(DECK)
    ):
        raise IllegalAction("bad_deal", "the hands must be the 36-card deck, nine cards to each seat")
    if variant == DIFFERENZLER and deal["trump_card"] not in hands[dealer]:
        raise IllegalAction("bad_deal", "the trump card must be in the dealer's hand")
    return [sort_canonical(h) for h in hands]
