"""Sampling hidden hands consistent with one seat's view, for the expert's determinized search.

A world gives every other seat a hand of its view's size from the cards the seat has not seen (its own hand,
the current trick and the last completed trick are known; cards of earlier tricks are not in a view, so they
stay in the pool), respecting the voids the visible tricks prove and, in Differenzler's first trick, the
dealer's face-up trump card (docs/rules/jass.md §5.3, §7).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from .cards import DECK, SUIT_OF


@dataclass
class Knowledge:
    """What one seat knows of the hidden cards, read from its view.

    Attributes:
        seat: the seat searching; `mode` the round's mode; `hand` its cards.
        hand_sizes: per seat, cards left in hand.
        seen: every card the seat has seen outside its hand (current and last trick).
        voids: per seat the suits it has shown it cannot hold.
        forced: card -> seat that must still hold it (Differenzler's trump card before trick 1 ends).
    """

    seat: int
    mode: str
    hand: list[str]
    hand_sizes: list[int]
    seen: set[str]
    voids: list[set[str]] = field(default_factory=lambda: [set(), set(), set(), set()])
    forced: dict[str, int] = field(default_factory=dict)


def note_voids(knowledge: Knowledge, leader: int, cards: Sequence[str], mode: str) -> None:
    """Record the voids a trick shows: a seat that did not follow the led suit holds none of it (when trump is
    led, the trump Under may still be held, docs/rules/jass.md §5.3 step 4)."""
    if not cards:
        return
    led = SUIT_OF[cards[0]]
    for i in range(1, len(cards)):
        if SUIT_OF[cards[i]] != led:
            knowledge.voids[(leader + i) % 4].add(led)


def sample_world(knowledge: Knowledge, rng: random.Random) -> list[list[str]]:
    """Hands for all four seats consistent with `knowledge` (the searching seat keeps its own hand).

    Tries to respect voids and forced cards; after 20 failed draws it drops the voids (a world is always
    returned, the search only loses a little precision).
    """
    pool = [c for c in DECK if c not in knowledge.seen and c not in knowledge.hand]
    others = [s for s in range(4) if s != knowledge.seat]
    for attempt in range(21):
        use_voids = attempt < 20
        hands: list[list[str]] | None = _draw(knowledge, pool, others, rng, use_voids)
        if hands is not None:
            return hands
    raise AssertionError("a world without voids can always be drawn")  # pragma: no cover


def _draw(
    knowledge: Knowledge, pool: list[str], others: list[int], rng: random.Random, use_voids: bool
) -> list[list[str]] | None:
    hands: list[list[str]] = [[], [], [], []]
    hands[knowledge.seat] = list(knowledge.hand)
    free = list(pool)
    rng.shuffle(free)
    for card, holder in knowledge.forced.items():
        if card in free and holder != knowledge.seat:
            free.remove(card)
            hands[holder].append(card)

    def fits(seat: int, card: str) -> bool:
        if not use_voids:
            return True
        suit = SUIT_OF[card]
        return suit not in knowledge.voids[seat] or card == "J" + knowledge.mode

    order = sorted(others, key=lambda s: sum(1 for c in free if fits(s, c)))
    for seat in order:
        need = knowledge.hand_sizes[seat] - len(hands[seat])
        if need <= 0:
            continue
        chosen = [c for c in free if fits(seat, c)][:need]
        if len(chosen) < need:
            return None
        hands[seat].extend(chosen)
        taken = set(chosen)
        free = [c for c in free if c not in taken]
    return hands
