"""A turn deadline survives downtime (games.services.downtime): the service stops for longer than the turn's
remaining time, the clock moves on, and when the sweeper runs again the turn still has its remaining time."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Round, SweeperBeat, Table
from games.services import downtime, sweeper
from games.services.round_flow import seat_deadline_at

pytestmark = pytest.mark.django_db


def a_pass() -> int:
    """One sweeper pass as `sweeper._one_pass` makes it (without closing the test's connection)."""
    downtime._last_write[0] = 0.0  # each call here stands for a pass at least a beat apart
    downtime.note_pass()
    return sweeper.sweep_once()


def test_a_turn_keeps_its_remaining_time_across_an_outage(users, monkeypatch):
    table = services.create_table(
        users["alice"], services.TableTerms("french-tarot", human_seats=4, turn_seconds=10)
    )
    for name in ("bob", "carol", "dave"):
        services.join(users[name], table.pk)
    started = timezone.now()
    a_pass()  # the service runs: its beat is written
    rnd = Round.objects.get(table=table, status="playing")
    remaining = rnd.deadline - started
    version = Table.objects.get(pk=table.pk).version
    assert timedelta(seconds=5) < remaining <= timedelta(seconds=10)

    outage = remaining + timedelta(seconds=26)  # down for longer than the turn had left
    back = started + outage
    monkeypatch.setattr(timezone, "now", lambda: back)
    a_pass()  # the first pass after the restart
    rnd.refresh_from_db()
    assert Table.objects.get(pk=table.pk).version == version  # no timeout for the outage
    assert abs((rnd.deadline - back) - remaining) < timedelta(seconds=1)
    assert [seat_deadline_at(at) for at in rnd.deadlines.values()] == [
        rnd.deadline
    ]  # the seat's own moved too
    assert SweeperBeat.objects.get(pk=1).beat_at == back

    # The service runs on, a pass every second: the turn's own time runs out and it times out as ever.
    for second in range(1, int(remaining.total_seconds()) + 2):
        monkeypatch.setattr(timezone, "now", lambda s=second: back + timedelta(seconds=s))
        a_pass()
    assert Table.objects.get(pk=table.pk).version > version


def test_a_normal_gap_between_passes_moves_nothing(users, monkeypatch):
    table = services.create_table(
        users["alice"], services.TableTerms("french-tarot", human_seats=4, turn_seconds=30)
    )
    for name in ("bob", "carol", "dave"):
        services.join(users[name], table.pk)
    now = timezone.now()
    a_pass()
    deadline = Round.objects.get(table=table, status="playing").deadline
    monkeypatch.setattr(timezone, "now", lambda: now + downtime.GRACE - timedelta(seconds=1))
    a_pass()
    assert Round.objects.get(table=table, status="playing").deadline == deadline
