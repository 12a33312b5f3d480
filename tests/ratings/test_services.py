"""Recording a rated result (ratings.services.record) on PostgreSQL: what it writes, and the few queries it adds to
the transaction that records a deal or a match (docs/decisions-ratings.md "Figures": at most 2 ms of database
time)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import User
from ratings.models import RatedEntrant, RatedResult, Rating
from ratings.services import Outcome, Participant, player_history, player_rating, rated_games, record
from ratings.skill import PRIOR

pytestmark = pytest.mark.django_db


@pytest.fixture
def people():
    return [
        User.objects.create_user(name, password="pw-for-tests-only") for name in ("alice", "bob", "carol")
    ]


def _deal(people, taker_wins: bool) -> Outcome:
    """alice takes against bob, carol and a standard bot."""
    won, lost = (1, 2) if taker_wins else (2, 1)
    return Outcome(
        "french-tarot",
        RatedResult.Kind.DEAL,
        None,
        None,
        None,
        [
            Participant(0, people[0].pk, "", 0, won),
            Participant(1, people[1].pk, "", 1, lost),
            Participant(2, people[2].pk, "", 1, lost),
            Participant(3, None, "standard", 1, lost),
        ],
    )


def test_it_records_each_seat_before_and_after_and_moves_the_people(people):
    result = record(_deal(people, taker_wins=True))
    rows = list(result.entrants.order_by("seat"))
    assert [(r.seat, r.side, r.place, r.moved) for r in rows] == [
        (0, 0, 1, True),
        (1, 1, 2, True),
        (2, 1, 2, True),
        (3, 1, 2, False),
    ]
    assert all((r.mu_before, r.sigma_before) == (PRIOR.mu, PRIOR.sigma) for r in rows)
    alice = player_rating(people[0].pk, "french-tarot")
    assert alice.mu > PRIOR.mu and (alice.mu, alice.sigma) == (rows[0].mu_after, rows[0].sigma_after)
    assert player_rating(people[1].pk, "french-tarot").mu < PRIOR.mu
    anchor = Rating.objects.get(user=None, bot_level="standard", game="french-tarot")
    assert (anchor.mu, anchor.sigma, anchor.results) == (PRIOR.mu, PRIOR.sigma, 0)
    assert [e.result_id for e in player_history(people[0].pk, "french-tarot")] == [result.pk]


def test_the_rated_games_are_each_game_once(people):
    for taker_wins in (True, False, True):
        record(_deal(people, taker_wins=taker_wins))
    assert list(rated_games()) == [
        "french-tarot"
    ]  # not once per result (the model's ordering broke distinct)


def test_a_second_result_starts_from_the_first(people):
    first = record(_deal(people, taker_wins=True))
    second = record(_deal(people, taker_wins=False))
    before = second.entrants.get(seat=0)
    after_first = first.entrants.get(seat=0)
    assert (before.mu_before, before.sigma_before) == (after_first.mu_after, after_first.sigma_after)
    assert Rating.objects.get(user=people[0]).results == 2
    assert list(RatedEntrant.objects.filter(user=people[0]).values_list("result_id", flat=True)) == [
        first.pk,
        second.pk,
    ]


def test_it_adds_three_queries_once_the_ratings_exist(people):
    record(_deal(people, taker_wins=True))
    with CaptureQueriesContext(connection) as queries:
        record(_deal(people, taker_wins=False))
    # the game's row lock, the ratings read, and on PostgreSQL one statement writing the result, its entrants and
    # the moved ratings (elsewhere three)
    assert len(queries) == (3 if connection.vendor == "postgresql" else 5), [q["sql"] for q in queries]


def test_the_one_statement_writes_what_the_orm_writes(people):
    """The PostgreSQL statement (ratings.services._write_at_once) stores the same rows as the ORM's path."""
    result = record(_deal(people, taker_wins=True))
    stored = RatedResult.objects.get(pk=result.pk)
    assert (stored.game, stored.kind, stored.created_at) == (result.game, result.kind, result.created_at)
    rows = list(result.entrants.order_by("seat").values_list("seat", "side", "place", "moved", "user_id"))
    assert rows == [
        (0, 0, 1, True, people[0].pk),
        (1, 1, 2, True, people[1].pk),
        (2, 1, 2, True, people[2].pk),
        (3, 1, 2, False, None),
    ]
    mine = Rating.objects.get(user=people[0], game="french-tarot")
    assert (mine.mu, mine.sigma) == tuple(
        result.entrants.get(seat=0).__dict__[k] for k in ("mu_after", "sigma_after")
    )
    assert mine.results == 1 and mine.mu > PRIOR.mu


def test_it_refuses_a_seat_given_twice_or_a_single_side(people):
    twice = Outcome(
        "rummy",
        RatedResult.Kind.MATCH,
        None,
        None,
        None,
        [Participant(0, people[0].pk, "", 0, 1), Participant(0, people[1].pk, "", 1, 2)],
    )
    with pytest.raises(ValueError):
        record(twice)
    alone = Outcome(
        "rummy",
        RatedResult.Kind.MATCH,
        None,
        None,
        None,
        [Participant(0, people[0].pk, "", 0, 1), Participant(1, people[1].pk, "", 0, 1)],
    )
    with pytest.raises(ValueError):
        record(alone)
    assert not RatedResult.objects.exists() and not RatedEntrant.objects.exists()
