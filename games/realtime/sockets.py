"""The registry of open sockets, shared by every web process (Redis when REDIS_URL is set, this process's memory in
the embedded mode): per table and user it caps the table sockets (settings.KIBITZ_SOCKETS_PER_TABLE, a socket over
it is refused) and tells whether a seated person still has one; per user it caps the lobby sockets
(settings.KIBITZ_LOBBY_SOCKETS, the oldest past it is closed) (docs/deploy.md "Sockets").

An entry names the web process that holds the socket, the browser window it belongs to and the socket's channel.
- **Windows.** Each page load sends its window id (static/js/window-id.js, kept in sessionStorage over reloads). A
  socket with the same user, table (or lobby) and window id replaces that window's older entry: the page
  reconnecting after its process died, or the same window opened again, is never refused by its own leftover.
  The replaced socket is named in the answer, for its consumer to close (it is stale, and an open socket without an
  entry would escape the cap).
- **Processes.** Each web process renews a heartbeat key every BEAT_SECONDS (`start_beating`, also renewed by every
  register); an entry lives as long as its process's heartbeat, however quiet its socket. The entries of a process
  whose heartbeat lapsed (PROCESS_TTL_SECONDS without a beat: killed, frozen) do not count and are dropped at the
  next register or count of their key. Each beat also writes the process's entries back if they are missing (a
  Redis that lost its data counts the quiet sockets again within a beat). A process that stops gracefully removes
  its entries and its heartbeat (`forget_this_process`).
"""

from __future__ import annotations

import logging
import re
import threading
import time
import uuid
from dataclasses import dataclass
from functools import cache
from typing import Any

import redis
from django.conf import settings

log = logging.getLogger(__name__)

BEAT_SECONDS = 10
"""How often a web process renews its heartbeat."""
PROCESS_TTL_SECONDS = 30
"""A process's heartbeat (and so every entry of it) lapses this long after its last beat: three beats missed."""
RETRY_AFTER_SECONDS = PROCESS_TTL_SECONDS
"""How long a page refused with 4429 waits before it knocks again: by then an entry of a dead process has lapsed."""
PROCESS_ID = uuid.uuid4().hex
"""This process's name in the registry (a fresh one per start)."""

_WINDOW = re.compile(r"[A-Za-z0-9_-]{8,64}")
_HEARTBEAT = "kibitz:process:"

# Atomic on the Redis server. KEYS[1]: the registry key. ARGV: heartbeat prefix, process, window, channel, now, cap,
# "1" to evict the oldest past the cap (else refuse), heartbeat TTL. Returns {registered, replaced, evicted}.
_REGISTER = """
local key, prefix = KEYS[1], ARGV[1]
local process, window, channel = ARGV[2], ARGV[3], ARGV[4]
local now, cap, evict, ttl = tonumber(ARGV[5]), tonumber(ARGV[6]), ARGV[7] == '1', tonumber(ARGV[8])
redis.call('SET', prefix .. process, '1', 'EX', ttl)
local replaced, evicted = {}, {}
for _, member in ipairs(redis.call('ZRANGE', key, 0, -1)) do
  local p, w, c = string.match(member, '^(%S+) (%S+) (%S+)$')
  if not p or redis.call('EXISTS', prefix .. p) == 0 then
    redis.call('ZREM', key, member)
  elseif w == window and c ~= channel then
    redis.call('ZREM', key, member)
    table.insert(replaced, c)
  end
end
local me = process .. ' ' .. window .. ' ' .. channel
if not redis.call('ZSCORE', key, me) then
  if evict then
    while redis.call('ZCARD', key) >= cap do
      local oldest = redis.call('ZPOPMIN', key)
      table.insert(evicted, string.match(oldest[1], '(%S+)$'))
    end
  elseif redis.call('ZCARD', key) >= cap then
    return {0, replaced, evicted}
  end
  redis.call('ZADD', key, now, me)
end
redis.call('EXPIRE', key, ttl)
return {1, replaced, evicted}
"""

