"""A web process stops gracefully (games.realtime.graceful_stop, docs/deploy.md "Rolling restart"): on SIGTERM
`manage.py serve` closes every socket with 1012, leaves nothing in the socket registry and exits within 10 s; and a
rolling restart of two web processes behind a proxy, while four people play, shows the players only 1012 closes,
never a refused connect, and loses no acknowledged move. The first test's server also shows that an oversize socket
message is answered with a 1009 close frame, not a dropped connection."""

from __future__ import annotations

import asyncio
import json
import signal
import time

import pytest
import redis
from asgiref.sync import sync_to_async
from django.conf import settings
from django.test import Client
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from games import services
from games.models import Event, Move, Seat
from signup.players import open_player_account
from tests.players import verified

from .web_processes import (
    SERVICE_RESTART,
    Player,
    Proxy,
    kill,
    play,
    start_serve,
    start_sweeper,
    terminate,
    wait_healthy,
)

pytestmark = [
    pytest.mark.services,
    pytest.mark.django_db(transaction=True),
    pytest.mark.asyncio,
    pytest.mark.timeout(240),
]

TRACEBACK = "Traceback (most recent call last)"


@sync_to_async
def _people_at_a_table(names: list[str]) -> tuple[int, dict[str, str]]:
    """A French Tarot table without stakes with `names` seated (playing once four sit); each name's session
    cookie value (sessions live in the database and the shared cache, so the server processes read them)."""
    from accounts.models import User

    cookies = {}
    people = []
    for name in names:
        user = User.objects.create_user(name, password="pw-for-tests-only")
        open_player_account(user)
        verified(user)
        client = Client()
        client.force_login(user)
        cookies[name] = client.cookies["sessionid"].value
        people.append(user)
    table = services.create_table(people[0], services.TableTerms("french-tarot", human_seats=len(people)))
    for user in people[1:]:
        services.join(user, table.pk)
    return table.pk, cookies


def _registry_keys(
    table_id: int, lobby_user_ids: list[int], foreign: frozenset[bytes] = frozenset()
) -> list[bytes]:
    """The registry's keys of table `table_id`, of the lobbies of `lobby_user_ids` and every process heartbeat but
    those in `foreign` (earlier tests of this worker may have left entries of their own tables and of the test
    process itself in its Redis database)."""
    client = redis.Redis.from_url(settings.REDIS_URL)
    keys = [*client.scan_iter(match=f"kibitz:sockets:{table_id}:*")]
    for user_id in lobby_user_ids:
        keys += client.scan_iter(match=f"kibitz:lobby-sockets:{user_id}")
    keys += [key for key in client.scan_iter(match="kibitz:process:*") if key not in foreign]
    return sorted(keys)


@sync_to_async
def _user_id(username: str) -> int:
    from accounts.models import User

    return User.objects.get(username=username).pk


def _process_keys() -> frozenset[bytes]:
    return frozenset(redis.Redis.from_url(settings.REDIS_URL).scan_iter(match="kibitz:process:*"))


async def _close_code(ws) -> int:
    try:
        while True:
            await asyncio.wait_for(ws.recv(), 15)
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd is not None else 1006


async def _oversize_gets_1009(base: str, table_id: int, cookie: str) -> None:
    """A message over settings.KIBITZ_SOCKET_MESSAGE_MAX_BYTES gets a close frame with 1009 (message too big); one
    between KIBITZ_FRAME_MAX_BYTES and it gets the consumer's `frame_too_large` error frame and the socket stays
    open. Before, Daphne's limit was 1 MiB and autobahn dropped the TCP connection past it (1006, no close frame),
    which the page took for a lost connection."""
    ws = await connect(
        f"ws://{base}/ws/tables/{table_id}/?w=oversize-window",
        origin=f"http://{base}",
        additional_headers={"Cookie": f"sessionid={cookie}"},
    )
    await asyncio.wait_for(ws.recv(), 15)
    await ws.send(json.dumps({"type": "ping", "pad": "x" * (settings.KIBITZ_FRAME_MAX_BYTES * 2)}))
    frame = json.loads(await asyncio.wait_for(ws.recv(), 15))
    while frame["type"] != "error":
        frame = json.loads(await asyncio.wait_for(ws.recv(), 15))
    assert frame["code"] == "frame_too_large"
    await ws.send(json.dumps({"type": "ping", "pad": "x" * (settings.KIBITZ_SOCKET_MESSAGE_MAX_BYTES + 1)}))
    assert await _close_code(ws) == 1009


