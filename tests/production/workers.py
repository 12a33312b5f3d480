"""Real Celery worker processes for the background-work tests: the project's app against this test run's
PostgreSQL database and Redis (the tests commit their rows: django_db(transaction=True))."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from django.db import connection

from tests.repo import ROOT


def start_worker(app: str, log: Path, *, beat: bool = False, **env: str) -> subprocess.Popen[Any]:
    """`celery -A app worker` (prefork, one child) in its own session; `beat` embeds the schedule (-B)."""
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
    """End the worker and its pool children: SIGKILL with `kill` (a crash), else SIGTERM (a warm shutdown)."""
    try:
        os.killpg(process.pid, signal.SIGKILL if kill else signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        process.wait(15)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
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
