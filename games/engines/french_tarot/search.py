"""Determinized playouts for the expert bot (perfect-information Monte Carlo over sampled worlds).

For each sampled world (`worlds.py`) every candidate card is played out to the end of the deal with the cheap
heuristic policy of `heuristics.play_card` (with a little noise), and the deal is scored by the engine's own
`score_deal` (docs/rules/french_tarot.md §6). The candidate with the best mean score for the seat wins. The work is
bounded by a playout count, so a seeded rng makes every decision reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .cards import EXCUSE, HALF_POINTS, STRENGTH, SUIT_OF, SUIT_RANKS, TRUMP, trick_winner_index
from .heuristics import play_card
from .legality import legal_cards
from .options import DEFAULT_OPTIONS
from .scoring import excuse_wins_last_trick, score_deal
from .state import TRICKS_PER_DEAL, TarotState
from .worlds import ASIDE, Knowledge, sample_world

ROLLOUT_NOISE = 0.1


def _template(knowledge: Knowledge, view: dict[str, Any], profile: str) -> TarotState:
    """A finished-deal shell carrying what scoring needs besides the tricks."""
    handfuls = tuple((h["seat"], tuple(h["cards"])) for h in view["handfuls"])
    return TarotState(
        options={**DEFAULT_OPTIONS, "profile": profile},
        dealer=view["dealer"],
        deal_hands=(),
        dog=(),
        phase="done",
        taker=knowledge.taker,
        contract=knowledge.contract,
        slam_announced=view["slam_announced"],
        handfuls=handfuls,
    )


def play_out(
    hands: list[list[str]],
    past: list[tuple[tuple[int, str], ...]],
    winners: list[int],
    trick: list[tuple[int, str]],
    to_play: int,
    card: str,
    template: TarotState,
    rng: random.Random,
) -> None:
    """Play `card` for `to_play`, then the rest of the deal by the heuristic policy, in place.

    `hands` lose their cards; `past` and `winners` receive every completed trick (§6.1, §6.2 b); `trick` holds
    the current trick's plays before `card`. `template` (`_template`) gives the deal's taker, whether a slam was
    announced (§5.3: the Excuse locked until the last trick) and the rules profile (§6.2 b).
    """
    taker, profile = template.taker, template.profile
    assert taker is not None, "a deal is played out only once it has a taker"
    trick_cards = [c for _, c in trick]
    leader = trick[0][0] if trick else to_play
    slam_alive = bool(template.slam_announced) and all(w == taker for w in winners)
    while True:
        hands[to_play].remove(card)
        trick.append((to_play, card))
        trick_cards.append(card)
        if len(trick) == 4:
            winner = trick[trick_winner_index(trick_cards)][0]
            past.append(tuple(trick))
            winners.append(winner)
            if len(past) == TRICKS_PER_DEAL:
                if excuse_wins_last_trick(tuple(past), tuple(winners), taker, profile):
                    winners[-1] = next(s for s, c in trick if c == EXCUSE)
                return
            slam_alive = slam_alive and winner == taker
            leader, trick, trick_cards = winner, [], []
        to_play = (leader + len(trick)) % 4
        hand = hands[to_play]
        locked = slam_alive and to_play == taker and len(past) < TRICKS_PER_DEAL - 1 and EXCUSE in hand
        legal = legal_cards(hand, trick_cards, locked)
        card = play_card(legal, trick, to_play, taker, hand, rng, ROLLOUT_NOISE)


def _score(
    template: TarotState, past: list[Any], winners: list[int], aside: tuple[str, ...], seat: int
) -> int:
    """The seat's score change once every trick is played (§6.4), by the engine's own scoring."""
    finished = template.copy()
    if template.contract in ("petite", "garde"):
        finished.discard = aside
    else:
        finished.dog = aside
    finished.tricks = tuple(past)
    finished.winners = tuple(winners)
    return int(score_deal(finished)["scores"][seat])


def rollout(
    knowledge: Knowledge,
    world: list[list[str]],
    first_card: str,
    template: TarotState,
    rng: random.Random,
) -> int:
    """Play `first_card` for the knowledge's seat, then the rest of the deal by the heuristic policy.

    Returns:
        The seat's score change for the deal (§6.4: +3V for the taker, −V for a defender).
    """
    past = [plays for plays, _ in knowledge.past]
    winners = [winner for _, winner in knowledge.past]
    hands = [list(world[s]) for s in range(4)]
    play_out(
        hands,
        past,
        winners,
        list(knowledge.trick),
        knowledge.seat,
        first_card,
        template,
        rng,
    )
    return _score(template, past, winners, knowledge.known_aside + tuple(world[ASIDE]), knowledge.seat)


def distinct_candidates(candidates: Sequence[str], hand: Sequence[str], gone: set[str]) -> list[str]:
    """Drop candidates equivalent to a lower one: same suit and value with every card ranked between them
    already played or in the seat's own hand (touching cards win and lose the same tricks)."""
    kept: list[str] = []
    by_group: dict[str, list[str]] = {}
    for card in sorted(candidates, key=lambda c: (SUIT_OF[c], STRENGTH[c])):
        by_group.setdefault(SUIT_OF[card], []).append(card)
    settled = gone | set(hand)
    for suit, cards in by_group.items():
        previous: str | None = None
        for card in cards:
            if (
                previous is not None
                and suit
                and HALF_POINTS[card] == HALF_POINTS[previous]
                and all(
                    _code(suit, rank) in settled for rank in range(STRENGTH[previous] + 1, STRENGTH[card])
                )
            ):
                continue
            kept.append(card)
            previous = card
    return [c for c in candidates if c in kept]


def _code(suit: str, rank: int) -> str:
    return f"T{rank}" if suit == TRUMP else SUIT_RANKS[rank - 1] + suit


def best_card(
    knowledge: Knowledge,
    view: dict[str, Any],
    candidates: Sequence[str],
    playouts: int,
    rng: random.Random,
    profile: str,
) -> str:
    """The candidate with the best mean playout score; `playouts` bounds the total number of rollouts."""
    gone = {card for plays, _ in knowledge.past for _, card in plays} | {card for _, card in knowledge.trick}
    candidates = distinct_candidates(candidates, knowledge.hand, gone)
    if len(candidates) == 1:
        return candidates[0]
    worlds = max(2, playouts // len(candidates))
    template = _template(knowledge, view, profile)
    totals = dict.fromkeys(candidates, 0)
    for _ in range(worlds):
        world = sample_world(knowledge, rng)
        seed = rng.random()
        for card in candidates:
            totals[card] += rollout(knowledge, world, card, template, random.Random(seed))
    return max(candidates, key=lambda c: (totals[c], -candidates.index(c)))