# KEYS[1]: the registry key. ARGV: heartbeat prefix, a member to remove first (or ""). Returns the live entries left.
_COUNT = """
local key, prefix = KEYS[1], ARGV[1]
if ARGV[2] ~= '' then redis.call('ZREM', key, ARGV[2]) end
local live = 0
for _, member in ipairs(redis.call('ZRANGE', key, 0, -1)) do
  local p = string.match(member, '^(%S+) ')
  if p and redis.call('EXISTS', prefix .. p) == 1 then live = live + 1 else redis.call('ZREM', key, member) end
end
return live
"""


@dataclass(frozen=True)
class Registration:
    """A register's answer: `registered` (False: refused, the user holds the cap's number of live sockets there);
    `replaced`, the channels of older sockets of the same window whose entries this one took over; `evicted`, the
    channels of the oldest lobby sockets closed to stay within the lobby cap. Their consumers close them."""

    registered: bool
    replaced: tuple[str, ...] = ()
    evicted: tuple[str, ...] = ()


def valid_window(window: str) -> bool:
    """Whether `window` is a window id a page may send: 8 to 64 ASCII letters, digits, `-` or `_`."""
    return _WINDOW.fullmatch(window) is not None


def _member(process: str, window: str, channel: str) -> str:
    return f"{process} {window} {channel}"


