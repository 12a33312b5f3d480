"""A player's rated record (games.player_record) and the leaderboards page over real rated matches played through
the table service: the statistics agree with the stored deals, the chart and the last results link to the hand
histories, the aggregation takes a fixed number of queries, and the pages answer every input without a 500."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import Round
from games.player_record import rated_games_of, rated_record
from ratings.models import RatedEntrant

from .test_rated_matches import open_rated, play

pytestmark = pytest.mark.django_db


def test_french_tarot_contracts_agree_with_the_deals_played(users, fast_bots):
    table = open_rated(users, "french-tarot", {"match_end": "deals:4"}, ["alice", "bob"])
    play(table.pk, seed=11)
    alice = users["alice"]
    deals = [r for r in Round.objects.filter(table=table) if r.result and r.result.get("status") == "scored"]
    seat = {r.pk: r.players.index(alice.pk) for r in deals}
    taken = [r for r in deals if r.result["taker"] == seat[r.pk]]
    with CaptureQueriesContext(connection) as queries:
        record = rated_record(alice, "french-tarot")
    assert record is not None and len(queries) <= 5, [q["sql"] for q in queries]
    assert [t.game for t in rated_games_of(alice)] == ["french-tarot"]
    assert rated_record(alice, "rummy") is None and rated_record(alice, "no-such-game") is None
    totals = {label: values for label, values in record.stats[0].lines}
    made = sum(1 for r in taken if r.result["made"])
    assert list(totals.values())[-1] == [len(taken), made]
    assert record.results == len(deals) and len(record.recent) == len(deals)
    assert {x.round_id for x in record.recent} == {r.pk for r in deals}
    assert record.chart is not None and record.chart.points.count(",") == len(deals) + 1
    assert record.display == RatedEntrant.objects.filter(user=alice).last().display_after


def test_a_rummy_match_links_its_last_deal_and_counts_penalties(users, fast_bots):
    table = open_rated(users, "rummy", {"players": 3, "limit": 50}, ["alice", "bob"])
    play(table.pk, seed=12)
    alice = users["alice"]
    deals = [
        r for r in Round.objects.filter(table=table).order_by("id") if r.result and not r.result.get("void")
    ]
    record = rated_record(alice, "rummy")
    assert record is not None
    facts = dict(record.stats[0].lines)
    assert list(facts.values())[0] == [len(deals)]
    (recent,) = record.recent
    assert recent.round_id == deals[-1].pk and recent.kind == "match"


def test_the_pages_answer_every_input(users, fast_bots):
    table = open_rated(users, "french-tarot", {"match_end": "deals:4"}, ["alice", "bob"])
    play(table.pk, seed=13)
    client = Client()
    client.force_login(users["alice"])
    for query in (
        "",
        "?game=french-tarot",
        "?game=rummy",
        "?game=%00",
        "?game=french-tarot&next=//evil.example",
    ):
        page = client.get(reverse("player", args=["alice"]) + query)
        assert page.status_code == 200 and b"rating-chart" in page.content and b"/deals/" in page.content, (
            query
        )
    assert b"rating-chart" not in client.get(reverse("player", args=["carol"])).content
    users["alice"].profile.language = "de"  # a decimal comma is no SVG number: the coordinates stay plain
    users["alice"].profile.save()
    german = client.get(reverse("player", args=["alice"])).content.decode()
    assert "Wertungen" in german and not re.search(r' (x|y|x1|x2|y1|y2|cx|cy)="[^"]*,', german)
    assert client.get(reverse("leaderboards")).status_code == 302
    board = reverse("leaderboard", args=["french-tarot"])
    for query in (
        "",
        "?page=2",
        "?page=x",
        "?page=999",
        "?season=2026-Q4",
        "?season=bad",
        "?season=1999-Q1&page=-1",
    ):
        answer = client.get(board + query)
        assert answer.status_code == 200, query
    assert b"own-place" in client.get(board).content
    assert client.get(reverse("leaderboard", args=["no-such-game"])).status_code == 404


def test_the_profile_checkbox_hides_from_the_boards_and_keeps_the_rating(users, fast_bots):
    table = open_rated(users, "french-tarot", {"match_end": "deals:4"}, ["alice", "bob"])
    play(table.pk, seed=14)
    client = Client()
    client.force_login(users["bob"])
    answer = client.post(
        reverse("profile"),
        {"display_name": "", "language": "en", "sound": "on", "hide_from_leaderboards": "on"},
    )
    assert answer.status_code in (200, 302)
    users["bob"].profile.refresh_from_db()
    assert users["bob"].profile.hide_from_leaderboards
    page = client.get(reverse("leaderboard", args=["french-tarot"]) + "?season=x").content.decode()
    assert "hidden from the leaderboards" in page
    assert rated_record(users["bob"], "french-tarot") is not None  # the rating and the record stay


def test_the_chart_title_reads_from_the_first_to_the_last_rating_and_dates_never_repeat():
    """A falling history reads "from 1000 to 927" (not the low and high), and one evening's results show one date."""
    import datetime as dt

    from django.template.loader import render_to_string
    from django.utils import translation

    from ratings.chart import history_chart

    evening = dt.datetime(2026, 7, 12, 19, 0, tzinfo=dt.UTC)
    history = [(evening + dt.timedelta(minutes=10 * i), v) for i, v in enumerate((1000, 980, 955, 927))]
    chart = history_chart(history)
    assert chart is not None and (chart.first, chart.final, chart.low, chart.high) == (1000, 927, 927, 1000)
    assert len(chart.x_ticks) == 1
    with translation.override("en"):
        svg = render_to_string("games/_rating_chart.html", {"chart": chart, "key": "x"})
    assert "Rating history, from 1000 to 927" in svg
    assert svg.count('class="x-label"') == 1
    two_days = [*history, (evening + dt.timedelta(days=1), 940)]
    labels = [t.value for t in history_chart(two_days).x_ticks]  # type: ignore[union-attr]
    assert labels == sorted(set(labels)) and len(labels) == 2
