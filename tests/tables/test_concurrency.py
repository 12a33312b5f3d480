"""Races at one table on PostgreSQL: the row lock, the expected version and move ids keep one truth."""

from __future__ import annotations

import threading
from functools import partial

import pytest
from django.db import connection

from games import services
from games.engines.core import get_game
from games.engines.core.errors import RuleError
from games.models import Event, Round, Seat, Table
from games.services.sweeper import sweep_once

from .driving import expire_deadlines

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(300)]

REPETITIONS = 100


def _table(users):
    table = services.create_table(users["alice"], services.TableTerms("french-tarot", human_seats=4))
    for name in ("bob", "carol", "dave"):
        services.join(users[name], table.pk)
    return table.pk, {s.number: s.user for s in Seat.objects.filter(table_id=table.pk)}


def _turn(table_id):
    """(version, seat to act, its timeout action as a legal move), dealing the next round when one ended."""
    table = Table.objects.get(pk=table_id)
    rnd = Round.objects.filter(table=table, status="playing").first()
    if rnd is None:
        assert services.start_next_round(table_id, table.version)
        return _turn(table_id)
    game = get_game(table.game)
    state = game.from_json(rnd.snapshot)
    seat = min(game.to_act(state))
    return table.version, seat, game.timeout_action(state, seat).to_wire()


def _race(*calls):
    """Run the calls in threads released together by a barrier; returns each one's result or error code."""
    barrier = threading.Barrier(len(calls))
    outcomes: list = [None] * len(calls)

    def run(i, call):
        try:
            barrier.wait()
            outcomes[i] = call()
        except RuleError as error:
            outcomes[i] = error.code
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return outcomes


def test_it_applies_exactly_one_of_two_concurrent_acts_for_the_same_turn(users, postgres):
    table_id, seats = _table(users)
    for rep in range(REPETITIONS):
        version, seat, action = _turn(table_id)
        user = seats[seat]
        before = Event.objects.filter(table_id=table_id, kind="act").count()
        outcomes = _race(
            partial(services.act, user, table_id, version, f"a{rep}", action),
            partial(services.act, user, table_id, version, f"b{rep}", action),
        )
        acks = [o for o in outcomes if isinstance(o, dict)]
        assert len(acks) == 1, outcomes
        assert [o for o in outcomes if not isinstance(o, dict)] == ["stale_version"]
        assert Event.objects.filter(table_id=table_id, kind="act").count() == before + 1
    versions = list(Event.objects.filter(table_id=table_id).values_list("version", flat=True))
    assert versions == list(range(1, len(versions) + 1))


def test_it_lets_either_a_timeout_or_a_racing_move_win_never_both(users, postgres):
    table_id, seats = _table(users)
    for rep in range(30):
        version, seat, action = _turn(table_id)
        expire_deadlines(table_id)
        before = (
            Event.objects.filter(table_id=table_id)
            .exclude(kind__in=["round_end", "deal", "match_end"])
            .count()
        )
        outcomes = _race(
            partial(services.apply_timeout, table_id, version),
            partial(services.act, seats[seat], table_id, version, f"m{rep}", action),
        )
        after = (
            Event.objects.filter(table_id=table_id)
            .exclude(kind__in=["round_end", "deal", "match_end"])
            .count()
        )
        assert after == before + 1, outcomes
        assert (outcomes[0] is True) != isinstance(outcomes[1], dict), outcomes


def test_it_applies_one_timeout_when_the_sweeper_runs_twice(users, postgres):
    table_id, _seats = _table(users)
    for _rep in range(10):
        _turn(table_id)
        expire_deadlines(table_id)
        before = Event.objects.filter(table_id=table_id, kind="timeout").count()
        outcomes = _race(sweep_once, sweep_once)
        assert sorted(outcomes) == [0, 1]
        assert sweep_once() == 0
        assert Event.objects.filter(table_id=table_id, kind="timeout").count() == before + 1
