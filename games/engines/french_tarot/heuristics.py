"""Card-sense for the bots: hand evaluation for bidding, the discard, handfuls and a one-card play policy.

Everything works on plain card codes so the same policy serves the standard bot (from a view) and the expert's
cheap rollouts (from a sampled world). Rules referred to: docs/rules/french_tarot.md §5.1-§5.5.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import EXCUSE, HALF_POINTS, MONDE, PETIT, STRENGTH, SUIT_OF, SUITS, TRUMP, is_king, led_suit
from .legality import HANDFUL_SIZES, required_discard_trumps

#: Hand strength needed for each contract (see `hand_strength`), highest first.
BID_THRESHOLDS: tuple[tuple[str, int], ...] = (
    ("garde_contre", 64),
    ("garde_sans", 57),
    ("garde", 45),
    ("petite", 41),
)
BID_ORDER = ("pass", "petite", "garde", "garde_sans", "garde_contre")


def hand_strength(hand: Sequence[str]) -> int:
    """A bidding score of an 18-card hand (higher is stronger; about 41 is a Petite, calibrated by benchmark self-play).

    Counts the bouts (T1 only when guarded by trumps), trumps and high trumps, honours, long suits and voids.
    """
    trumps = [c for c in hand if SUIT_OF[c] == TRUMP]
    score = 0
    if MONDE in hand:
        score += 10
    if EXCUSE in hand:
        score += 8
    if PETIT in hand:
        score += 7 if len(trumps) >= 6 else 3
    score += 2 * len(trumps) + sum(1 for c in trumps if STRENGTH[c] >= 16)
    for suit in SUITS:
        cards = [c for c in hand if SUIT_OF[c] == suit]
        ranks = {c[:-1] for c in cards}
        score += 6 * ("K" in ranks) + 3 * ("Q" in ranks) + 2 * ("N" in ranks) + ("J" in ranks)
        score += 1 if {"K", "Q"} <= ranks else 0
        if len(cards) >= 5:
            score += 2 * (len(cards) - 4)
        if len(trumps) >= 5:
            score += 3 if not cards else 1 if len(cards) == 1 else 0
    return score


def choose_bid(hand: Sequence[str], highest_bid: str, bonus: int = 0) -> str:
    """The highest contract the hand supports if it outbids `highest_bid`, else `pass` (§5.1)."""
    strength = hand_strength(hand) + bonus
    for contract, threshold in BID_THRESHOLDS:
        if strength >= threshold and BID_ORDER.index(contract) > BID_ORDER.index(highest_bid):
            return contract
    return "pass"


def choose_discard(hand: Sequence[str]) -> tuple[str, ...]:
    """A sound legal discard from the taker's 24 cards (§5.2): void the shortest suits without a King, then
    bury the highest non-King honours, then the lowest cards; trumps only when forced, the lowest first."""
    plain = [c for c in hand if SUIT_OF[c] in SUITS and not is_king(c)]
    forced = required_discard_trumps(hand)
    if forced:
        trumps = sorted(
            (c for c in hand if SUIT_OF[c] == TRUMP and c not in (PETIT, MONDE)), key=STRENGTH.__getitem__
        )
        return tuple(plain + trumps[:forced])
    by_suit = {suit: [c for c in plain if SUIT_OF[c] == suit] for suit in SUITS}
    kings = {SUIT_OF[c] for c in hand if is_king(c) and SUIT_OF[c] in SUITS}
    chosen: list[str] = []
    for suit in sorted(SUITS, key=lambda s: (s in kings, len(by_suit[s]))):
        cards = by_suit[suit]
        if cards and suit not in kings and len(chosen) + len(cards) <= 6:
            chosen += cards
    rest = sorted((c for c in plain if c not in chosen), key=lambda c: (-HALF_POINTS[c], STRENGTH[c]))
    honours = [c for c in rest if HALF_POINTS[c] > 1]
    lows = sorted((c for c in rest if HALF_POINTS[c] == 1), key=STRENGTH.__getitem__)
    for card in honours + lows:
        if len(chosen) == 6:
            break
        chosen.append(card)
    return tuple(chosen)


def choose_handful(hand: Sequence[str]) -> tuple[str, ...] | None:
    """The largest handful the hand allows (§5.4), lowest trumps first, `EX` only completing every trump; or None."""
    trumps = sorted((c for c in hand if SUIT_OF[c] == TRUMP), key=STRENGTH.__getitem__)
    for size in sorted(HANDFUL_SIZES, reverse=True):
        if len(trumps) >= size:
            return tuple(trumps[:size])
        if EXCUSE in hand and len(trumps) + 1 == size:
            return (*trumps, EXCUSE)
    return None


def _strength(card: str, led: str | None) -> int:
    """How strongly `card` holds a trick led in `led` (§6.1): trumps above the led suit, other cards −1."""
    suit = SUIT_OF[card]
    if suit == TRUMP:
        return 100 + STRENGTH[card]
    return STRENGTH[card] if suit == led else -1


#: Order in which cards are given away: fewest points, plain before trump, lowest rank; the Excuse and T1 last.
_CHEAP_KEY: dict[str, tuple[int, int, int, int, int]] = {
    c: (c == PETIT, c == EXCUSE, HALF_POINTS[c], SUIT_OF[c] == TRUMP, STRENGTH[c]) for c in HALF_POINTS
}


def _cheapest(cards: Sequence[str]) -> str:
    """The card that costs least to give away (see `_CHEAP_KEY`)."""
    return min(cards, key=_CHEAP_KEY.__getitem__)


def play_card(
    legal: Sequence[str],
    trick: Sequence[tuple[int, str]],
    seat: int,
    taker: int,
    hand: Sequence[str],
    rng: random.Random,
    noise: float = 0.0,
) -> str:
    """A one-card heuristic policy (§5.5): cash Kings, give points to a partner who holds the trick, win cheaply,
    save the Petit, use the Excuse to save points, otherwise play the cheapest card.

    Args:
        legal: the legal cards (non-empty); `trick`: current `(seat, card)` plays; `hand`: the seat's cards;
        `noise`: chance of a uniformly random legal card instead (used by the expert's rollouts).
    """
    if len(legal) == 1:
        return legal[0]
    if noise and rng.random() < noise:
        return rng.choice(list(legal))
    if EXCUSE in legal and len(hand) <= 2:
        return EXCUSE  # keeping it for trick 18 would hand it to that trick's winner (§6.2 c)
    on_taker_side = seat == taker
    led = led_suit([card for _, card in trick])
    if led is None:  # nothing led yet, or only the Excuse: play as a leader
        return _lead(legal, on_taker_side, hand)
    return _follow(legal, trick, led, on_taker_side, taker)


def _trick_holder(trick: Sequence[tuple[int, str]], led: str) -> tuple[int, str, int]:
    """`(seat, card, strength)` of the play holding a trick led in `led` so far (§6.1; the Excuse never holds)."""
    best_seat, best, top = -1, "", -1
    for played_by, card in trick:
        strength = _strength(card, led) if card != EXCUSE else -1
        if strength > top:
            best_seat, best, top = played_by, card, strength
    return best_seat, best, top


def _is_strong(card: str) -> bool:
    """Whether `card` is likely to keep the trick: a trump of 17 or more, or a King."""
    return (SUIT_OF[card] == TRUMP and STRENGTH[card] >= 17) or (SUIT_OF[card] != TRUMP and is_king(card))


def _follow(
    legal: Sequence[str], trick: Sequence[tuple[int, str]], led: str, on_taker_side: bool, taker: int
) -> str:
    """`play_card` in a trick led in `led`: charge a partner's trick that holds, else overtake an opponent,
    else give the cheapest card away."""
    best_seat, best, top = _trick_holder(trick, led)
    partner_holds = (best_seat == taker) == on_taker_side
    last = len(trick) == 3
    if partner_holds and (last or _is_strong(best)):
        charge = _charge(legal)
        if charge is not None:
            return charge
    winners = [c for c in legal if c != EXCUSE and _strength(c, led) > top]
    if winners and not partner_holds:
        overtake = _overtake(winners, trick, last)
        if overtake is not None:
            return overtake
    return _give_away(legal)


def _charge(legal: Sequence[str]) -> str | None:
    """The card to give a partner's trick that holds: the Petit when allowed, else the most points (trumps count
    none here), the lowest such card; never the Excuse or the Monde. None when only those are legal."""
    charge = [c for c in legal if c != EXCUSE and c != MONDE]
    if PETIT in charge:
        return PETIT
    if charge:
        return max(charge, key=lambda c: (HALF_POINTS[c] if SUIT_OF[c] != TRUMP else 0, -STRENGTH[c]))
    return None


def _overtake(winners: Sequence[str], trick: Sequence[tuple[int, str]], last: bool) -> str | None:
    """The card among `winners` (cards that beat the trick's holder, an opponent) to take the trick with; None
    when only the Petit could, and it is not the last card of the trick."""
    if last:
        safe = [c for c in winners if c != MONDE] or winners
        return min(safe, key=lambda c: (c != PETIT, SUIT_OF[c] == TRUMP, STRENGTH[c]))
    points = sum(HALF_POINTS[c] for _, c in trick)
    if MONDE in winners and points >= 9:
        return MONDE
    plain_winners = [c for c in winners if SUIT_OF[c] != TRUMP]
    if plain_winners:
        return max(plain_winners, key=STRENGTH.__getitem__)
    trump_winners = sorted((c for c in winners if c != PETIT), key=STRENGTH.__getitem__)
    if trump_winners:
        return trump_winners[len(trump_winners) // 2] if points >= 5 else trump_winners[0]
    return None


def _give_away(legal: Sequence[str]) -> str:
    """The cheapest legal card (`_cheapest`), or the Excuse to save a card worth 5 half-points or more or the
    Petit."""
    others = [c for c in legal if c != EXCUSE]
    cheapest = _cheapest(others) if others else EXCUSE
    if EXCUSE in legal and (HALF_POINTS[cheapest] >= 5 or cheapest == PETIT):
        return EXCUSE
    return cheapest


def _lead(legal: Sequence[str], on_taker_side: bool, hand: Sequence[str]) -> str:
    kings = [c for c in legal if is_king(c) and SUIT_OF[c] in SUITS]
    if kings:
        return kings[0]
    plain = [c for c in legal if SUIT_OF[c] in SUITS]
    trumps = [c for c in legal if SUIT_OF[c] == TRUMP]
    if on_taker_side and len(trumps) >= 6:
        drawing = [c for c in trumps if c != PETIT]
        if drawing:
            return (
                max(drawing, key=STRENGTH.__getitem__)
                if MONDE in drawing
                else min(drawing, key=STRENGTH.__getitem__)
            )
    if plain:
        lengths = dict.fromkeys(SUITS, 0)
        for card in hand:
            suit = SUIT_OF[card]
            if suit in lengths:
                lengths[suit] += 1
        return min(plain, key=lambda c: (-lengths[SUIT_OF[c]], HALF_POINTS[c], STRENGTH[c]))
    non_petit = [c for c in trumps if c != PETIT]
    if non_petit:
        return min(non_petit, key=STRENGTH.__getitem__)
    return legal[0]
