"""The socket registry (games.realtime.sockets) by itself, in this process's memory (embedded) and in Redis (shared by
the web processes): windows replace their own entries, liveness comes from each process's heartbeat (never from a
socket's chatter), the table cap refuses, the lobby cap closes the oldest."""

from __future__ import annotations

import pytest
import redis

from games.realtime import sockets

STORES = ["memory", "redis"]


@pytest.fixture(params=STORES)
def store(request, settings):
    """Runs the test over each store; yields the store's name."""
    settings.REDIS_URL = request.getfixturevalue("redis_url") if request.param == "redis" else ""
    settings.KIBITZ_SOCKETS_PER_TABLE = 3
    settings.KIBITZ_LOBBY_SOCKETS = 5
    yield request.param
    sockets.process_registry().forget()


def _lapse(store: str, process: sockets.ProcessRegistry, monkeypatch) -> None:
    """`process` dies: its heartbeat lapses (in Redis its key expires; in memory the clock moves past it while this
    process keeps beating)."""
    if store == "redis":
        from django.conf import settings

        redis.Redis.from_url(settings.REDIS_URL).delete(f"kibitz:process:{process.process}")
    else:
        later = sockets.time.time() + sockets.PROCESS_TTL_SECONDS + 1
        monkeypatch.setattr(sockets.time, "time", lambda: later)
        sockets.process_registry().beat()


def test_it_lets_a_window_replace_its_own_older_entry_and_keeps_another_windows(store):
    first = sockets.register(70, 5, "channel-a", "window-one")
    assert first.registered and first.replaced == ()
    again = sockets.register(70, 5, "channel-b", "window-one")  # the same window reconnects
    assert again.registered and again.replaced == ("channel-a",)
    other = sockets.register(70, 5, "channel-c", "window-two")  # a second window keeps its own entry
    assert other.registered and other.replaced == ()
    assert sockets.open_sockets(70, 5) == 2
    assert sockets.unregister(70, 5, "channel-a") == 2  # the replaced socket's close changes nothing
    assert sockets.unregister(70, 5, "channel-b") == 1


def test_it_refuses_a_fourth_window_but_never_a_windows_reconnect(store):
    for n in range(3):
        assert sockets.register(71, 5, f"channel-{n}", f"window-{n}x").registered
    refused = sockets.register(71, 5, "channel-3", "window-3x")
    assert not refused.registered and sockets.open_sockets(71, 5) == 3
    assert sockets.register(71, 5, "channel-4", "window-1x").registered  # window 1 again: its place
    assert sockets.open_sockets(71, 5) == 3


def test_it_counts_a_quiet_socket_for_as_long_as_its_process_beats(store, monkeypatch):
    """A socket that sends nothing keeps its place: an hour later (the process beating every BEAT_SECONDS meanwhile)
    the user's fourth socket is still refused. Before, a silent socket's entry expired after 60 s."""
    for n in range(3):
        assert sockets.register(72, 5, f"channel-{n}", f"window-{n}x").registered
    later = sockets.time.time() + 3600
    monkeypatch.setattr(sockets.time, "time", lambda: later)
    sockets.process_registry().beat()  # what the heartbeat thread does every BEAT_SECONDS
    assert sockets.open_sockets(72, 5) == 3
    assert not sockets.register(72, 5, "channel-3", "window-3x").registered


def test_it_drops_the_entries_of_a_process_whose_heartbeat_lapsed(store, monkeypatch):
    dead = sockets.ProcessRegistry("dead-process")
    for n in range(3):
        assert dead.register(sockets.table_key(73, 5), f"dead-{n}", f"window-{n}x", 3, evict=False).registered
    assert sockets.open_sockets(73, 5) == 3  # its heartbeat is still fresh: a live process's sockets
    assert not sockets.register(73, 5, "channel-new", "window-new").registered
    _lapse(store, dead, monkeypatch)
    assert sockets.open_sockets(73, 5) == 0
    answer = sockets.register(73, 5, "channel-new", "window-new")
    assert (
        answer.registered and answer.replaced == ()
    )  # a dead process's sockets are not closed: they are gone


def test_it_closes_the_oldest_lobby_socket_past_the_lobby_cap(store, monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(sockets.time, "time", lambda: clock[0])
    for n in range(5):
        clock[0] += 1
        assert sockets.register_lobby(9, f"lobby-{n}", f"window-{n}x") == sockets.Registration(True)
    clock[0] += 1
    sixth = sockets.register_lobby(9, "lobby-5", "window-5x")
    assert sixth.registered and sixth.evicted == ("lobby-0",)
    assert sockets.lobby_sockets(9) == 5
    replaced = sockets.register_lobby(9, "lobby-6", "window-3x")  # a window's reload closes nothing else
    assert replaced.replaced == ("lobby-3",) and replaced.evicted == ()
    assert sockets.unregister_lobby(9, "lobby-0") == 5


def test_a_heartbeat_writes_back_the_entries_a_lost_redis_forgot(redis_url, settings):
    settings.REDIS_URL = redis_url
    try:
        assert sockets.register(74, 5, "channel-a", "window-one").registered
        client = redis.Redis.from_url(redis_url)
        client.delete(
            sockets.table_key(74, 5), f"kibitz:process:{sockets.PROCESS_ID}"
        )  # Redis restarted empty
        assert sockets.open_sockets(74, 5) == 0
        sockets.process_registry().beat()
        assert sockets.open_sockets(74, 5) == 1
        assert 0 < client.ttl(f"kibitz:process:{sockets.PROCESS_ID}") <= sockets.PROCESS_TTL_SECONDS
    finally:
        sockets.process_registry().forget()


def test_a_heartbeat_never_writes_back_an_evicted_or_closed_socket(store, monkeypatch):
    """The heartbeat writes back the entries its process holds. An entry the lobby cap evicted, or one whose socket
    closed while the write was under way, must not come back: it would count against the user's cap for as long as
    the process lives (a CI run caught a sixth lobby entry under a cap of 5)."""
    for n in range(5):
        assert sockets.register_lobby(10, f"lobby-{n}", f"window-{n}x").registered
    assert sockets.register_lobby(10, "lobby-5", "window-5x").evicted == ("lobby-0",)
    registry = sockets.process_registry()
    registry.beat()  # before lobby-0's consumer has closed and unregistered
    assert sockets.lobby_sockets(10) == 5
    store_beat = type(registry._store).beat

    def beat_while_a_socket_closes(self, process, held):
        sockets.unregister_lobby(10, "lobby-1")  # closes between the heartbeat's list and its write
        store_beat(self, process, held)

    monkeypatch.setattr(type(registry._store), "beat", beat_while_a_socket_closes)
    registry.beat()
    monkeypatch.undo()
    assert sockets.lobby_sockets(10) == 4


def test_a_stopping_process_removes_its_entries_and_its_heartbeat(store):
    assert sockets.register(75, 5, "channel-a", "window-one").registered
    assert sockets.register_lobby(5, "lobby-a", "window-one").registered
    assert sockets.forget_this_process() == 2
    assert sockets.open_sockets(75, 5) == 0 and sockets.lobby_sockets(5) == 0


@pytest.mark.parametrize("window", ["abcdefgh", "f47ac10b-58cc-4372-a567-0e02b2c3d479", "A_b-" * 16])
def test_window_ids_are_short_ascii_words(window):
    assert sockets.valid_window(window)


@pytest.mark.parametrize(
    "window", ["", "short", "a b c d e f", "x" * 65, "ü" * 10, "abcdefgh\n", "abc/defgh"]
)
def test_other_window_ids_are_refused(window):
    assert not sockets.valid_window(window)
