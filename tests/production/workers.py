"""Real Celery worker processes for the background-work tests: the project's app against this test run's
PostgreSQL database and Redis (the tests commit their rows: django_db(transaction=True))."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from django.db import connection

from platform_config.celery import app as celery_app
from tests.repo import ROOT


def start_worker(app: str, log: Path, *, beat: bool = False, **env: str) -> subprocess.Popen[Any]:
    """`celery -A app worker` (prefork, one child) in its own session; `beat` embeds the schedule (-B).

    The broker's queue is emptied first: Redis outlives a test, and a task an earlier test's worker left
    waiting (a bot move, a beat's ledger close) must not run in this test's worker."""
    celery_app.control.purge()
    settings = connection.settings_dict
    database = f"postgres://{settings['USER']}@{settings['HOST']}:{settings['PORT']}/{settings['NAME']}"
    environment = {**os.environ, "DATABASE_URL": database, "PYTHONPATH": str(ROOT), **env}
    command = [sys.executable, "-m", "celery", "-A", app, "worker", "--pool", "prefork", "--concurrency", "1"]
    command += ["--without-heartbeat", "--without-mingle", "--without-gossip", "--loglevel", "INFO"]
    if beat:
        command += ["--beat", "--scheduler", "celery.beat.Scheduler"]
    with open(log, "w") as out:
        return subprocess.Popen(
            command, env=environment, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )


def stop_worker(process: subprocess.Popen[Any], *, kill: bool = False) -> None:
    """End the worker and its pool children: SIGKILL to the whole group with `kill` (a crash), else Celery's warm
    shutdown, SIGTERM to the main process alone, which lets a running task finish (a SIGTERM sent to the group
    would end the pool child mid-task, after its move committed but before the task's end is logged); whatever
    is left after 15 s is killed."""
    try:
        if kill:
            os.killpg(process.pid, signal.SIGKILL)
        else:
            process.terminate()
    except ProcessLookupError:
        return
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(15)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)  # pool children or a thread-stuck main process left behind
    process.wait(5)


def wait_for(predicate: Any, seconds: float, every: float = 0.2, step: Any = None) -> bool:
    """Poll `predicate()` (running `step()` first each time, e.g. the sweeper's dispatch) until true or timeout."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if step is not None:
            step()
        if predicate():
            return True
        time.sleep(every)
    return False
