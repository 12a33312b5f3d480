"""The table and lobby sockets in the socket registry, over the real Redis channel layer (docs/deploy.md "Sockets"):
a window's reconnect replaces its own older socket, the entries of a dead web process never refuse anyone once its
heartbeat lapsed, a quiet socket counts toward the table cap, the oldest lobby socket past the lobby cap closes with
4429, a log-out closes the session's sockets, and a malformed window id is refused with 4400."""

from __future__ import annotations

import json
from typing import Any

import pytest
import redis
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from games import services
from games.realtime import sockets

from .sockets import ORIGIN, drain, four_human_table, open_socket, receive, receive_until, seat_to_act

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.timeout(120)]


@sync_to_async
def _table(users):
    return services.create_table(users["alice"], services.TableTerms("french-tarot", human_seats=2))


async def _closed_with(ws: WebsocketCommunicator, timeout: float = 10) -> tuple[int, list[dict[str, Any]]]:
    """Read `ws` until the server closes it; returns the close code and the frames sent before."""
    frames = []
    while True:
        message = await ws.receive_output(timeout=timeout)
        if message["type"] == "websocket.close":
            return message.get("code"), frames
        frames.append(json.loads(message["text"]))


async def _open(path: str, user) -> WebsocketCommunicator:
    ws, ok = await open_socket(path, user)
    assert ok
    return ws


async def test_it_closes_a_windows_older_socket_when_the_window_reconnects(users, redis_layer):
    table = await _table(users)
    path = f"/ws/tables/{table.pk}/?w=window-one"
    old = await _open(path, users["alice"])
    await receive(old)
    new = await _open(path, users["alice"])
    assert (await receive(new))["type"] == "state"
    code, _frames = await _closed_with(old)
    assert code == 4409
    other = await _open(
        f"/ws/tables/{table.pk}/?w=window-two", users["alice"]
    )  # another window keeps its own
    await receive(other)
    assert await sync_to_async(sockets.open_sockets)(table.pk, users["alice"].pk) == 2
    await new.send_to(text_data=json.dumps({"type": "ping"}))  # the newer socket stays open
    assert (await receive_until(new, lambda f: f["type"] == "pong"))["type"] == "pong"
    for ws in (old, new, other):
        await ws.disconnect()
    assert await sync_to_async(sockets.open_sockets)(table.pk, users["alice"].pk) == 0


async def test_the_sockets_of_a_dead_process_refuse_nobody_once_its_heartbeat_lapsed(users, redis_layer):
    """Three windows of alice were on a web process that was killed: while its heartbeat lasts (at most
    sockets.PROCESS_TTL_SECONDS) a fourth window waits with 4429, and is told how long; then it is let in."""
    table = await _table(users)
    dead = sockets.ProcessRegistry("killed-process")
    key = sockets.table_key(table.pk, users["alice"].pk)
    for n in range(3):
        assert (await sync_to_async(dead.register)(key, f"gone-{n}", f"window-{n}x", 3, False)).registered
    refused = await _open(f"/ws/tables/{table.pk}/?w=window-new", users["alice"])
    code, frames = await _closed_with(refused)
    assert code == 4429
    assert frames == [
        {"type": "refused", "code": "too_many_sockets", "retry_after": sockets.RETRY_AFTER_SECONDS}
    ]
    await refused.disconnect()
    from django.conf import settings

    redis.Redis.from_url(settings.REDIS_URL).delete("kibitz:process:killed-process")  # its heartbeat lapsed
    again = await _open(f"/ws/tables/{table.pk}/?w=window-new", users["alice"])
    assert (await receive(again))["type"] == "state"
    assert await sync_to_async(sockets.open_sockets)(table.pk, users["alice"].pk) == 1
    await again.disconnect()


async def test_a_quiet_table_socket_still_counts_toward_the_cap(users, redis_layer, monkeypatch):
    """Three sockets that send nothing for an hour (the process beating meanwhile) still hold their places: the
    fourth is refused. Before, a socket silent for 60 s lost its entry and a fourth got in."""
    table = await _table(users)
    quiet = [await _open(f"/ws/tables/{table.pk}/?w=window-{n}x", users["alice"]) for n in range(3)]
    later = sockets.time.time() + 3600
    monkeypatch.setattr(sockets.time, "time", lambda: later)
    await sync_to_async(sockets.process_registry().beat)()  # what the heartbeat thread does every 10 s
    fourth = await _open(f"/ws/tables/{table.pk}/?w=window-3x", users["alice"])
    assert (await _closed_with(fourth))[0] == 4429
    monkeypatch.undo()
    for ws in (*quiet, fourth):
        await ws.disconnect()