async def test_serve_closes_every_socket_with_1012_on_sigterm_and_exits_within_10_s(
    postgres, redis_url, tmp_path
):
    table_id, cookies = await _people_at_a_table(["alice", "bob"])
    alice = await _user_id("alice")
    foreign = _process_keys()
    web = start_serve(tmp_path / "serve.log")
    try:
        await wait_healthy(web)
        base = f"127.0.0.1:{web.port}"
        # checked on this server, before the stop: a server of its own would cost the test a second start
        await _oversize_gets_1009(base, table_id, cookies["bob"])
        paths = [
            (f"/ws/tables/{table_id}/?w=alice-window-1", "alice"),
            (f"/ws/tables/{table_id}/?w=alice-window-2", "alice"),
            (f"/ws/tables/{table_id}/?w=bob-window-1", "bob"),
            ("/ws/lobby/?w=alice-window-1", "alice"),
        ]
        opened = []
        for path, name in paths:
            ws = await connect(
                f"ws://{base}{path}",
                origin=f"http://{base}",
                additional_headers={"Cookie": f"sessionid={cookies[name]}"},
            )
            json.loads(await asyncio.wait_for(ws.recv(), 15))  # its first frame: registered and joined
            opened.append(ws)
        keys = _registry_keys(table_id, [alice], foreign)
        assert len([k for k in keys if b"sockets" in k]) == 3  # alice's and bob's table keys, alice's lobby
        started = time.monotonic()
        web.popen.send_signal(signal.SIGTERM)
        codes = await asyncio.gather(*(_close_code(ws) for ws in opened))
        exit_code = await asyncio.to_thread(web.popen.wait, 10)
        took = time.monotonic() - started
    finally:
        kill(web)
    log = web.log_text()
    assert codes == [SERVICE_RESTART] * len(paths), log
    assert exit_code == 0 and took < 10, (took, log)
    assert (
        _registry_keys(table_id, [alice], foreign) == []
    )  # no entry and no heartbeat left: other processes count none of its sockets
    assert "graceful stop: 4 sockets closed with 1012" in log and TRACEBACK not in log
    print(f"serve stopped {took:.2f} s after SIGTERM with 4 sockets open")


async def test_a_rolling_restart_behind_a_proxy_shows_players_only_1012_and_loses_no_move(
    postgres, redis_url, tmp_path
):
    """Two web processes (serve --no-sweeper) and one sweeper; four people (alice with two windows) play a French
    Tarot table through the proxy; each web process in turn gets SIGTERM, is started again and is healthy before
    the next one stops (docs/deploy.md "Rolling restart"), twice over."""
    names = ["alice", "bob", "carol", "dave"]
    table_id, cookies = await _people_at_a_table(names)
    webs = [start_serve(tmp_path / f"web{n}.log", sweeper=False) for n in range(2)]
    sweeper = start_sweeper(tmp_path / "sweeper.log")
    proxy = Proxy([web.port for web in webs if web.port is not None])
    stop = asyncio.Event()
    players = [Player(name, cookies[name]) for name in names] + [Player("alice", cookies["alice"])]
    restarts: list[tuple[float, float, float]] = []  # (SIGTERM at, healthy again at, seconds to exit)
    try:
        for web in webs:
            await wait_healthy(web)
        await proxy.start()
        playing = [
            asyncio.ensure_future(play(p, proxy.port, table_id, stop, think=0.15, seed=n))
            for n, p in enumerate(players)
        ]
        await asyncio.sleep(4)
        for web in [*webs, *webs]:
            signalled = time.monotonic()
            took = await terminate(web)
            assert web.popen.returncode == 0, web.log_text()
            again = start_serve(web.log, web.port, sweeper=False)
            web.popen = again.popen
            await wait_healthy(web)
            restarts.append((signalled, time.monotonic(), took))
            await asyncio.sleep(2)
        await asyncio.sleep(3)
        stop.set()
        await asyncio.wait_for(asyncio.gather(*playing), 30)
    finally:
        stop.set()
        await proxy.stop()
        for process in (*webs, sweeper):
            await terminate(process)
    logs = {p.log.name: p.log_text() for p in (*webs, sweeper)}
    closes = [code for p in players for code in p.closes]
    acks = {move_id: ack for p in players for move_id, ack in p.acks.items()}
    summary = {
        "restarts": len(restarts),
        "exit seconds": [round(t, 2) for *_, t in restarts],
        "closes": closes,
        "connects": sum(p.connects for p in players),
        "failed connects": sum(p.failed_connects for p in players),
        "proxy refused": proxy.refused,
        "proxy retried on the other process": proxy.retried,
        "acknowledged moves": len(acks),
        "refusals": [p.refusals for p in players],
    }
    print(summary)
    assert closes and set(closes) == {SERVICE_RESTART}, summary
    assert summary["failed connects"] == 0 and proxy.refused == 0, summary
    assert all(t < 10 for t in summary["exit seconds"]), summary
    for signalled, healthy_again, _took in restarts:  # people went on playing during each restart
        assert any(signalled <= when <= healthy_again + 2 for _v, when in acks.values()), summary
    lost = await sync_to_async(_lost_moves)(table_id, acks)
    assert lost == [], lost
    assert not [name for name, text in logs.items() if TRACEBACK in text], logs
    assert (
        await sync_to_async(_people_seated)(table_id) == 4
    )  # no bot took a seat of a person with a window open


def _lost_moves(table_id: int, acks: dict[str, tuple[int, float]]) -> list[str]:
    """The acknowledged moves the table does not hold: no answer row for the id with the acked version, or a table
    log that ends before that version."""
    answers = dict(
        Move.objects.filter(table_id=table_id, move_id__in=list(acks)).values_list("move_id", "answer")
    )
    last = (
        Event.objects.filter(table_id=table_id).order_by("-version").values_list("version", flat=True).first()
        or 0
    )
    return [
        move_id
        for move_id, (version, _when) in acks.items()
        if (answers.get(move_id) or {}).get("version") != version or version > last
    ]


def _people_seated(table_id: int) -> int:
    return Seat.objects.filter(table_id=table_id, bot_level="", user__isnull=False).count()
