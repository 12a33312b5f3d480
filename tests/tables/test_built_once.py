"""The sockets' shared cache (games/realtime/built_once.py): a key's value is built once even when many threads
ask together, None is a value like any other, and the event loop's caller never waits for another's build."""

from __future__ import annotations

import threading
import time

from games.realtime.built_once import MISSING, BuiltOnce


def test_callers_asking_together_get_one_build() -> None:
    cache: BuiltOnce[str, int] = BuiltOnce(8)
    builds: list[int] = []

    def build() -> int:
        time.sleep(0.05)  # long enough for every thread to ask while it runs
        builds.append(1)
        return 42

    answers: list[int] = []
    threads = [
        threading.Thread(target=lambda: answers.append(cache.get_or_build("k", build))) for _ in range(6)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [42] * 6 and len(builds) == 1


def test_none_is_kept_as_a_value() -> None:
    cache: BuiltOnce[str, None] = BuiltOnce(8)
    calls: list[int] = []
    assert cache.cached("gone") is MISSING
    assert cache.get_or_build("gone", lambda: calls.append(1)) is None
    assert cache.get_or_build("gone", lambda: calls.append(1)) is None
    assert calls == [1]


def test_the_non_waiting_caller_gets_missing_while_another_builds() -> None:
    cache: BuiltOnce[str, str] = BuiltOnce(8)
    started, release = threading.Event(), threading.Event()

    def slow() -> str:
        started.set()
        release.wait(5)
        return "text"

    builder = threading.Thread(target=lambda: cache.get_or_build("k", slow))
    builder.start()
    started.wait(5)
    assert cache.try_get_or_build("k", lambda: "other") is MISSING
    release.set()
    builder.join()
    assert cache.try_get_or_build("k", lambda: "other") == "text"


def test_the_least_recently_used_value_goes_first() -> None:
    cache: BuiltOnce[int, int] = BuiltOnce(2)
    cache.get_or_build(1, lambda: 1)
    cache.get_or_build(2, lambda: 2)
    cache.cached(1)  # used: 2 is now the oldest
    cache.get_or_build(3, lambda: 3)
    assert cache.cached(2) is MISSING and cache.cached(1) == 1 and cache.cached(3) == 3
    cache.clear()
    assert cache.cached(1) is MISSING