async def test_the_oldest_lobby_socket_closes_with_4429_past_the_lobby_cap(users, redis_layer, settings):
    settings.KIBITZ_LOBBY_SOCKETS = 5
    lobbies = []
    for n in range(5):
        ws = await _open(f"/ws/lobby/?w=window-{n}x", users["alice"])
        await receive_until(ws, lambda f: f["type"] == "chat")
        lobbies.append(ws)
    sixth = await _open("/ws/lobby/?w=window-5x", users["alice"])
    await receive_until(sixth, lambda f: f["type"] == "chat")
    assert (await _closed_with(lobbies[0]))[0] == 4429
    for ws in lobbies[1:]:
        assert await ws.receive_nothing(timeout=0.2)  # the newer ones stay
    assert await sync_to_async(sockets.lobby_sockets)(users["alice"].pk) == 5
    bob = await _open("/ws/lobby/?w=window-0x", users["bob"])  # another user's sockets are his own
    await receive_until(bob, lambda f: f["type"] == "chat")
    reload = await _open(
        "/ws/lobby/?w=window-3x", users["alice"]
    )  # a window's reload replaces its socket only
    await receive_until(reload, lambda f: f["type"] == "chat")
    assert (await _closed_with(lobbies[3]))[0] == 4409
    assert await lobbies[1].receive_nothing(timeout=0.2)
    for ws in (*lobbies, sixth, bob, reload):
        await ws.disconnect()
    assert await sync_to_async(sockets.lobby_sockets)(users["alice"].pk) == 0


async def test_a_log_out_closes_the_sockets_of_that_session_only(users, redis_layer):
    table = await _table(users)
    browser = Client()
    await sync_to_async(browser.force_login)(users["alice"])
    cookie = f"sessionid={browser.cookies['sessionid'].value}".encode()
    headers = [(b"origin", ORIGIN), (b"host", b"127.0.0.1:8000"), (b"cookie", cookie)]
    from platform_config.asgi import application

    opened = []
    for path in (f"/ws/tables/{table.pk}/?w=window-one", "/ws/lobby/?w=window-one"):
        ws = WebsocketCommunicator(application, path, headers=headers)
        assert (await ws.connect(timeout=10))[0]
        await receive_until(ws, lambda f: f["type"] == "chat")
        opened.append(ws)
    elsewhere = await _open(
        f"/ws/tables/{table.pk}/?w=window-two", users["alice"]
    )  # another device's session
    await receive_until(elsewhere, lambda f: f["type"] == "chat")
    await sync_to_async(browser.post)("/accounts/logout/")
    for ws in opened:
        assert (await _closed_with(ws))[0] == 4401
    await elsewhere.send_to(text_data=json.dumps({"type": "ping"}))
    assert (await receive_until(elsewhere, lambda f: f["type"] == "pong"))["type"] == "pong"  # still open
    for ws in (*opened, elsewhere):
        await ws.disconnect()


@pytest.mark.parametrize(
    "query", ["w=short", "w=not%20a%20window", "w=%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC", "w=abcdefgh&w=ijklmnop"]
)
@pytest.mark.parametrize("where", ["table", "lobby"])
async def test_a_malformed_window_id_is_refused_with_4400(users, redis_layer, query, where):
    path = f"/ws/tables/{(await _table(users)).pk}/?{query}" if where == "table" else f"/ws/lobby/?{query}"
    ws = await _open(path, users["alice"])
    assert (await _closed_with(ws)) == (4400, [])
    await ws.disconnect()
    assert await sync_to_async(sockets.lobby_sockets)(users["alice"].pk) == 0


async def _act(ws: WebsocketCommunicator, frame_id: str, version: int, action: Any) -> dict[str, Any]:
    """Send a move and return its answer (an ack or an error)."""
    await ws.send_to(
        text_data=json.dumps({"type": "act", "id": frame_id, "version": version, "action": action})
    )
    return await receive_until(ws, lambda f: f["type"] in ("ack", "error"))


