"""Recording rated results (docs/decisions-ratings.md). The table service calls `record` inside the transaction that
records a deal's or a match's result (or a leaver's departure), with plain data: this app imports nothing of the
tables. The read helpers below are what the leaderboards and a player's record build on."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import QuerySet
from django.utils import timezone

from ratings.models import RatedEntrant, RatedGame, RatedResult, Rating
from ratings.skill import PRIOR, Entrant, Skill, rate


@dataclass(frozen=True)
class Participant:
    """One seat of a rated result, as the table service hands it.

    Fields:
        seat: the table seat number.
        user_id: the person's user id, or None for a bot.
        bot_level: the bot's level (games.engines.core.BOT_LEVELS) when `user_id` is None, else "".
        side: the seat's team (equal sides are partners; any int).
        place: the side's place, 1 = best; equal places tie.
        moves: whether this person is rated by the result (False for the others of a match whose leaver is rated).
            A bot never moves: its level's anchor is held fixed whatever is given here.
    """

    seat: int
    user_id: int | None
    bot_level: str
    side: int
    place: int
    moves: bool = True


@dataclass(frozen=True)
class Outcome:
    """A result to rate: the game key, its RatedResult.Kind value, where it came from (table, match and, for a
    deal or a forfeit during a deal, round ids) and its participants (two sides at least)."""

    game: str
    kind: str
    table_id: int | None
    match_id: int | None
    round_id: int | None
    participants: Sequence[Participant]


def lock_game(game: str) -> RatedGame:
    """Take the row lock of `game`'s ratings (created on first use), held to the end of the caller's transaction:
    two results of one game recorded at once (two tables ending a deal together) would otherwise both read the
    same rating of a player sitting at both, and the later write would drop the earlier update; under the lock
    they apply one after the other in the order of their ids, the order `ratings rebuild` replays."""
    row, _created = RatedGame.objects.select_for_update().get_or_create(key=game)
    return row


def record(outcome: Outcome) -> RatedResult:
    """Rate one result inside the caller's transaction: lock the game (`lock_game`), read (or create at
    ratings.skill.PRIOR) every participant's rating, compute the new skills (ratings.skill.rate) and store the
    result, one RatedEntrant per participant with before and after, and the moved ratings (mu, sigma, results + 1):
    on PostgreSQL in one statement (`_write_at_once`), elsewhere by the ORM's three.

    Returns the RatedResult. Raises ValueError for an outcome of fewer than two sides or of a side with two
    places (ratings.skill.rate), or of a seat given twice.
    """
    if len({p.seat for p in outcome.participants}) != len(outcome.participants):
        raise ValueError("a seat is given twice")
    lock_game(outcome.game)
    ratings = _ratings_of(outcome.game, outcome.participants)
    steps = advance(outcome.participants, ratings)  # before any write: a malformed outcome writes nothing
    moved = [r for r, (e, _n) in zip(ratings, steps, strict=True) if e.moves]
    if connection.vendor == "postgresql":
        return _write_at_once(outcome, ratings, steps, moved)
    result = RatedResult.objects.create(
        game=outcome.game,
        kind=outcome.kind,
        table_id=outcome.table_id,
        match_id=outcome.match_id,
        round_id=outcome.round_id,
    )
    RatedEntrant.objects.bulk_create(entrant_rows(result, outcome.participants, ratings, steps))
    Rating.objects.bulk_update(moved, ["mu", "sigma", "results"])
    return result


def _write_at_once(
    outcome: Outcome,
    ratings: Sequence[Rating],
    steps: Sequence[tuple[Entrant, Skill]],
    moved: Sequence[Rating],
) -> RatedResult:
    """`record`'s three writes (the result, its entrants, the moved ratings) as one PostgreSQL statement (data-
    modifying WITH queries): one round trip instead of three, the most of the rating update's database time
    (docs/decisions-ratings.md "Figures"). The same rows as the ORM path; returns the result (unsaved fields
    filled, `pk` set)."""
    created_at = timezone.now()
    quote = connection.ops.quote_name
    params: list[Any] = [outcome.game, outcome.kind, outcome.table_id, outcome.match_id, outcome.round_id]
    params.append(created_at)
    entrants = []
    for p, rating, (entrant, new) in zip(outcome.participants, ratings, steps, strict=True):
        entrants.append(
            "(%s::bigint, %s::bigint, %s::smallint, %s::smallint, %s::smallint, %s::boolean, "
            "%s::float8, %s::float8, %s::float8, %s::float8)"
        )
        params += [rating.pk, p.user_id, p.seat, p.side, p.place, entrant.moves]
        params += [entrant.skill.mu, entrant.skill.sigma, new.mu, new.sigma]
    sql = (
        f"WITH r AS (INSERT INTO {quote(RatedResult._meta.db_table)} "
        "(game, kind, table_id, match_id, round_id, created_at) VALUES (%s, %s, %s, %s, %s, %s) RETURNING id), "
        f"e AS (INSERT INTO {quote(RatedEntrant._meta.db_table)} (result_id, rating_id, user_id, seat, side, "
        "place, moved, mu_before, sigma_before, mu_after, sigma_after) SELECT r.id, v.* FROM r CROSS JOIN "
        f"(VALUES {', '.join(entrants)}) AS v)"
    )
    if moved:
        rows = ", ".join("(%s::bigint, %s::float8, %s::float8, %s::integer)" for _ in moved)
        for rating in moved:
            params += [rating.pk, rating.mu, rating.sigma, rating.results]
        table = quote(Rating._meta.db_table)
        sql += (
            f", u AS (UPDATE {table} SET mu = v.mu, sigma = v.sigma, results = v.results FROM (VALUES {rows}) "
            f"AS v(id, mu, sigma, results) WHERE {table}.id = v.id)"
        )
    with connection.cursor() as cursor:
        cursor.execute(sql + " SELECT id FROM r", params)
        (result_id,) = cursor.fetchone()
    result = RatedResult(
        id=result_id,
        game=outcome.game,
        kind=outcome.kind,
        table_id=outcome.table_id,
        match_id=outcome.match_id,
        round_id=outcome.round_id,
        created_at=created_at,
    )
    result._state.adding, result._state.db = False, connection.alias
    return result


def entrant_rows(
    result: RatedResult,
    participants: Sequence[Participant],
    ratings: Sequence[Rating],
    steps: Sequence[tuple[Entrant, Skill]],
) -> list[RatedEntrant]:
    """The unsaved RatedEntrant rows of `result`: per participant its rating, seat, side, place, whether it moved,
    and its mu and sigma before and after (`steps`, as `advance` computed them for `ratings`)."""
    return [
        RatedEntrant(
            result=result,
            rating=rating,
            user_id=p.user_id,
            seat=p.seat,
            side=p.side,
            place=p.place,
            moved=entrant.moves,
            mu_before=entrant.skill.mu,
            sigma_before=entrant.skill.sigma,
            mu_after=new.mu,
            sigma_after=new.sigma,
        )
        for p, rating, (entrant, new) in zip(participants, ratings, steps, strict=True)
    ]


def advance(participants: Sequence[Participant], ratings: Sequence[Rating]) -> list[tuple[Entrant, Skill]]:
    """Compute one result in memory: per participant, its Entrant (skill before, side, place, whether it moves)
    and its skill after. `ratings[i]` is participant i's rating (one anchor may stand for several bot seats); the
    ratings that move are updated in place (mu, sigma, results + 1), the caller saves them. Shared by `record` and
    `ratings rebuild` (ratings.rebuild), so both compute exactly the same floats."""
    entrants = [
        Entrant(rating.skill, p.side, p.place, moves=p.moves and not rating.is_anchor)
        for p, rating in zip(participants, ratings, strict=True)
    ]
    after = rate(entrants)
    for rating, entrant, new in zip(ratings, entrants, after, strict=True):
        if entrant.moves:
            rating.mu, rating.sigma = new.mu, new.sigma
            rating.results += 1
    return list(zip(entrants, after, strict=True))


def _ratings_of(game: str, participants: Sequence[Participant]) -> list[Rating]:
    """Each participant's rating in `game` (a person's own, a bot's level's anchor), created at the prior when
    missing; the game is locked, so nobody creates one meanwhile."""
    users = {p.user_id for p in participants if p.user_id is not None}
    levels = {p.bot_level for p in participants if p.user_id is None}
    found = Rating.objects.filter(game=game, user_id__in=users) | Rating.objects.filter(
        game=game, user__isnull=True, bot_level__in=levels
    )
    by_key = {(r.user_id, r.bot_level): r for r in found}
    missing = [
        Rating(game=game, user_id=key[0], bot_level=key[1], mu=PRIOR.mu, sigma=PRIOR.sigma)
        for key in {_key(p) for p in participants} - set(by_key)
    ]
    for rating in Rating.objects.bulk_create(missing):
        by_key[(rating.user_id, rating.bot_level)] = rating
    return [by_key[_key(p)] for p in participants]


def _key(participant: Participant) -> tuple[int | None, str]:
    if participant.user_id is not None:
        return (participant.user_id, "")
    return (None, participant.bot_level)


def match_forfeited(match_id: int) -> bool:
    """Whether a person left the rated match `match_id` before its end (a forfeit is recorded): the others of
    that match are not rated for it from then on."""
    return RatedResult.objects.filter(match_id=match_id, kind=RatedResult.Kind.FORFEIT).exists()


def player_rating(user_id: int, game: str) -> Skill:
    """A person's current skill in `game`: their rating, or ratings.skill.PRIOR before their first rated result."""
    rating = Rating.objects.filter(game=game, user_id=user_id).first()
    return rating.skill if rating is not None else PRIOR


