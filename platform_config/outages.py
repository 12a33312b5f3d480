"""Outages of the backing services as the site meets them (docs/deploy.md "Outages"): which errors mean that
PostgreSQL or Redis is out of reach for a while, one warning line per process and outage instead of a traceback per
request, and the database retried for a short while before a caller gives up.

An outage error is what a restart or a cut of the service raises: a PostgreSQL connection failure (SQLSTATE class
08, an administrator's shutdown 57P01-57P03, or none at all: the server went away, the pool found no connection in
time), Redis's ConnectionError and TimeoutError, and kombu's OperationalError (the Celery broker, Redis, is out of
reach). A deadlock or a serialization failure is not one: it is the site's own concurrency, logged as ever.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Awaitable, Callable
from typing import ParamSpec, TypeVar

import redis.exceptions
from django.db import InterfaceError, OperationalError, connection

log = logging.getLogger(__name__)

P = ParamSpec("P")
R = TypeVar("R")

DATABASE_WAIT_SECONDS = 2.0
"""How long a page, a socket's handshake or a socket's database call waits for the database before giving up."""

WARN_EVERY_SECONDS = 60.0
"""One outage warning per service and process at most this often (an outage of a few seconds: one line)."""

RETRY_STEP_SECONDS = 0.1
"""The pause between two tries of the database within DATABASE_WAIT_SECONDS."""

OUTAGE_ERRORS: tuple[type[Exception], ...] = (
    OperationalError,
    InterfaceError,
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
)
"""The classes an outage error of PostgreSQL or Redis is raised as (Celery's `autoretry_for` of a scheduled pass;
`is_outage` tells an outage from a deadlock among them)."""

TASK_RETRY = {"autoretry_for": OUTAGE_ERRORS, "retry_backoff": 1, "retry_backoff_max": 4, "max_retries": 6}
"""Celery task options: a task that meets an outage runs again 1, 2, 4, 4, 4, 4 s later (about 20 s in all, past a
restart of either service) instead of failing its pass with a traceback."""

_ADMIN_SHUTDOWN = {"57P01", "57P02", "57P03"}  # admin_shutdown, crash_shutdown, cannot_connect_now
_warned_at: dict[str, float] = {}
_warned_lock = threading.Lock()


def _chain(error: BaseException) -> list[BaseException]:
    """`error` and the errors it was raised from (Django raises its OperationalError from psycopg's). Not those it
    was raised while handling: a bug met while handling an outage (e.g. a library's clean-up that fails) is a bug,
    logged with its traceback."""
    seen: list[BaseException] = []
    current: BaseException | None = error
    while current is not None and current not in seen:
        seen.append(current)
        current = current.__cause__
    return seen


def _database_down(error: BaseException) -> bool:
    if not isinstance(error, (OperationalError, InterfaceError)):
        return False
    for link in _chain(error):
        sqlstate = getattr(link, "sqlstate", None)
        if sqlstate is not None:
            return str(sqlstate).startswith("08") or sqlstate in _ADMIN_SHUTDOWN
    # No SQLSTATE anywhere: the connection itself failed (refused, closed by the server, no pooled connection in
    # time); SQLite's "database is locked" is an OperationalError of sqlite3 and not an outage.
    return not any(type(link).__module__.startswith("sqlite3") for link in _chain(error))


def _redis_down(error: BaseException) -> bool:
    if isinstance(error, (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)):
        return True
    return type(error).__module__.startswith("kombu") and type(error).__name__ == "OperationalError"


def outage_service(error: BaseException | None) -> str | None:
    """The service whose outage raised `error` ("PostgreSQL" or "Redis", looking through what `error` was raised
    from), or None when `error` is no outage error (a bug, a deadlock, a refusal)."""
    if error is None:
        return None
    for link in _chain(error):
        if _database_down(link):
            return "PostgreSQL"
        if _redis_down(link):
            return "Redis"
    return None


def is_outage(error: BaseException | None) -> bool:
    """Whether `error` means a backing service is out of reach (see the module's docstring)."""
    return outage_service(error) is not None


def note_outage(error: BaseException) -> None:
    """Log that `error`'s service is out of reach: one WARNING line (no traceback) per service and process at most
    every WARN_EVERY_SECONDS; the callers go on (a 503 page, a refused handshake, a pass tried again)."""
    service = outage_service(error) or "a service"
    now = time.monotonic()
    with _warned_lock:
        if now - _warned_at.get(service, -WARN_EVERY_SECONDS) < WARN_EVERY_SECONDS:
            return
        _warned_at[service] = now
    summary = str(error).strip().splitlines()[0] if str(error).strip() else ""
    log.warning(
        "%s is out of reach (%s: %s); answering without it until it is back (this warning at most every %d s)",
        service,
        type(error).__name__,
        summary,
        WARN_EVERY_SECONDS,
    )


def _give_back_connection() -> None:
    """Drop this thread's broken connection (a pooled one goes back to its pool, which discards it)."""
    try:
        connection.close()
    except Exception as error:  # closing a connection the server dropped may fail the same way
        if not is_outage(error):
            raise


def with_database_retry(fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """`fn(*args, **kwargs)`, tried again on a database outage error until DATABASE_WAIT_SECONDS have passed
    (each retry on a fresh connection: a restarted server left the pooled ones dead); then the error is raised.
    Only for calls that are safe to repeat: each runs its own transaction, and a move names the table version it
    expects, so a move whose commit went through before its connection broke is refused as stale, not doubled."""
    deadline = time.monotonic() + DATABASE_WAIT_SECONDS
    while True:
        try:
            return fn(*args, **kwargs)
        except (OperationalError, InterfaceError) as error:
            if not _database_down(error) or time.monotonic() >= deadline:
                raise
            _give_back_connection()
            time.sleep(RETRY_STEP_SECONDS)


async def with_database_retry_async(fn: Callable[P, Awaitable[R]], *args: P.args, **kwargs: P.kwargs) -> R:
    """`await fn(*args, **kwargs)` (a coroutine function whose database work runs in a database thread, which
    closes a broken connection after its call), tried again as `with_database_retry` does."""
    deadline = time.monotonic() + DATABASE_WAIT_SECONDS
    while True:
        try:
            return await fn(*args, **kwargs)
        except (OperationalError, InterfaceError) as error:
            if not _database_down(error) or time.monotonic() >= deadline:
                raise
            await asyncio.sleep(RETRY_STEP_SECONDS)