class _MemoryStore:
    """The embedded mode's registry: one process, the same rules as the Redis one."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._entries: dict[str, dict[str, float]] = {}  # key -> member -> opened
        self._beats: dict[str, float] = {}  # process -> heartbeat expiry

    def _alive(self, process: str) -> bool:
        return self._beats.get(process, 0.0) > time.time()

    def _live(self, key: str) -> dict[str, float]:
        entries = {m: t for m, t in self._entries.get(key, {}).items() if self._alive(m.split(" ", 1)[0])}
        if entries:
            self._entries[key] = entries
        else:
            self._entries.pop(key, None)
        return entries

    def register(
        self, key: str, process: str, window: str, channel: str, now: float, cap: int, evict: bool
    ) -> Registration:
        with self._lock:
            self._beats[process] = time.time() + PROCESS_TTL_SECONDS
            entries = self._live(key)
            replaced = []
            for member in list(entries):
                _p, w, c = member.split(" ")
                if w == window and c != channel:
                    del entries[member]
                    replaced.append(c)
            me = _member(process, window, channel)
            evicted = []
            if me not in entries:
                while evict and len(entries) >= cap:
                    oldest = min(entries, key=entries.__getitem__)
                    del entries[oldest]
                    evicted.append(oldest.rsplit(" ", 1)[1])
                if len(entries) >= cap:
                    return Registration(False, tuple(replaced))
                entries[me] = now
            self._entries[key] = entries
            return Registration(True, tuple(replaced), tuple(evicted))

    def count(self, key: str, remove: str = "") -> int:
        with self._lock:
            self._entries.get(key, {}).pop(remove, None)
            return len(self._live(key))

    def beat(self, process: str, held: list[tuple[str, str, float]]) -> None:
        with self._lock:
            self._beats[process] = time.time() + PROCESS_TTL_SECONDS

    def forget(self, process: str, held: list[tuple[str, str, float]]) -> None:
        with self._lock:
            self._beats.pop(process, None)
            for key, member, _opened in held:
                self._entries.get(key, {}).pop(member, None)


class _RedisStore:
    def __init__(self, url: str) -> None:
        self._client: Any = redis.Redis.from_url(url, **settings.REDIS_SOCKET_OPTIONS)
        self._register = self._client.register_script(_REGISTER)
        self._count = self._client.register_script(_COUNT)

    def register(
        self, key: str, process: str, window: str, channel: str, now: float, cap: int, evict: bool
    ) -> Registration:
        args: list[str | float] = [
            _HEARTBEAT,
            process,
            window,
            channel,
            now,
            cap,
            "1" if evict else "0",
            PROCESS_TTL_SECONDS,
        ]
        registered, replaced, evicted = self._register(keys=[key], args=args)
        return Registration(bool(registered), _texts(replaced), _texts(evicted))

    def count(self, key: str, remove: str = "") -> int:
        return int(self._count(keys=[key], args=[_HEARTBEAT, remove]))

    def beat(self, process: str, held: list[tuple[str, str, float]]) -> None:
        pipe = self._client.pipeline(transaction=False)
        pipe.set(_HEARTBEAT + process, "1", ex=PROCESS_TTL_SECONDS)
        for (
            key,
            member,
            opened,
        ) in held:  # a quiet socket's key must not expire under it, nor its entry be lost
            pipe.zadd(key, {member: opened}, nx=True)
            pipe.expire(key, PROCESS_TTL_SECONDS)
        pipe.execute()

    def forget(self, process: str, held: list[tuple[str, str, float]]) -> None:
        pipe = self._client.pipeline(transaction=False)
        for key, member, _opened in held:
            pipe.zrem(key, member)
        pipe.delete(_HEARTBEAT + process)
        pipe.execute()


def _texts(values: list[bytes]) -> tuple[str, ...]:
    return tuple(v.decode() for v in values)


@cache
def _store(redis_url: str) -> _MemoryStore | _RedisStore:
    return _RedisStore(redis_url) if redis_url else _MemoryStore()


class ProcessRegistry:
    """The registry as one web process sees it: its entries carry `process`, and it remembers which of them it holds
    (for its heartbeat and its graceful stop). `process_registry()` is this process's; a test may build another to
    play a second web process."""

    def __init__(self, process: str) -> None:
        self.process = process
        self._lock = threading.Lock()
        self._held: dict[str, tuple[str, str, float]] = {}  # channel -> (key, member, opened)

    @property
    def _store(self) -> _MemoryStore | _RedisStore:
        return _store(settings.REDIS_URL)

    def register(self, key: str, channel: str, window: str | None, cap: int, evict: bool) -> Registration:
        """Record the socket `channel` of `window` (None: a window of its own) under `key`; see the module doc."""
        window = window or channel
        now = time.time()
        answer = self._store.register(key, self.process, window, channel, now, cap, evict)
        with self._lock:
            # the sockets it replaced or evicted are out of the store: this process's heartbeat must not write
            # them back before their consumers close
            for gone in (*answer.replaced, *answer.evicted):
                self._held.pop(gone, None)
            if answer.registered:
                self._held.setdefault(channel, (key, _member(self.process, window, channel), now))
        return answer

    def unregister(self, key: str, channel: str) -> int:
        """Forget the socket `channel`; returns how many live sockets are left under `key`."""
        with self._lock:
            _key, member, _opened = self._held.pop(channel, (key, "", 0.0))
        return self._store.count(key, member)

    def count(self, key: str) -> int:
        """How many live sockets `key` holds, over every web process."""
        return self._store.count(key)

    def beat(self) -> None:
        """Renew this process's heartbeat, and write back each entry it holds (with its key's expiry). An entry
        unregistered while the write was under way is removed again: written back from the earlier list, it would
        stay in the store as a socket that no longer exists, counted against its user's cap."""
        with self._lock:
            held = dict(self._held)
        self._store.beat(self.process, list(held.values()))
        with self._lock:
            gone = [entry for channel, entry in held.items() if channel not in self._held]
        for key, member, _opened in gone:
            self._store.count(key, member)

    def forget(self) -> int:
        """A graceful stop: remove every entry this process holds and its heartbeat. Returns how many entries."""
        with self._lock:
            held = list(self._held.values())
            self._held.clear()
        self._store.forget(self.process, held)
        return len(held)


_this_process = ProcessRegistry(PROCESS_ID)


def process_registry() -> ProcessRegistry:
    """This web process's registry."""
    return _this_process