async def test_a_watching_window_that_reconnects_keeps_watching(users, redis_layer):
    """alice plays from window B, the newest; window A only watches. A server restart makes every window reconnect,
    in any order: A, asking to watch (`watch=1`, what its page sends while read-only or after a 4429), stays
    read-only and B keeps the seat. Before, every seated connect took the seat, so whichever window reconnected
    last played, often one the person was not looking at. A without `watch` (a person's action: the page opened
    anew, "Play from this window") takes the seat as before; a lone window asking to watch plays, never locked."""
    table, seats = await four_human_table(users)
    seat, legal, version = await seat_to_act(table.pk)
    player = seats[seat]
    path = f"/ws/tables/{table.pk}/?w="
    window_a = await _open(path + "window-aaaa", player)
    assert (await receive(window_a))["read_only"] is False
    window_b = await _open(path + "window-bbbb", player)
    await receive(window_b)
    assert (await receive_until(window_a, lambda f: f["type"] == "notice"))["code"] == "taken_over"

    watching = await _open(path + "window-aaaa&watch=1", player)  # A reconnects
    state = await receive_until(watching, lambda f: f["type"] == "state")
    assert state["read_only"] is True and state["table"]["you"] == seat
    assert (await _closed_with(window_a))[0] == 4409  # the window's older socket
    assert not [f for f in await drain(window_b) if f["type"] == "notice"]  # B was not taken over
    assert (await _act(watching, "a", version, legal[0]))["code"] == "read_only"
    assert (await _act(window_b, "b", version, legal[0]))["type"] == "ack"  # B still plays

    playing = await _open(path + "window-aaaa", player)  # A opened anew, without watch: takes the seat
    assert (await receive_until(playing, lambda f: f["type"] == "state"))["read_only"] is False
    assert (await receive_until(window_b, lambda f: f["type"] == "notice"))["code"] == "taken_over"
    assert (await _closed_with(watching))[0] == 4409
    # Any other watch value is ignored: with B live, such a socket still takes the seat (the same window's id, so
    # each replaces the one before and alice never nears the cap of 3 sockets).
    for malformed in ("watch=yes", "watch=1&watch=1", "watch="):
        other = await _open(f"{path}window-aaaa&{malformed}", player)
        assert (await receive_until(other, lambda f: f["type"] == "state"))["read_only"] is False, malformed
        assert (await _closed_with(playing))[0] == 4409
        playing = other
    for ws in (window_b, playing):
        await ws.disconnect()

    seat, legal, version = await seat_to_act(table.pk)
    lone = await _open(f"{path}window-dddd&watch=1", seats[seat])  # the user's only window at the table
    assert (await receive_until(lone, lambda f: f["type"] == "state"))["read_only"] is False
    assert (await _act(lone, "l", version, legal[0]))["type"] == "ack"
    await lone.disconnect()


@sync_to_async
def _bobs_seats(table_id: int) -> list[int]:
    from games.models import Seat

    return list(Seat.objects.filter(table_id=table_id, user__username="bob").values_list("number", flat=True))


async def test_sitting_from_one_window_makes_the_users_other_window_that_seats_read_only_one(
    users, redis_layer
):
    """bob watches in two windows and presses Play in the first: the second becomes the seat's read-only window
    (the seat's view, read_only, the "taken_over" notice) as when a seated person opens a second tab, and its own
    Play is refused with "seated"; carol, watching too, stays a spectator."""
    table = await _table(users)
    one = await _open(f"/ws/tables/{table.pk}/?w=window-one", users["bob"])
    two = await _open(f"/ws/tables/{table.pk}/?w=window-two", users["bob"])
    carol = await _open(f"/ws/tables/{table.pk}/?w=window-c", users["carol"])
    for ws in (one, two, carol):
        await drain(ws)
    await one.send_to(text_data=json.dumps({"type": "sit"}))
    seated = await receive_until(one, lambda f: f["type"] == "state" and f["table"]["you"] is not None)
    assert not seated["read_only"]
    frames = await drain(two, quiet=1.0)
    state = [f for f in frames if f["type"] == "state"][-1]
    assert state["table"]["you"] == seated["table"]["you"] and state["read_only"]
    assert any(f["type"] == "notice" and f["code"] == "taken_over" for f in frames)
    await two.send_to(text_data=json.dumps({"type": "sit"}))
    refused = await receive_until(two, lambda f: f["type"] == "error")
    assert refused["code"] == "seated" and refused["message"] == "You already have a seat at this table."
    assert all(f["type"] != "notice" for f in await drain(carol))
    assert await _bobs_seats(table.pk) == [seated["table"]["you"]]
    for ws in (one, two, carol):
        await ws.disconnect()


async def test_two_windows_pressing_play_at_once_seat_the_user_once(users, redis_layer):
    """bob's two windows send "sit" at the same moment: the table's lock seats him once; the other window's sit is
    refused ("seated") and it ends up as the seat's read-only window."""
    import asyncio

    table = await _table(users)
    one = await _open(f"/ws/tables/{table.pk}/?w=window-one", users["bob"])
    two = await _open(f"/ws/tables/{table.pk}/?w=window-two", users["bob"])
    for ws in (one, two):
        await drain(ws)
    await asyncio.gather(*(ws.send_to(text_data=json.dumps({"type": "sit"})) for ws in (one, two)))
    frames = {name: await drain(ws, quiet=1.5) for name, ws in (("one", one), ("two", two))}
    assert len(await _bobs_seats(table.pk)) == 1
    errors = [f for fs in frames.values() for f in fs if f["type"] == "error"]
    assert [f["code"] for f in errors] == ["seated"]
    last = {name: [f for f in fs if f["type"] == "state"][-1] for name, fs in frames.items()}
    assert {s["table"]["you"] for s in last.values()} == {(await _bobs_seats(table.pk))[0]}
    assert sorted(s["read_only"] for s in last.values()) == [False, True]
    for ws in (one, two):
        await ws.disconnect()
