"""The one process-wide cache of the socket path, whose values are built at most once at a time per key
(docs/decisions-tables.md "Sockets").

The sockets of a table ask for the same thing at once (a version's load, a version's frame text, a change's side
panel), from the event loop and from the database threads: the first to ask builds it, the others wait for that
build and take its value instead of building it again. Every value is immutable once built (a version's rows never
change), so nothing is ever invalidated: the least recently used values make room for new ones.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from enum import Enum
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Missing(Enum):
    """What `BuiltOnce` answers for a value it does not hold (a value may itself be None)."""

    MISSING = 0


MISSING = Missing.MISSING


class BuiltOnce(Generic[K, V]):
    """Values by key, the `size` most recently used kept; a key's value is built by one caller at a time (a lock
    per stripe of keys), so callers asking together get the first one's build.

    `group(key)` (optional) names the group a key belongs to, e.g. a table for (table, version) keys: the keys of a
    group share one build lock, and `newest(group)` is the value of the group's greatest key still kept. Keys of one
    group must be ordered (tuples of numbers are)."""

    STRIPES = 64

    def __init__(self, size: int, group: Callable[[K], Hashable] | None = None) -> None:
        self.size = size
        self._group = group
        self._items: OrderedDict[K, V] = OrderedDict()
        self._newest: dict[Hashable, K] = {}
        self._lock = threading.Lock()
        self._stripes = [threading.Lock() for _ in range(self.STRIPES)]

    def cached(self, key: K) -> V | Missing:
        """The value kept for `key`, or MISSING."""
        with self._lock:
            if key not in self._items:
                return MISSING
            self._items.move_to_end(key)
            return self._items[key]

    def newest(self, group: Hashable) -> V | Missing:
        """The value of the greatest key of `group` still kept, or MISSING (always MISSING without `group`)."""
        with self._lock:
            key = self._newest.get(group)
            if key is None:
                return MISSING
            self._items.move_to_end(key)
            return self._items[key]

    def get_or_build(self, key: K, build: Callable[[], V]) -> V:
        """The value for `key`: kept, or built by `build()` and kept; waits while another caller builds it."""
        value = self.cached(key)
        if value is not MISSING:
            return value
        with self.building(key):
            return self._built(key, build)

    def try_get_or_build(self, key: K, build: Callable[[], V]) -> V | Missing:
        """`get_or_build` without waiting: MISSING when another caller is building a value of the key's stripe
        (on the event loop, which must not block on a database thread's build)."""
        value = self.cached(key)
        if value is not MISSING:
            return value
        lock = self._stripe(key)
        if not lock.acquire(blocking=False):
            return MISSING
        try:
            return self._built(key, build)
        finally:
            lock.release()

    @contextmanager
    def building(self, key: K) -> Iterator[None]:
        """Hold the build lock of `key`'s stripe: for a caller whose build may find a value for another key of the
        same group (a load that finds the table moved on), which it then keeps with `put`."""
        with self._stripe(key):
            yield

    def put(self, key: K, value: V) -> None:
        """Keep `value` for `key` (the least recently used values beyond `size` go)."""
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            if self._group is not None:
                group = self._group(key)
                newest = self._newest.get(group)
                if newest is None or newest < key:  # type: ignore[operator]
                    self._newest[group] = key
            while len(self._items) > self.size:
                dropped, _value = self._items.popitem(last=False)
                if self._group is not None and self._newest.get(self._group(dropped)) == dropped:
                    del self._newest[self._group(dropped)]

    def clear(self) -> None:
        """Forget every value."""
        with self._lock:
            self._items.clear()
            self._newest.clear()

    def _stripe(self, key: K) -> threading.Lock:
        tag = key if self._group is None else self._group(key)
        return self._stripes[hash(tag) % self.STRIPES]

    def _built(self, key: K, build: Callable[[], V]) -> V:
        value = self.cached(key)
        if value is not MISSING:
            return value
        value = build()
        self.put(key, value)
        return value
