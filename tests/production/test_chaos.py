"""The chaos test (docs/deploy.md "Outages"): people at five stakes tables of five games, each with
bots, some in one window and some in two, playing over sockets and loading pages, while web processes are killed
(-9) and stopped (SIGTERM) and started again, Redis is stopped and PostgreSQL cut (tests/production/chaos.py).

Afterwards: no acknowledged move lost or doubled, no page answered 500 (503s are counted apart), no traceback in
any process's log, no seat given to a bot for a person (every person keeps a window open throughout), and every
window back in sync within chaos.SYNC_SECONDS after each fault. The figures are printed (`-s` shows them).

The quick tier runs one fault of each kind with 3 s outages on two web processes; the long tier (`make test-long`)
adds five kills and stops of three web processes within a minute, then Redis and PostgreSQL down for 10 s each.
"""

from __future__ import annotations

import asyncio
import shutil
import statistics
import time
from collections import Counter
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connection
from django.test import Client

from accounts.models import User
from games import services
from games.models import Event, Move, Table
from tests.volume import is_long

from .chaos import SYNC_SECONDS, Chaos
from .shape import make_players

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

TABLES: list[tuple[str, dict[str, Any]]] = [
    ("french-tarot", {"match_end": "deals:10"}),
    ("tarock", {"deals": 4}),
    ("jass-schieber", {"target": 1000, "auto_end": False}),
    ("jass-differenzler", {"predictions": "secret"}),
    ("rummy", {"players": 3, "limit": 100}),
]
TWO_WINDOWS = {0, 2, 4}  # the people at these tables play in two windows, each on another web process

SHORT = [(0.0, "redis", 3.0), (0.0, "postgres", 3.0), (0.0, "kill -9", 0.0), (0.0, "SIGTERM", 0.0)]
FULL = [
    (0.0, "kill -9", 0.0),
    (12.0, "SIGTERM", 0.0),
    (24.0, "kill -9", 0.0),
    (36.0, "SIGTERM", 0.0),
    (48.0, "kill -9", 0.0),
    (62.0, "redis", 10.0),
    (85.0, "postgres", 10.0),
]


def check(failures: list[str]) -> None:
    """Fail naming every failed check."""
    assert failures == []


@pytest.fixture
def redis_server() -> None:
    if shutil.which("redis-server") is None:
        if settings.KIBITZ_REQUIRE_SERVICES:
            pytest.fail("redis-server is required (KIBITZ_REQUIRE_SERVICES=1) but not installed")
        pytest.skip("redis-server not installed")


def open_tables() -> tuple[list[int], dict[str, str], dict[int, tuple[str, int]]]:
    """The five stakes tables, each with its person at seat 0 and bots; returns the table ids, the people's
    session ids by name, and per table its person's name and user id."""
    names = [f"chaos{index}" for index in range(len(TABLES))]
    make_players(names, None)
    ids, sessions, people = [], {}, {}
    for name, (key, options) in zip(names, TABLES, strict=True):
        user = User.objects.get(username=name)
        table = services.create_table(
            user,
            services.TableTerms(
                key, options, human_seats=1, bot_level="beginner", stake=10, turn_seconds=300
            ),
        )
        client = Client()
        client.force_login(user)
        sessions[name] = client.cookies["sessionid"].value
        ids.append(table.pk)
        people[table.pk] = (name, user.pk)
    return ids, sessions, people


def run_chaos(tmp_path: Any, schedule: list[tuple[float, str, float]], web_processes: int) -> list[str]:
    """Run the chaos under `schedule`, print its figures and return the failed checks."""
    table_ids, sessions, people = open_tables()
    chaos = Chaos(tmp_path, connection.settings_dict, settings.SECRET_KEY, web_processes)
    for index, table_id in enumerate(table_ids):
        name = people[table_id][0]
        windows = 2 if index in TWO_WINDOWS else 1
        for window in range(windows):
            chaos.add_window(name, table_id, sessions[name], index + window, f"{table_id}:{window}")

    @sync_to_async
    def versions() -> dict[int, int]:
        return dict(Table.objects.filter(pk__in=table_ids).values_list("id", "version"))

    began = time.monotonic()
    try:
        chaos.start()
        started = time.monotonic()
        asyncio.run(chaos.run(schedule, versions, sessions))
        ran = time.monotonic()
    finally:
        chaos.stop()
        connection.close()
    stopped = time.monotonic() - ran
    print(
        f"\nchaos timing: start {started - began:.1f} s, faults {ran - started:.1f} s, stop {stopped:.1f} s"
    )
    return report(chaos, people)


