"""One sweeper loop: games.services.sweeper.sweep_forever, run by `manage.py sweeper` and `manage.py serve`;
Celery's tasks do the bots' and the ledger's work and sweep nowhere."""

from __future__ import annotations

import ast
import asyncio
import time
from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from games.services import sweep_alarm, sweeper

from .sources import REPO, app_sources, relative


def calls_of(tree: ast.AST) -> set[str]:
    """Names called (plain or attribute calls) anywhere in `tree`."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            names.add(func.id if isinstance(func, ast.Name) else getattr(func, "attr", ""))
    return names


def sweeping_modules() -> dict[str, set[str]]:
    """{module path: the sweeper functions it calls} over the apps."""
    found = {}
    for path in app_sources():
        called = calls_of(ast.parse(path.read_text(encoding="utf-8"))) & {"sweep_once", "sweep_forever"}
        if called:
            found[relative(path)] = called
    return found


def test_both_commands_run_the_one_loop_and_no_task_sweeps():
    assert sweeping_modules() == {
        "games/services/sweeper.py": {"sweep_once"},
        "games/management/commands/sweeper.py": {"sweep_forever"},
        "games/management/commands/serve.py": {"sweep_forever"},
    }


def test_no_module_but_the_sweeper_loops_around_a_pass():
    looping = []
    for path in app_sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.While) and calls_of(node) & {"sweep_once", "_one_pass", "sync_to_async"}:
                looping.append(relative(path))
    assert looping == ["games/services/sweeper.py"]
    assert not hasattr(sweeper, "start_thread") and not hasattr(sweeper, "run_forever")
    assert "sweeper_task" not in (REPO / "games/management/commands/serve.py").read_text()


@pytest.mark.asyncio
async def test_the_loop_passes_again_at_once_after_work_and_waits_when_idle(monkeypatch, settings):
    settings.KIBITZ_SWEEP_SECONDS = 0.3
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    passes: list[float] = []
    results = iter([2, 1, 0, 0])

    def one_pass() -> int:  # runs in a worker thread, as the real pass does
        passes.append(time.monotonic())
        if len(passes) == 4:
            loop.call_soon_threadsafe(stop.set)
        return next(results)

    monkeypatch.setattr(sweeper, "_one_pass", one_pass)
    await asyncio.wait_for(sweeper.sweep_forever(stop), 5)
    gaps = [later - earlier for earlier, later in zip(passes, passes[1:], strict=False)]
    assert len(passes) == 4
    assert gaps[0] < 0.25 and gaps[1] < 0.25  # work was done: the next pass comes at once
    assert gaps[2] >= 0.3  # an idle pass waits KIBITZ_SWEEP_SECONDS


@pytest.mark.asyncio
async def test_a_failing_pass_does_not_end_the_loop(monkeypatch, settings):
    settings.KIBITZ_SWEEP_SECONDS = 0.01
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    calls = []

    def one_pass() -> int:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("database went away")
        loop.call_soon_threadsafe(stop.set)
        return 0

    monkeypatch.setattr(sweeper, "_one_pass", one_pass)
    await asyncio.wait_for(sweeper.sweep_forever(stop), 5)
    assert len(calls) == 2


@pytest.mark.asyncio
async def test_an_alarm_wakes_the_idle_loop_when_its_work_falls_due(monkeypatch, settings):
    settings.KIBITZ_SWEEP_SECONDS = 30  # the poll alone would not pass again within the test
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    passes: list[float] = []

    def one_pass() -> int:  # in a worker thread, as the real pass: the table service rings from such threads
        passes.append(time.monotonic())
        if len(passes) == 1:
            sweep_alarm.ring_at(timezone.now() + timedelta(seconds=0.3))  # e.g. a bot's move due in 0.3 s
        if len(passes) == 2:
            loop.call_soon_threadsafe(stop.set)
        return 0

    monkeypatch.setattr(sweeper, "_one_pass", one_pass)
    await asyncio.wait_for(sweeper.sweep_forever(stop), 5)
    assert len(passes) == 2
    assert 0.25 <= passes[1] - passes[0] < 5  # woken when the work fell due, not at the next poll
    assert not sweep_alarm._listening  # the ended loop no longer listens


@pytest.mark.django_db(transaction=True)
def test_the_table_service_rings_after_its_transaction_commits(monkeypatch):
    rung: list[tuple] = []
    monkeypatch.setattr(sweep_alarm, "ring_at", lambda *moments: rung.append(moments))
    monkeypatch.setattr(sweep_alarm, "_listening", [(None, None)])  # a loop listens in this process
    due = timezone.now()
    with transaction.atomic():
        sweep_alarm.ring_on_commit(due, None)
        assert rung == []  # the woken pass must find the committed row
    assert rung == [(due, None)]
    sweep_alarm.ring_on_commit(None)
    assert len(rung) == 1  # nothing due: no alarm
