"""The shared cache, Redis, with a fallback for its outages (docs/deploy.md "Outages"): Django's own RedisCache,
whose every operation answers as a cache that holds nothing while Redis is out of reach, so no page fails for it.

While Redis is out: a read misses (`get` gives the default, `get_many` nothing, `has_key` False), a write is lost
(`set`, `set_many`, `delete`, `touch`), `add` answers False ("someone holds it") and `incr` raises ValueError
("no such key"), as for a key that is not there. That makes allauth's rate limits fail closed, as docs/deploy.md
says: their lock is an `add`, so a log-in or sign-up POST waits a second for it and gets the 429 page; a due bot
move is dispatched again once Redis is back (games.services.bot_work). The outage is noted once
(platform_config.outages.note_outage).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

import redis.exceptions
from django.core.cache.backends.redis import RedisCache, RedisCacheClient

from .outages import note_outage

_REDIS_DOWN = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)


def _or_else(answer: Callable[..., Any]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The wrapped client method, or `answer(*args)` when Redis is out of reach."""

    def decorate(method: Callable[..., Any]) -> Callable[..., Any]:
        @wraps(method)
        def call(self: Any, *args: Any) -> Any:
            try:
                return method(self, *args)
            except _REDIS_DOWN as error:
                note_outage(error)
                return answer(*args)

        return call

    return decorate


def _no_such_key(key: Any, delta: Any) -> int:
    raise ValueError(f"Key '{key}' not found.")


class FallbackRedisCacheClient(RedisCacheClient):
    """RedisCacheClient answering as an empty cache while Redis is out of reach (see the module's docstring)."""

    add = _or_else(lambda key, value, timeout: False)(RedisCacheClient.add)
    get = _or_else(lambda key, default: default)(RedisCacheClient.get)
    set = _or_else(lambda key, value, timeout: None)(RedisCacheClient.set)
    touch = _or_else(lambda key, timeout: False)(RedisCacheClient.touch)
    delete = _or_else(lambda key: False)(RedisCacheClient.delete)
    get_many = _or_else(lambda keys: {})(RedisCacheClient.get_many)
    has_key = _or_else(lambda key: False)(RedisCacheClient.has_key)
    incr = _or_else(_no_such_key)(RedisCacheClient.incr)
    set_many = _or_else(lambda data, timeout: None)(RedisCacheClient.set_many)
    delete_many = _or_else(lambda keys: None)(RedisCacheClient.delete_many)
    clear = _or_else(lambda: False)(RedisCacheClient.clear)


class FallbackRedisCache(RedisCache):
    """Django's RedisCache over FallbackRedisCacheClient: `CACHES = {"default": {"BACKEND":
    "platform_config.fallback_cache.FallbackRedisCache", ...}}` with RedisCache's LOCATION and OPTIONS."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = FallbackRedisCacheClient
