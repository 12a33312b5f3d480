"""`manage.py ratings rebuild` (docs/decisions-ratings.md "Rebuild"): every person's rating recomputed from the
recorded results, in the order of their ids, with the same computation the running updates use
(ratings.services.advance), so a rebuild over consistent rows changes nothing."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from django.db import transaction

from ratings.models import RatedEntrant, Rating
from ratings.services import Participant, advance, lock_game
from ratings.skill import PRIOR

_BATCH = 5000
"""Rows read per database round trip, and rows written per update."""

_FIELDS = (
    "id",
    "result_id",
    "seat",
    "side",
    "place",
    "moved",
    "rating_id",
    "user_id",
    "mu_before",
    "sigma_before",
    "mu_after",
    "sigma_after",
)


@dataclass(frozen=True)
class Rebuilt:
    """What a rebuild of one game did: `results` replayed, `entrants` rows whose before or after differed from the
    recomputed values (rewritten), `ratings` ratings whose mu, sigma or count differed (rewritten)."""

    game: str
    results: int
    entrants: int
    ratings: int


def rebuild(game: str) -> Rebuilt:
    """Recompute every person's rating in `game` from its recorded results, in one transaction under the game's
    lock (ratings.services.lock_game: no result is recorded meanwhile). Every person restarts at
    ratings.skill.PRIOR; bot anchors keep their stored values (results never move them). Entrant rows and ratings
    that differ from the recomputed values are rewritten; returns the counts (Rebuilt)."""
    with transaction.atomic():
        lock_game(game)
        ratings = {r.pk: r for r in Rating.objects.filter(game=game)}
        stored = {pk: (r.mu, r.sigma, r.results) for pk, r in ratings.items()}
        for rating in ratings.values():
            if not rating.is_anchor:
                rating.mu, rating.sigma, rating.results = PRIOR.mu, PRIOR.sigma, 0
        rows = (
            RatedEntrant.objects.filter(result__game=game)
            .order_by("result_id", "seat")
            .values_list(*_FIELDS)
            .iterator(chunk_size=_BATCH)
        )
        results = 0
        changed: list[RatedEntrant] = []
        changed_count = 0
        for _result_id, group in groupby(rows, key=lambda row: row[1]):
            results += 1
            for row in _replay(list(group), ratings):
                changed.append(row)
            if len(changed) >= _BATCH:
                changed_count += _write(changed)
                changed = []
        changed_count += _write(changed)
        moved = [r for pk, r in ratings.items() if (r.mu, r.sigma, r.results) != stored[pk]]
        Rating.objects.bulk_update(moved, ["mu", "sigma", "results"], batch_size=_BATCH)
    return Rebuilt(game, results, changed_count, len(moved))


def _replay(group: list[tuple], ratings: dict[int, Rating]) -> list[RatedEntrant]:  # type: ignore[type-arg]
    """Apply one result's entrant rows (tuples of _FIELDS) to `ratings`; returns the rows whose stored before or
    after differs from the recomputed one, updated (unsaved)."""
    participants = [
        Participant(
            seat=row[2],
            user_id=row[7],
            bot_level=ratings[row[6]].bot_level,
            side=row[3],
            place=row[4],
            moves=row[5],
        )
        for row in group
    ]
    steps = advance(participants, [ratings[row[6]] for row in group])
    differing = []
    for row, (entrant, new) in zip(group, steps, strict=True):
        fresh = (entrant.moves, entrant.skill.mu, entrant.skill.sigma, new.mu, new.sigma)
        if fresh != (row[5], row[8], row[9], row[10], row[11]):
            differing.append(
                RatedEntrant(
                    id=row[0],
                    moved=fresh[0],
                    mu_before=fresh[1],
                    sigma_before=fresh[2],
                    mu_after=fresh[3],
                    sigma_after=fresh[4],
                )
            )
    return differing


def _write(rows: list[RatedEntrant]) -> int:
    RatedEntrant.objects.bulk_update(
        rows, ["moved", "mu_before", "sigma_before", "mu_after", "sigma_after"], batch_size=_BATCH
    )
    return len(rows)
