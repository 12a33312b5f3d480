"""A process-wide cache whose values are built at most once at a time per key (docs/decisions-tables.md "Sockets").

The sockets of a table ask for the same thing at once (a version's frame text, a change's side panel), from the
event loop and from the database threads: the first to ask builds it, the others wait for that build and take its
value instead of building it again.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
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
    per stripe of keys), so callers asking together get the first one's build."""

    STRIPES = 64

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()
        self._stripes = [threading.Lock() for _ in range(self.STRIPES)]

    def cached(self, key: K) -> V | Missing:
        """The value kept for `key`, or MISSING."""
        with self._lock:
            if key not in self._items:
                return MISSING
            self._items.move_to_end(key)
            return self._items[key]

    def get_or_build(self, key: K, build: Callable[[], V]) -> V:
        """The value for `key`: kept, or built by `build()` and kept; waits while another caller builds it."""
        value = self.cached(key)
        if value is not MISSING:
            return value
        with self._stripes[hash(key) % self.STRIPES]:
            return self._built(key, build)

    def try_get_or_build(self, key: K, build: Callable[[], V]) -> V | Missing:
        """`get_or_build` without waiting: MISSING when another caller is building a value of the key's stripe
        (on the event loop, which must not block on a database thread's build)."""
        value = self.cached(key)
        if value is not MISSING:
            return value
        lock = self._stripes[hash(key) % self.STRIPES]
        if not lock.acquire(blocking=False):
            return MISSING
        try:
            return self._built(key, build)
        finally:
            lock.release()

    def clear(self) -> None:
        """Forget every value."""
        with self._lock:
            self._items.clear()

    def _built(self, key: K, build: Callable[[], V]) -> V:
        value = self.cached(key)
        if value is not MISSING:
            return value
        value = build()
        with self._lock:
            self._items[key] = value
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return value
