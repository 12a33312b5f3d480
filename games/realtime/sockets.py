"""The registry of open table sockets per table and user, shared by every web process (Redis when REDIS_URL is
set, this process's memory in the embedded mode): it caps how many sockets one user may hold at one table and
tells whether a seated person still has one (docs/deploy.md "Sockets").

Each entry is a socket's channel name with an expiry; a socket renews it with a frame it receives, at most every
RENEW_SECONDS (the table page pings every 20 s), so the entries of a process that died lapse after SOCKET_TTL_SECONDS.
"""

from __future__ import annotations

import threading
import time
from functools import cache
from typing import Any

import redis
from django.conf import settings

SOCKET_TTL_SECONDS = 60
RENEW_SECONDS = 10
"""A socket renews its entry with a frame it receives when the last renewal is at least this old."""

# Atomic on the Redis server: drop lapsed entries, then renew this socket's entry or add it if under the cap.
_REGISTER = """
local key, channel = KEYS[1], ARGV[1]
local now, expiry, cap, ttl = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
if not redis.call('ZSCORE', key, channel) and redis.call('ZCARD', key) >= cap then return 0 end
redis.call('ZADD', key, expiry, channel)
redis.call('EXPIRE', key, ttl)
return 1
"""


def _key(table_id: int, user_id: int) -> str:
    return f"kibitz:sockets:{table_id}:{user_id}"


class _MemoryRegistry:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._entries: dict[str, dict[str, float]] = {}

    def _live(self, key: str, now: float) -> dict[str, float]:
        entries = {c: e for c, e in self._entries.get(key, {}).items() if e > now}
        self._entries[key] = entries
        return entries

    def register(self, key: str, channel: str, cap: int, now: float) -> bool:
        with self._lock:
            entries = self._live(key, now)
            if channel not in entries and len(entries) >= cap:
                return False
            entries[channel] = now + SOCKET_TTL_SECONDS
            return True

    def unregister(self, key: str, channel: str, now: float) -> int:
        with self._lock:
            entries = self._live(key, now)
            entries.pop(channel, None)
            if not entries:
                del self._entries[key]
            return len(entries)

    def count(self, key: str, now: float) -> int:
        with self._lock:
            return len(self._live(key, now))


class _RedisRegistry:
    def __init__(self, url: str) -> None:
        self._client: Any = redis.Redis.from_url(url, **settings.REDIS_SOCKET_OPTIONS)
        self._register = self._client.register_script(_REGISTER)

    def register(self, key: str, channel: str, cap: int, now: float) -> bool:
        args: list[str | float] = [channel, now, now + SOCKET_TTL_SECONDS, cap, SOCKET_TTL_SECONDS * 2]
        return bool(self._register(keys=[key], args=args))

    def unregister(self, key: str, channel: str, now: float) -> int:
        pipe = self._client.pipeline()
        pipe.zrem(key, channel)
        pipe.zremrangebyscore(key, "-inf", now)
        pipe.zcard(key)
        return int(pipe.execute()[-1])

    def count(self, key: str, now: float) -> int:
        pipe = self._client.pipeline()
        pipe.zremrangebyscore(key, "-inf", now)
        pipe.zcard(key)
        return int(pipe.execute()[-1])


@cache
def _registry(redis_url: str) -> _MemoryRegistry | _RedisRegistry:
    return _RedisRegistry(redis_url) if redis_url else _MemoryRegistry()


def _current() -> _MemoryRegistry | _RedisRegistry:
    return _registry(settings.REDIS_URL)


def register(table_id: int, user_id: int, channel: str) -> bool:
    """Record (or renew) the socket `channel` of `user_id` at `table_id`. Returns False, recording nothing, when
    the user already holds settings.KIBITZ_SOCKETS_PER_TABLE other live sockets there."""
    return _current().register(
        _key(table_id, user_id), channel, settings.KIBITZ_SOCKETS_PER_TABLE, time.time()
    )


def unregister(table_id: int, user_id: int, channel: str) -> int:
    """Forget the socket `channel`; returns how many live sockets the user still holds at the table."""
    return _current().unregister(_key(table_id, user_id), channel, time.time())


def open_sockets(table_id: int, user_id: int) -> int:
    """How many live sockets `user_id` holds at `table_id`, over every web process."""
    return _current().count(_key(table_id, user_id), time.time())


def has_socket(table_id: int, user_id: int) -> bool:
    """Whether `user_id` has at least one live socket at `table_id` (for "The table feel": a seated person
    without one is away)."""
    return open_sockets(table_id, user_id) > 0