def anchor_rating(bot_level: str, game: str) -> Skill:
    """The anchor of the bots of `bot_level` in `game`, or ratings.skill.PRIOR before calibration set it."""
    rating = Rating.objects.filter(game=game, user__isnull=True, bot_level=bot_level).first()
    return rating.skill if rating is not None else PRIOR


def player_history(user_id: int, game: str | None = None) -> QuerySet[RatedEntrant]:
    """A person's rated results, oldest first (`result_id` order), with `result` joined: each row's before and
    after give a point of the history chart; `.reverse()[:20]` is "last 20". `game`: one game key, None for all.
    Includes the results the person took part in without being rated (`moved` False, at another's forfeit)."""
    rows = RatedEntrant.objects.filter(user_id=user_id).select_related("result").order_by("result_id")
    if game is not None:
        rows = rows.filter(result__game=game)
    return rows


def set_anchor(game: str, bot_level: str, skill: Skill) -> Rating:
    """Set (or create) the anchor of the bots of `bot_level` in `game` to `skill` (the calibration's job; results
    never move an anchor). Locks the game first, so no result is being rated against the old anchor meanwhile."""
    lock_game(game)
    rating, _created = Rating.objects.update_or_create(
        game=game, user=None, bot_level=bot_level, defaults={"mu": skill.mu, "sigma": skill.sigma}
    )
    return rating


def rated_games() -> Iterable[str]:
    """The keys of the games with recorded results, sorted."""
    return sorted(RatedResult.objects.order_by().values_list("game", flat=True).distinct())
