"""Where sockets let a bot think: a small pool of threads of its own, apart from the event loop and from the
database threads (games.realtime.dbcalls), so a bot's search of several seconds (a seat's "Suggest a move",
games.reads.suggestion) neither stalls the loop's other sockets nor holds a database thread and its connection.
The pool has THINKING_THREADS threads per process: more requests than that wait their turn, and each socket asks
for one suggestion at a time at a limited rate (games.consumers.table)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from functools import cache, partial
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

THINKING_THREADS = 2
"""Threads per web process that think for sockets (the machines have two cores)."""


@cache
def _executor() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=THINKING_THREADS, thread_name_prefix="kibitz-think")


def think_call(fn: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    """`fn` (pure computation, no database) as a coroutine function that runs it in the thinking pool; its
    exceptions reach the awaiting coroutine."""

    async def call(*args: P.args, **kwargs: P.kwargs) -> R:
        return await asyncio.get_running_loop().run_in_executor(_executor(), partial(fn, *args, **kwargs))

    return call
