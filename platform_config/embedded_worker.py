"""The embedded mode's background work (`manage.py serve` without REDIS_URL): a Celery worker and the beat
schedule in daemon threads of the serving process, over kombu's in-process broker, so `make run` stays one
command and the tasks run as they would in a worker process (never eagerly in the caller's thread).

The in-memory channel layer belongs to Daphne's event loop: `platform_config.notify` sends there from these
threads (`notify.set_home_loop`).
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from celery.beat import Service

log = logging.getLogger(__name__)


def start(app: Any) -> tuple[threading.Thread, threading.Thread]:
    """Start one worker (solo pool: one task at a time) and the beat service (its schedule kept in memory) of
    the Celery `app` in daemon threads; returns both threads. They end with the process."""
    worker = app.WorkController(
        pool_cls="solo",
        concurrency=1,
        without_heartbeat=True,
        without_mingle=True,
        without_gossip=True,
        loglevel="WARNING",
    )
    beat = Service(app, scheduler_cls="celery.beat.Scheduler")  # in memory: no schedule file to keep
    threads = (
        threading.Thread(target=worker.start, name="celery-worker", daemon=True),
        threading.Thread(target=beat.start, name="celery-beat", daemon=True),
    )
    for thread in threads:
        thread.start()
    log.info("embedded Celery worker and beat started")
    return threads
