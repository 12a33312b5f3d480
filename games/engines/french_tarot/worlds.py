"""Sampling hidden cards consistent with a seat's view and memory (determinization for the expert bot).

A world places every card the seat cannot see: in the other hands (sized by `hand_sizes`), in the unseen part
of the taker's discard (Petite/Garde), or in the hidden dog (Garde sans/Contre). It respects what the seat
knows: shown handfuls, the dog cards taken by the taker, the discard rules (§5.2: only non-King suit cards
hide there, since discarded trumps are shown) and the voids and trump ceilings revealed by play (§5.5).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .cards import BOUTS, DECK, STRENGTH, SUIT_OF, SUITS, TRUMP, is_king
from .memory import Inference, Plays, infer

ASIDE = 4  # slot number of the hidden discard or dog


@dataclass(frozen=True)
class Knowledge:
    """What a seat knows at a play decision, read from its view and memory once per decision.

    Attributes:
        seat, taker, contract: as in the view.
        hand: the seat's cards; `past`: remembered completed tricks with winners; `trick`: current plays.
        known_aside: the cards of the discard or dog this seat has seen (the taker's discard; shown trumps).
        unknown: the cards to place; `sizes`: how many each slot takes (seats 0-3, then the aside slot).
        allowed: card -> slots it may go to before the void rules.
        inference: voids and trump ceilings.
    """

    seat: int
    taker: int
    contract: str
    hand: tuple[str, ...]
    past: tuple[tuple[Plays, int], ...]
    trick: Plays
    known_aside: tuple[str, ...]
    unknown: tuple[str, ...]
    sizes: tuple[int, ...]
    allowed: dict[str, tuple[int, ...]]
    inference: Inference


def read_knowledge(view: dict[str, Any], seat: int, past: list[tuple[Plays, int]]) -> Knowledge | None:
    """Assemble a seat's knowledge; None when the remembered tricks do not account for every card."""
    taker, contract = view["taker"], view["contract"]
    hand = tuple(view["hand"])
    trick: Plays = tuple((p["seat"], p["card"]) for p in view["trick"])
    played = {card for plays, _ in past for _, card in plays} | {card for _, card in trick}
    if contract in ("petite", "garde"):
        known_aside = tuple(view["discard"] or view["discard_trumps"] or ())
        aside_size = 6 - len(known_aside)
    else:
        known_aside = ()
        aside_size = 6
    seen = set(hand) | played | set(known_aside)
    unknown = tuple(c for c in DECK if c not in seen)
    sizes = tuple(0 if s == seat else view["hand_sizes"][s] for s in range(4)) + (aside_size,)
    if len(unknown) != sum(sizes):
        return None
    others = tuple(s for s in range(4) if s != seat)
    shown = {
        card: s for entry in view["handfuls"] for s, card in ((entry["seat"], c) for c in entry["cards"])
    }
    dog = set(view["dog"] or ()) if contract in ("petite", "garde") else set()
    allowed: dict[str, tuple[int, ...]] = {}
    for card in unknown:
        if card in shown:
            slots: tuple[int, ...] = (shown[card],)
        elif contract in ("petite", "garde"):
            can_hide = SUIT_OF[card] in SUITS and not is_king(card) and card not in BOUTS and aside_size > 0
            if card in dog:
                slots = (taker, ASIDE) if can_hide else (taker,)
            else:
                slots = others + ((ASIDE,) if can_hide else ())
        else:
            slots = others + (ASIDE,)
        allowed[card] = tuple(s for s in slots if s == ASIDE or s != seat)
    tricks = [plays for plays, _ in past] + [trick]
    return Knowledge(
        seat, taker, contract, hand, tuple(past), trick, known_aside, unknown, sizes, allowed, infer(tricks)
    )


def _fits(card: str, slot: int, inference: Inference) -> bool:
    if slot == ASIDE:
        return True
    suit = SUIT_OF[card]
    if suit in inference.void[slot]:
        return False
    return not (suit == TRUMP and STRENGTH[card] > inference.trump_ceiling[slot])


def _place(knowledge: Knowledge, rng: random.Random, level: int) -> list[list[str]] | None:
    """One greedy placement; `level` 2 uses every rule, 1 drops the play inferences, 0 only the slot sizes."""
    room = list(knowledge.sizes)
    everywhere = tuple(s for s in range(5) if s != knowledge.seat)
    options: list[tuple[int, float, str, list[int]]] = []
    for card in knowledge.unknown:
        slots = list(knowledge.allowed[card]) if level else list(everywhere)
        if level == 2:
            slots = [s for s in slots if _fits(card, s, knowledge.inference)]
        options.append((len(slots), rng.random(), card, slots))
    options.sort()
    placed: list[list[str]] = [[] for _ in range(5)]
    for _, _, card, slots in options:
        free = [s for s in slots if room[s] > 0]
        if not free:
            return None
        pick = rng.random() * sum(room[s] for s in free)
        slot = free[-1]
        for candidate in free:
            pick -= room[candidate]
            if pick < 0:
                slot = candidate
                break
        placed[slot].append(card)
        room[slot] -= 1
    placed[knowledge.seat] = list(knowledge.hand)
    return placed


def sample_world(knowledge: Knowledge, rng: random.Random, tries: int = 20) -> list[list[str]]:
    """Place every unknown card: returns five lists (hands of seats 0-3 with the seat's own hand, then the aside).

    Cards with the fewest possible slots go first, each to a slot chosen in proportion to its free room. After
    `tries` dead ends the play inferences are dropped, and after a few more every placement rule but the sizes.
    """
    for level, attempts in ((2, tries), (1, 5)):
        for _ in range(attempts):
            placed = _place(knowledge, rng, level)
            if placed is not None:
                return placed
    placed = _place(knowledge, rng, 0)
    assert placed is not None  # sizes always add up to the unknown cards
    return placed
