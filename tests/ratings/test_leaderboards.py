"""The leaderboards' rules (ratings.leaderboards, docs/decisions-ratings.md "Leaderboards") on PostgreSQL, over
results recorded by ratings.services.record: the 20 and 10 result thresholds, provisional, hidden and bot players
left out, the quarters in the site's time zone, the top 100 and one's own place beyond it.

A real rating needs hundreds of results before σ falls to 3, so the all-time tests record the results that count
and then set σ of the players meant to be settled (the provisional rule reads nothing else)."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import Profile, User
from ratings import leaderboards
from ratings.leaderboards import HIDDEN, NOT_RATED, PROVISIONAL, TOO_FEW, Season
from ratings.models import RatedResult, Rating
from ratings.services import Outcome, Participant, record

pytestmark = pytest.mark.django_db

GAME = "rummy"
ZURICH = ZoneInfo("Europe/Zurich")


@pytest.fixture(autouse=True)
def site_zone(settings):
    settings.TIME_ZONE = "Europe/Zurich"


def person(name: str, **profile) -> User:
    user = User.objects.create_user(name, password="pw-for-tests-only")
    if profile:
        for field, value in profile.items():
            setattr(user.profile, field, value)
        user.profile.save()
    return user


def results(people: list[User], count: int, *, at: dt.datetime | None = None, game: str = GAME) -> None:
    """`count` rated matches of `people` against a standard bot, the first person first, the others in order,
    the bot last; recorded at `at` when given."""
    for _ in range(count):
        seats = [Participant(i, p.pk, "", i, i + 1) for i, p in enumerate(people)]
        seats.append(Participant(len(people), None, "standard", len(people), len(people) + 1))
        result = record(Outcome(game, RatedResult.Kind.MATCH, None, None, None, seats))
        if at is not None:
            RatedResult.objects.filter(pk=result.pk).update(created_at=at)


def settle(*people: User, game: str = GAME) -> None:
    Rating.objects.filter(game=game, user__in=people).update(sigma=2.5)


def names(board: leaderboards.Board) -> list[str]:
    return [row.username for row in board.rows]


def test_all_time_needs_twenty_results_and_a_settled_rating():
    ann, ben, cat, dan = (person(n) for n in ("ann", "ben", "cat", "dan"))
    results([ann, ben], 20)
    results([cat, dan], 19)
    settle(ann, cat, dan)  # ben keeps his provisional σ
    board = leaderboards.all_time(GAME, ann)
    assert names(board) == ["ann"] and board.total == 1
    assert board.own is not None and board.own.row is not None and board.own.row.place == 1
    own = leaderboards.all_time(GAME, ben).own
    assert own is not None and (own.row, own.reason, own.results) == (None, PROVISIONAL, 20)
    own = leaderboards.all_time(GAME, cat).own
    assert own is not None and (own.reason, own.results, own.needed) == (TOO_FEW, 19, 20)
    nobody = person("eve")
    assert leaderboards.all_time(GAME, nobody).own == leaderboards.OwnPlace(None, NOT_RATED, 0, 20)


def test_the_order_is_the_displayed_rating_and_anchors_and_bots_never_appear():
    ann, ben, cat = person("ann"), person("ben"), person("cat")
    bot = person("house-bot", bot_level="standard")
    results([ann, ben, cat, bot], 20)  # ann always first, cat third, the bot account fourth
    settle(ann, ben, cat, bot)
    board = leaderboards.all_time(GAME)
    assert names(board) == ["ann", "ben", "cat"]
    assert [r.place for r in board.rows] == [1, 2, 3]
    assert [r.display for r in board.rows] == sorted((r.display for r in board.rows), reverse=True)
    assert Rating.objects.filter(game=GAME, user=None).exists()  # the anchor is rated, never listed


def test_a_hidden_player_is_left_out_but_keeps_the_rating():
    ann, ben = person("ann"), person("ben", hide_from_leaderboards=True)
    results([ben, ann], 20)
    settle(ann, ben)
    board = leaderboards.all_time(GAME, ben)
    assert names(board) == ["ann"] and board.rows[0].place == 1
    assert board.own is not None and (board.own.row, board.own.reason) == (None, HIDDEN)
    assert Rating.objects.get(game=GAME, user=ben).results == 20
    season = leaderboards.season_board(GAME, Season.of(dt.datetime.now(dt.UTC)), ben)
    assert names(season) == ["ann"] and season.own is not None and season.own.reason == HIDDEN


def test_equal_ratings_share_a_place():
    ann, ben, cat = person("ann"), person("ben"), person("cat")
    results([ann, ben, cat], 20)
    Rating.objects.filter(game=GAME, user__in=[ann, ben]).update(mu=30.0, sigma=2.5)
    Rating.objects.filter(game=GAME, user=cat).update(mu=20.0, sigma=2.5)
    assert [(r.username, r.place) for r in leaderboards.all_time(GAME).rows] == [
        ("ann", 1),
        ("ben", 1),
        ("cat", 3),
    ]


def test_equal_displayed_ratings_share_a_place_though_the_estimates_differ():
    ann, ben, cat, dan = person("ann"), person("ben"), person("cat"), person("dan")
    results([ann, ben, cat, dan], 20)
    # estimates 20.0, 19.99, 19.995 and 15.0: displayed 1800, 1800, 1800 and 1600
    for user, mu in ((ann, 27.5), (ben, 27.49), (cat, 27.495), (dan, 22.5)):
        Rating.objects.filter(game=GAME, user=user).update(mu=mu, sigma=2.5)
    rows = leaderboards.all_time(GAME).rows
    assert [(r.username, r.display, r.place) for r in rows] == [
        ("ann", 1800, 1),
        ("cat", 1800, 1),
        ("ben", 1800, 1),
        ("dan", 1600, 4),
    ]


def test_the_top_hundred_and_ones_own_place_beyond_it(django_assert_max_num_queries):
    people = User.objects.bulk_create([User(username=f"p{i:03}") for i in range(105)])
    Profile.objects.bulk_create([Profile(user=u) for u in people])  # bulk_create sends no post_save
    Rating.objects.bulk_create(
        [Rating(game=GAME, user=u, mu=40.0 - i * 0.1, sigma=2.5, results=30) for i, u in enumerate(people)]
    )
    last = User.objects.get(username="p104")
    with django_assert_max_num_queries(5):
        board = leaderboards.all_time(GAME, last)
    assert len(board.rows) == 100 and board.total == 105
    assert board.rows[0].username == "p000" and board.rows[-1].place == 100
    assert board.own is not None and board.own.row is not None
    assert (board.own.row.place, board.own.row.username) == (105, "p104")


def test_ones_own_place_beyond_the_top_hundred_shares_an_equal_displayed_rating():
    people = User.objects.bulk_create([User(username=f"p{i:03}") for i in range(101)])
    Profile.objects.bulk_create([Profile(user=u) for u in people])
    Rating.objects.bulk_create(
        [Rating(game=GAME, user=u, mu=40.0 - i * 0.1, sigma=2.5, results=30) for i, u in enumerate(people)]
    )
    last = User.objects.get(username="p100")
    Rating.objects.filter(game=GAME, user=last).update(mu=30.09)  # displayed 1904, as p099's 30.1
    board = leaderboards.all_time(GAME, last)
    assert board.rows[-1].username == "p099" and board.rows[-1].place == 100
    assert board.own is not None and board.own.row is not None
    assert (board.own.row.display, board.own.row.place) == (board.rows[-1].display, 100)


def test_a_season_counts_ten_results_within_the_quarter_in_the_site_time_zone():
    ann, ben = person("ann"), person("ben")
    # 1 October 2026 00:30 in Zurich is still 30 September in UTC: it belongs to the fourth quarter
    q4_start = dt.datetime(2026, 10, 1, 0, 30, tzinfo=ZURICH)
    q3_end = dt.datetime(2026, 9, 30, 23, 30, tzinfo=ZURICH)
    results([ann, ben], 9, at=q4_start)
    results([ben, ann], 1, at=q3_end)
    q4, q3 = Season(2026, 4), Season(2026, 3)
    assert Season.of(q4_start) == q4 and Season.of(q3_end) == q3
    board = leaderboards.season_board(GAME, q4, ann)
    assert (
        names(board) == [] and board.own is not None and (board.own.reason, board.own.results) == (TOO_FEW, 9)
    )
    results([ben, ann], 1, at=dt.datetime(2026, 12, 31, 23, 59, tzinfo=ZURICH))
    results([ann, ben], 1, at=dt.datetime(2027, 1, 1, 0, 0, tzinfo=ZURICH))  # next year's first quarter
    board = leaderboards.season_board(GAME, q4, ann)
    assert names(board) == ["ben", "ann"] or names(board) == ["ann", "ben"]
    assert all(row.results == 10 for row in board.rows)
    assert leaderboards.season_board(GAME, q3, ann).rows == []
    keys = [s.key for s in leaderboards.seasons(GAME, now=dt.datetime(2027, 2, 1, tzinfo=ZURICH))]
    assert keys == ["2027-Q1", "2026-Q4", "2026-Q3"]


def test_a_season_rating_is_the_rating_after_the_last_result_of_the_quarter():
    ann, ben = person("ann"), person("ben")
    inside = dt.datetime(2026, 11, 1, 12, 0, tzinfo=ZURICH)
    results([ann, ben], 10, at=inside)
    after_q4 = {r.user_id: r.display for r in Rating.objects.filter(game=GAME, user__isnull=False)}
    results([ben, ann], 5, at=dt.datetime(2027, 1, 5, tzinfo=ZURICH))  # later results change the rating now
    board = leaderboards.season_board(GAME, Season(2026, 4))
    assert names(board) == ["ann", "ben"]
    assert {row.user_id: row.display for row in board.rows} == after_q4
    assert all(row.provisional for row in board.rows)  # listed, marked: the season asks for 10 results only


def test_season_keys():
    assert Season.parse("2026-Q4") == Season(2026, 4)
    for bad in ("", "2026-Q5", "2026Q4", "x", "0001-Q1", "2026-Q4 "):
        assert Season.parse(bad) is None
    assert Season(2026, 4).end == dt.datetime(2027, 1, 1, tzinfo=ZURICH)
    assert Season(2026, 1).start == dt.datetime(2026, 1, 1, tzinfo=ZURICH)


def test_a_season_board_takes_a_few_queries():
    people = [person(f"q{i}") for i in range(4)]
    results(people, 12)
    with CaptureQueriesContext(connection) as queries:
        board = leaderboards.season_board(GAME, Season.of(dt.datetime.now(dt.UTC)), people[0])
    assert len(board.rows) == 4 and len(queries) <= 2
