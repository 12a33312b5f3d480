"""How sockets call the database: off Channels' one thread-sensitive executor when the database allows it.

`database_sync_to_async` runs every call of a process on one thread, so under load they queue behind each other
(docs/decisions-tables.md "Sockets": that one thread was busy nearly all the time while the event loop idled).
With settings.KIBITZ_DB_THREADS > 0 (PostgreSQL with its connection pool) a call runs in a pool of that many threads,
each with a connection of its own taken from the pool for the call and returned after it (Channels'
`close_old_connections` around the call, with CONN_MAX_AGE 0). With 0 (SQLite, the embedded default) calls keep
the one thread: SQLite serialises writers anyway and the in-memory test database lives on one connection.
Only self-contained calls go through here: each opens and commits its own transaction and keeps no
thread-local state between calls, so a call that meets a database outage is tried again on a fresh connection for
up to platform_config.outages.DATABASE_WAIT_SECONDS (a restarted server leaves every pooled connection dead) before
its error reaches the socket (games.consumers.outages).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from functools import cache, partial
from typing import Any, ParamSpec, TypeVar

from channels.db import DatabaseSyncToAsync
from django.conf import settings

from platform_config.outages import with_database_retry

P = ParamSpec("P")
R = TypeVar("R")


@cache
def _executor(threads: int) -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=threads, thread_name_prefix="kibitz-db")


def db_call(fn: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    """`fn` as a coroutine function that runs it in a database thread (see the module's docstring); the
    setting is read at each call, so tests may change it."""
    retried = partial(with_database_retry, fn)
    sensitive: Any = DatabaseSyncToAsync(retried)

    async def call(*args: P.args, **kwargs: P.kwargs) -> R:
        threads = settings.KIBITZ_DB_THREADS
        if threads <= 0:
            return await sensitive(*args, **kwargs)  # type: ignore[no-any-return]
        free: Any = DatabaseSyncToAsync(retried, thread_sensitive=False, executor=_executor(threads))
        return await free(*args, **kwargs)  # type: ignore[no-any-return]

    return call
