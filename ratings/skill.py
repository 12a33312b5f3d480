"""The rating math (docs/decisions-ratings.md "Library and model"): OpenSkill's Weng-Lin Bayesian ratings with the
Plackett-Luce model, the displayed number and the provisional rule. Pure: no Django, no database, no clock; the same
inputs give the same floats, which is what lets `manage.py ratings rebuild` reproduce the running values exactly.

A skill is a normal belief `N(mu, sigma²)` on OpenSkill's scale (prior mu 25, sigma 25/3). One rated result is a
list of entrants: each has a skill, a side (entrants of one side are a team: French Tarot's defence, Tarock's caller
and called partner, a Schieber pair; everyone alone in Differenzler and Rummy) and the side's place (1 is best; equal
places tie). Entrants that are held (bot anchors, and the others of a match whose leaver is rated) count as opponents
and partners but keep their skill.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

PRIOR_MU = 25.0
"""A new player's mu: OpenSkill's default."""

PRIOR_SIGMA = 25.0 / 3.0
"""A new player's sigma: OpenSkill's default, mu / 3, so a new player's conservative estimate mu − 3σ is 0."""

DISPLAY_BASE = 1000
"""The displayed rating of the conservative estimate mu − 3σ = 0, i.e. of a new player."""

DISPLAY_SCALE = 40
"""Displayed points per unit of mu − 3σ: the displayed rating is `1000 + round(40 × (μ − 3σ))`."""

PROVISIONAL_SIGMA = 3.0
"""A player is provisional while sigma is above this (docs/decisions-ratings.md). Slow by design with
OpenSkill's default dynamics: a new player's 8.33 falls below it after about 90 four-way results among players who
all move, about 60 as one against three calibrated anchors (sigma 1.5), more against anchors still at the prior."""

_MODEL = PlackettLuce(mu=PRIOR_MU, sigma=PRIOR_SIGMA)


@dataclass(frozen=True)
class Skill:
    """A rating's belief: `mu` (mean) and `sigma` (standard deviation), on OpenSkill's scale."""

    mu: float
    sigma: float


PRIOR = Skill(PRIOR_MU, PRIOR_SIGMA)
"""Where every person's rating in a game starts (and where `ratings rebuild` restarts them)."""


@dataclass(frozen=True)
class Entrant:
    """One seat's part in a rated result.

    Fields:
        skill: the entrant's skill before the result.
        side: the team the entrant played in (any int; entrants with the same side are partners).
        place: the side's place, 1 = best; sides with equal places tied. Every entrant of a side has its place.
        moves: False for a held entrant (a bot anchor, or a person not rated for this result): it takes part in
            the computation but keeps its skill.
    """

    skill: Skill
    side: int
    place: int
    moves: bool = True


def displayed(skill: Skill) -> int:
    """The number players see: `DISPLAY_BASE + round(DISPLAY_SCALE × (mu − 3σ))` (Python's round: halves to even)."""
    return DISPLAY_BASE + round(DISPLAY_SCALE * (skill.mu - 3 * skill.sigma))


def is_provisional(skill: Skill) -> bool:
    """Whether the rating is still provisional: sigma above PROVISIONAL_SIGMA."""
    return skill.sigma > PROVISIONAL_SIGMA


def rate(entrants: Sequence[Entrant]) -> list[Skill]:
    """The skills after one result, one per entrant in the order given; a held entrant's is its skill unchanged.

    Sides are ordered by their first entrant. Raises ValueError when fewer than two sides take part or the
    entrants of one side give different places (a result the caller built wrongly, never a player's input).
    OpenSkill's PlackettLuce.rate does the update (with its default dynamics tau = 25/300, which widens every
    moving sigma slightly before the update so that ratings keep following a player who improves).

    Where every side is one entrant (Differenzler, Rummy, a forfeit's leaver alone) OpenSkill rates the entrants
    directly. Sides of several entrants (docs/decisions-ratings.md "Sides of unequal size") are each rated as their
    average member (mean mu, root-mean-square sigma), and the side's change is shared out so that the sides'
    total mu is kept: with `smallest` entrants in the smallest side, a side of `n` moves `smallest / n` of its
    average member's change, each member in proportion to its own variance. OpenSkill's own team model adds its
    members' mu, so a lone taker against three defenders looked a 25-against-75 underdog every deal and every
    French Tarot and Tarock rating sank (a mean mu of 0.16 after 2,000 even deals).
    """
    order: list[int] = []
    places: dict[int, int] = {}
    for entrant in entrants:
        if entrant.side not in places:
            order.append(entrant.side)
            places[entrant.side] = entrant.place
        elif places[entrant.side] != entrant.place:
            raise ValueError(f"side {entrant.side} has two places")
    if len(order) < 2:
        raise ValueError("a rated result needs at least two sides")
    members = [[i for i, e in enumerate(entrants) if e.side == side] for side in order]
    ranks = [float(places[side]) for side in order]
    if all(len(side) == 1 for side in members):
        changed = _rated_alone(entrants, members, ranks)
    else:
        changed = _rated_sides(entrants, members, ranks)
    return [changed[i] if entrant.moves else entrant.skill for i, entrant in enumerate(entrants)]


def _rated_alone(entrants: Sequence[Entrant], members: list[list[int]], ranks: list[float]) -> list[Skill]:
    """OpenSkill's update where every side is one entrant, in the entrants' order."""
    players = [[_MODEL.rating(mu=entrants[i].skill.mu, sigma=entrants[i].skill.sigma)] for [i] in members]
    after = list(entrants_skills(entrants))
    for [i], [new] in zip(members, _MODEL.rate(players, ranks=ranks), strict=True):
        after[i] = Skill(float(new.mu), float(new.sigma))
    return after


def _rated_sides(entrants: Sequence[Entrant], members: list[list[int]], ranks: list[float]) -> list[Skill]:
    """Every entrant's skill after rating each side as its average member and sharing the change out (`rate`)."""
    average = [
        _MODEL.rating(
            mu=sum(entrants[i].skill.mu for i in side) / len(side),
            sigma=math.sqrt(sum(entrants[i].skill.sigma ** 2 for i in side) / len(side)),
        )
        for side in members
    ]
    rated = _MODEL.rate([[member] for member in average], ranks=ranks)
    smallest = min(len(side) for side in members)
    after = list(entrants_skills(entrants))
    for side, before, [new] in zip(members, average, rated, strict=True):
        share = smallest / len(side)
        variance = before.sigma**2
        shift = (new.mu - before.mu) * share
        shrink = math.sqrt((new.sigma**2 / variance) ** share)
        for i in side:
            own = entrants[i].skill
            after[i] = Skill(own.mu + shift * own.sigma**2 / variance, own.sigma * shrink)
    return after


def entrants_skills(entrants: Sequence[Entrant]) -> list[Skill]:
    """The entrants' skills before the result, in order."""
    return [entrant.skill for entrant in entrants]


def rate_in_order(results: Sequence[Sequence[tuple[int, int, int]]], players: int) -> list[Skill]:
    """Each of `players` players' skill after rating `results` one after the other with `rate`, everyone starting
    at PRIOR and every seat moving (a bot-only run: ratings.calibration, benchmarks/rating_strength_order.py).
    A result is per seat `(player, side, place)`, a player an index below `players`."""
    skills = [PRIOR] * players
    for result in results:
        after = rate([Entrant(skills[p], side, place) for p, side, place in result])
        for (p, _side, _place), new in zip(result, after, strict=True):
            skills[p] = new
    return skills