def table_key(table_id: int, user_id: int) -> str:
    """The registry key of `user_id`'s sockets at table `table_id`."""
    return f"kibitz:sockets:{table_id}:{user_id}"


def lobby_key(user_id: int) -> str:
    """The registry key of `user_id`'s lobby sockets."""
    return f"kibitz:lobby-sockets:{user_id}"


def register(table_id: int, user_id: int, channel: str, window: str | None = None) -> Registration:
    """Record the table socket `channel` of `user_id` at `table_id`, from browser window `window` (None: a window of
    its own). Refused (registered False, nothing recorded) when the user already holds
    settings.KIBITZ_SOCKETS_PER_TABLE other live sockets there; an older entry of the same window is replaced."""
    return _this_process.register(
        table_key(table_id, user_id), channel, window, settings.KIBITZ_SOCKETS_PER_TABLE, evict=False
    )


def unregister(table_id: int, user_id: int, channel: str) -> int:
    """Forget the table socket `channel`; returns how many live sockets the user still holds at the table."""
    return _this_process.unregister(table_key(table_id, user_id), channel)


def register_lobby(user_id: int, channel: str, window: str | None = None) -> Registration:
    """Record the lobby socket `channel` of `user_id` from window `window`; always registered: when the user would
    hold more than settings.KIBITZ_LOBBY_SOCKETS, the oldest are named in `evicted` (to close with 4429)."""
    return _this_process.register(
        lobby_key(user_id), channel, window, settings.KIBITZ_LOBBY_SOCKETS, evict=True
    )


def unregister_lobby(user_id: int, channel: str) -> int:
    """Forget the lobby socket `channel`; returns how many live lobby sockets the user still holds."""
    return _this_process.unregister(lobby_key(user_id), channel)


def open_sockets(table_id: int, user_id: int) -> int:
    """How many live sockets `user_id` holds at `table_id`, over every web process."""
    return _this_process.count(table_key(table_id, user_id))


def has_other_socket(table_id: int, user_id: int) -> bool:
    """Whether `user_id` holds a live socket at `table_id` besides the one that has just registered (the count, over
    every web process, is at least 2). A killed process's entries count until its heartbeat lapses
    (PROCESS_TTL_SECONDS): those windows are about to reconnect. Asked by a seated socket that opens as a watcher
    (`?watch=1`: a read-only window reconnecting), which takes the seat when no other window holds it."""
    return open_sockets(table_id, user_id) > 1


def lobby_sockets(user_id: int) -> int:
    """How many live lobby sockets `user_id` holds, over every web process."""
    return _this_process.count(lobby_key(user_id))


def has_socket(table_id: int, user_id: int) -> bool:
    """Whether `user_id` has at least one live socket at `table_id` (for "The table feel": a seated person
    without one is away)."""
    return open_sockets(table_id, user_id) > 0


_beating = threading.Lock()
_beater: threading.Thread | None = None


def start_beating() -> None:
    """Start this process's heartbeat (a daemon thread renewing it every BEAT_SECONDS), once; the socket consumers
    call it on connect. A failed beat (Redis away) logs one warning line and is tried again at the next."""
    global _beater
    with _beating:
        if _beater is not None and _beater.is_alive():
            return
        _beater = threading.Thread(target=_beat_forever, name="socket-registry-heartbeat", daemon=True)
        _beater.start()


def _beat_forever() -> None:
    failing = False
    while True:
        try:
            _this_process.beat()
            if failing:
                log.warning("socket registry heartbeat renewed again")
            failing = False
        except redis.RedisError as error:
            if not failing:
                log.warning("socket registry heartbeat failed: %s", error)
            failing = True
        time.sleep(BEAT_SECONDS)


def forget_this_process() -> int:
    """This process stops (manage.py serve on SIGTERM): every entry it holds and its heartbeat are removed, so other
    processes count none of its sockets. Returns how many entries were removed."""
    return _this_process.forget()