def _move_failures(chaos: Chaos, people: dict[int, tuple[str, int]]) -> list[str]:
    """Each acknowledged move is in the log exactly once, at the version its ack named; every person's move in the
    log was answered; no person was given a bot."""
    failures = []
    for window in chaos.windows:
        for move_id, version in window.acked:
            name, user_id = people[window.table_id]
            moves = list(
                Move.objects.filter(table_id=window.table_id, actor=f"user:{user_id}", move_id=move_id)
            )
            # The ack names the version its commit left the table at (the move's event, then perhaps a deal's end).
            logged = Event.objects.filter(table_id=window.table_id, version=version).exists()
            if len(moves) != 1 or moves[0].answer.get("version") != version or not logged:
                failures.append(
                    f"{name}'s acknowledged move {move_id} (version {version}) is not in the log once"
                )
    for table_id, (name, user_id) in people.items():
        made = Event.objects.filter(table_id=table_id, kind="act", seat=0).count()
        answered = Move.objects.filter(table_id=table_id, actor=f"user:{user_id}").count()
        if made != answered:
            failures.append(f"{name}: {made} moves in the log, {answered} move ids answered")
        if Event.objects.filter(table_id=table_id, kind="away", seat=0).exists():
            failures.append(f"{name} (a window open throughout) was given a bot")
    return failures


def _run_failures(chaos: Chaos) -> list[str]:
    """No page answered 500, no traceback in a log, every window in sync within SYNC_SECONDS of each fault."""
    failures = []
    if chaos.figures.pages[500]:
        failures.append(f"{chaos.figures.pages[500]} page loads answered 500")
    tracebacks = chaos.tracebacks()
    if tracebacks:
        failures.append(f"tracebacks in the logs: {tracebacks}")
    for fault in chaos.figures.faults:
        if fault.resync is None or fault.resync > SYNC_SECONDS:
            failures.append(
                f"{fault.kind} of {fault.target}: windows in sync after {fault.resync} s; behind: {fault.behind}"
            )
    return failures


def _print_figures(chaos: Chaos, people: dict[int, tuple[str, int]]) -> None:
    """The run's figures: faults and their resync times, moves, reconnects, refusals, closes, pages, logs."""
    refused: Counter[str] = Counter()
    closes: Counter[int] = Counter()
    errors: Counter[str] = Counter()
    for window in chaos.windows:
        refused.update(window.refused)
        closes.update(window.closes)
        errors.update(window.errors)
    acked = sum(len(w.acked) for w in chaos.windows)
    reconnects = sum(max(0, w.connects - 1) for w in chaos.windows)
    resyncs = [f.resync for f in chaos.figures.faults if f.resync is not None]
    pages = chaos.figures.pages
    print(f"chaos: {len(chaos.windows)} windows at {len(people)} tables, {len(chaos.web)} web processes")
    for fault in chaos.figures.faults:
        shown = "never" if fault.resync is None else f"{fault.resync:.2f} s"
        print(
            f"  fault {fault.kind:8} {fault.target:17} {fault.seconds:3.0f} s out; windows in sync after {shown}"
        )
    print(f"  moves acknowledged: {acked}; reconnects: {reconnects}")
    print(f"  refused connects: {sum(refused.values())} {dict(refused)}; closes by code: {dict(closes)}")
    print(
        f"  page loads: {sum(pages.values())}, 500s: {pages[500]}, 503s: {pages[503]}, by status {dict(pages)}"
    )
    if resyncs:
        print(f"  resync after a fault: median {statistics.median(resyncs):.2f} s, max {max(resyncs):.2f} s")
    print(f"  error frames: {dict(errors)}; outage warnings per log: {chaos.outage_warnings()}")
    print(f"  logs: {chaos.logs}")


def report(chaos: Chaos, people: dict[int, tuple[str, int]]) -> list[str]:
    """Print the figures and return the failed checks (the module's docstring)."""
    failures = _move_failures(chaos, people) + _run_failures(chaos)
    _print_figures(chaos, people)
    for failure in failures:
        print("  FAILED:", failure)
    return failures


@pytest.mark.timeout(120)
def test_it_keeps_moves_pages_and_sync_through_one_fault_of_each_kind(postgres, redis_server, tmp_path):
    check(run_chaos(tmp_path, SHORT, web_processes=2))


if is_long():  # the long tier only: the quick tier collects no such test

    @pytest.mark.timeout(600)
    def test_it_keeps_moves_pages_and_sync_through_a_minute_of_faults(postgres, redis_server, tmp_path):
        check(run_chaos(tmp_path, FULL, web_processes=3))
