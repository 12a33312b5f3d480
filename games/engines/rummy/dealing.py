"""Shuffling, dealing and checking a deal (docs/rules/rummy.md §4).

The committed order (docs/design.md "Deck commitment") is the 110 shuffled codes followed by the two restock
permutations as numbers; `deal_from_order` turns it into the deal JSON.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from games.engines.core.cards import deal_packets, from_forehand
from games.engines.core.errors import IllegalAction
from games.engines.core.wire import is_json_int

from .cards import CANONICAL_PACK, PACK_SIZE

HAND_SIZE = 13


def shuffle_deck(rng: random.Random) -> list[Any]:
    """The committed order: the canonical pack `rng.shuffle`d, then two `list(range(110))` each shuffled.

    Returns a list of 110 codes followed by 220 ints (rules §4).
    """
    pack = list(CANONICAL_PACK)
    rng.shuffle(pack)
    perms = []
    for _ in range(2):
        perm = list(range(PACK_SIZE))
        rng.shuffle(perm)
        perms.append(perm)
    return pack + perms[0] + perms[1]


def turn_order(dealer: int, active: Sequence[int], seats: int) -> list[int]:
    """The active seats in turn order from the first player, next(dealer) (rules §3)."""
    playing = set(active)
    return [s for s in from_forehand(dealer, seats) if s in playing]


def deal_from_order(order: Sequence[Any], dealer: int, seats: int, active: Sequence[int]) -> dict[str, Any]:
    """Make the deal JSON of rules §4 from a committed order.

    Args:
        order: 110 codes, then optionally 220 ints (two permutations of 0 … 109).
        dealer: the dealer's seat; seats: table size; active: the seats still in the match.
    Returns:
        `{"hands", "stock", "discard", "restock"}`; null hands for seats out of the match.
    """
    pack = list(order[:PACK_SIZE])
    players = turn_order(dealer, active, seats)
    dealt = deal_packets(pack, seats, players, HAND_SIZE, len(players))
    hands: list[list[str] | None] = [dealt[s] if s in players else None for s in range(seats)]
    at = HAND_SIZE * len(players)
    deal: dict[str, Any] = {"hands": hands, "discard": [pack[at]], "stock": pack[at + 1 :]}
    rest = list(order[PACK_SIZE:])
    deal["restock"] = [rest[:PACK_SIZE], rest[PACK_SIZE:]] if len(rest) == 2 * PACK_SIZE else None
    if deal["restock"] is None:
        del deal["restock"]
    return deal


def deal_cards(
    rng: random.Random, dealer: int, active: Sequence[int], seats: int | None = None
) -> dict[str, Any]:
    """Shuffle with `rng` and deal to the `active` seats (rules §4 `deal_cards(rng, dealer, active)`).

    Args:
        seats: table size; defaults to `max(active, dealer) + 1` (give it when the last seats are eliminated).
    """
    size = seats if seats is not None else max([*active, dealer]) + 1
    return deal_from_order(shuffle_deck(rng), dealer, size, active)


def _bad(message: str) -> IllegalAction:
    return IllegalAction("bad_deal", message)


def read_deal(
    deal: Mapping[str, Any], seats: int
) -> tuple[list[list[str] | None], list[str], list[str], list[list[int]] | None]:
    """Validate the deal JSON of rules §4 and return `(hands, stock, pile, restock)`.

    Raises:
        IllegalAction: `bad_deal` — wrong shape, not exactly the 110-card pack, fewer than 2 active seats,
            a hand not of 13 cards, no upcard, or a restock that is not two permutations of 0 … 109.
    """
    if not isinstance(deal, Mapping) or not {"hands", "stock", "discard"} <= set(deal):
        raise _bad("a deal has hands, stock and discard")
    if set(deal) - {"hands", "stock", "discard", "restock"}:
        raise _bad("unknown key in the deal")
    stock, pile = deal["stock"], deal["discard"]
    hands = _read_hands(deal["hands"], seats)
    if not isinstance(stock, list) or not all(isinstance(c, str) for c in stock):
        raise _bad("the stock is a list of codes")
    if not isinstance(pile, list) or len(pile) != 1 or not isinstance(pile[0], str):
        raise _bad("the discard pile holds exactly the upcard")
    every = [c for h in hands if h is not None for c in h] + stock + pile
    if Counter(every) != Counter(CANONICAL_PACK):
        raise _bad("hands, stock and upcard must be exactly the 110-card pack")
    return hands, list(stock), list(pile), _read_restock(deal.get("restock"))


def _read_hands(hands_in: Any, seats: int) -> list[list[str] | None]:
    """The deal's `hands` entry checked (rules §4: one entry per seat, None for a seat out of the match, else 13
    codes; at least two active seats) and copied. Raises IllegalAction("bad_deal")."""
    if not isinstance(hands_in, list) or len(hands_in) != seats:
        raise _bad(f"the deal needs one hand entry per seat ({seats})")
    hands: list[list[str] | None] = []
    for hand in hands_in:
        if hand is None:
            hands.append(None)
            continue
        if not isinstance(hand, list) or len(hand) != HAND_SIZE or not all(isinstance(c, str) for c in hand):
            raise _bad("every active hand holds 13 card codes")
        hands.append(list(hand))
    if sum(h is not None for h in hands) < 2:
        raise _bad("at least two active seats")
    return hands


def _read_restock(restock: Any) -> list[list[int]] | None:
    """The deal's optional `restock` entry checked (rules §4: two permutations of 0 … 109) and copied; None when
    the deal has none. Raises IllegalAction("bad_deal")."""
    if restock is None:
        return None
    ok = (
        isinstance(restock, list)
        and len(restock) == 2
        and all(
            isinstance(p, list) and all(is_json_int(i) for i in p) and sorted(p) == list(range(PACK_SIZE))
            for p in restock
        )
    )
    if not ok:
        raise _bad("restock is two permutations of 0 … 109")
    return [list(p) for p in restock]
