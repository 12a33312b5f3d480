"""Web processes for the graceful-stop and rolling-restart tests: `manage.py serve` (and the sweeper) against this
test run's PostgreSQL database and Redis, a small TCP proxy in front of them, and players who play a table through
sockets from their frames and reconnect as the page does (static/js/table/connection.js)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import connection
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from tests.e2e.site import free_port
from tests.hintplay import random_move
from tests.repo import ROOT

SERVICE_RESTART = 1012


def server_env(**extra: str) -> dict[str, str]:
    """The environment of a server process: this test's database (as tests/production/workers.py passes it) and
    REDIS_URL, with bots and next deals at once."""
    settings = connection.settings_dict
    database = f"postgres://{settings['USER']}@{settings['HOST']}:{settings['PORT']}/{settings['NAME']}"
    return {
        **os.environ,
        "DATABASE_URL": database,
        "PYTHONPATH": str(ROOT),
        "KIBITZ_NEXT_DEAL_SECONDS": "0",
        "KIBITZ_SWEEP_SECONDS": "0.1",
        "KIBITZ_LOG_LEVEL": "INFO",
        **extra,
    }


@dataclass
class Process:
    """A started server process, its port (None: the sweeper) and its log."""

    popen: subprocess.Popen[Any]
    log: Path
    port: int | None = None

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


def start_serve(log: Path, port: int | None = None, *, sweeper: bool = True) -> Process:
    """`manage.py serve` on `port` (a free one by default); `sweeper` False adds --no-sweeper."""
    port = port or free_port()
    command = [sys.executable, str(ROOT / "manage.py"), "serve", "--port", str(port)]
    if not sweeper:
        command.append("--no-sweeper")
    with open(log, "a") as out:
        popen = subprocess.Popen(command, env=server_env(), cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    return Process(popen, log, port)


def start_sweeper(log: Path) -> Process:
    """`manage.py sweeper`, the production shape's one sweeper."""
    with open(log, "a") as out:
        popen = subprocess.Popen(
            [sys.executable, str(ROOT / "manage.py"), "sweeper"],
            env=server_env(),
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    return Process(popen, log)


def healthy(port: int) -> bool:
    """Whether the web process on `port` answers its health check with 200."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as response:
            return bool(response.status == 200)
    except OSError:
        return False


async def wait_healthy(process: Process, seconds: float = 60) -> None:
    """Wait until `process` answers its health check; raises RuntimeError (with its log) if it ends or times out."""
    assert process.port is not None
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.popen.poll() is not None:
            raise RuntimeError(process.log_text())
        if await asyncio.to_thread(healthy, process.port):
            return
        await asyncio.sleep(0.2)
    raise RuntimeError(f"no health after {seconds} s:\n{process.log_text()}")


async def terminate(process: Process, seconds: float = 15) -> float:
    """SIGTERM, then wait for the exit; returns the seconds it took (the process is killed past `seconds`)."""
    started = time.monotonic()
    process.popen.send_signal(signal.SIGTERM)
    while process.popen.poll() is None and time.monotonic() - started < seconds:
        await asyncio.sleep(0.05)
    took = time.monotonic() - started
    kill(process)
    return took


def kill(process: Process) -> None:
    """End `process` at once if it still runs."""
    if process.popen.poll() is None:
        process.popen.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.popen.wait(5)


@dataclass
class Proxy:
    """A TCP proxy on `port` that takes each client connection to the first backend (from a rotating start) that
    accepts it, as a proxy with "next upstream on a connect error" does; `refused` counts client connections that
    no backend took, `retried` those that a stopped backend refused and another one took."""

    backends: list[int]
    port: int = 0
    refused: int = 0
    retried: int = 0
    _turn: int = 0
    _server: asyncio.Server | None = None
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._client, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
        for task in list(self._tasks):
            task.cancel()

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._turn += 1
        order = [self.backends[(self._turn + i) % len(self.backends)] for i in range(len(self.backends))]
        for n, port in enumerate(order):
            try:
                backend_reader, backend_writer = await asyncio.open_connection("127.0.0.1", port)
            except OSError:
                continue
            self.retried += n > 0
            break
        else:
            self.refused += 1
            writer.close()
            return
        pumps = [
            asyncio.ensure_future(self._pump(reader, backend_writer)),
            asyncio.ensure_future(self._pump(backend_reader, writer)),
        ]
        self._tasks.update(pumps)
        await asyncio.wait(pumps, return_when=asyncio.FIRST_COMPLETED)
        for pump in pumps:
            pump.cancel()
            self._tasks.discard(pump)
        for w in (writer, backend_writer):
            w.close()

    @staticmethod
    async def _pump(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(OSError, asyncio.CancelledError):
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()


@dataclass
class Player:
    """One window of a person at a table: its session cookie and window id, and what it met."""

    name: str
    cookie: str
    window: str = field(default_factory=lambda: uuid.uuid4().hex)
    version: int = 0
    connects: int = 0
    failed_connects: int = 0
    closes: list[int] = field(default_factory=list)
    acks: dict[str, tuple[int, float]] = field(default_factory=dict)  # move id -> (version, when)
    unanswered: dict[str, int] = field(default_factory=dict)  # move id -> version, sent but not answered yet
    refusals: dict[str, int] = field(default_factory=dict)


async def play(
    player: Player, port: int, table_id: int, stop: asyncio.Event, think: float, seed: int
) -> None:
    """Play `player`'s window at `table_id` through `port` until `stop`: a random listed move `think` seconds after
    each frame that offers one (when the window plays the seat); reconnect as the page does: after 0-2 s on 1012,
    after 0.3 s otherwise, with `?v=` the version it has and `?w=` its window."""
    rng = random.Random(seed)
    while not stop.is_set():
        uri = f"ws://127.0.0.1:{port}/ws/tables/{table_id}/?w={player.window}&v={player.version}"
        headers = {"Cookie": f"sessionid={player.cookie}"}
        try:
            async with connect(
                uri,
                origin=f"http://127.0.0.1:{port}",
                additional_headers=headers,
                open_timeout=10,  # type: ignore[arg-type]
            ) as ws:
                player.connects += 1
                await _play_on(ws, player, stop, think, rng)
                return  # stopped: the client closes normally
        except ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd is not None else 1006
            player.closes.append(code)
            await asyncio.sleep(rng.uniform(0, 2) if code == SERVICE_RESTART else 0.3)
        except (OSError, InvalidHandshake, TimeoutError):
            player.failed_connects += 1
            await asyncio.sleep(0.3)


async def _play_on(ws: Any, player: Player, stop: asyncio.Event, think: float, rng: random.Random) -> None:
    acted_at = -1
    while not stop.is_set():
        try:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
        except TimeoutError:
            continue
        if frame["type"] == "ack":
            player.unanswered.pop(frame["id"], None)
            player.acks[frame["id"]] = (frame["version"], time.monotonic())
        elif frame["type"] == "error":
            player.unanswered.pop(frame.get("id") or "", None)
            player.refusals[frame["code"]] = player.refusals.get(frame["code"], 0) + 1
            acted_at = -1
        elif frame["type"] == "state":
            player.version = max(player.version, frame["version"])
            if frame.get("read_only") or frame["version"] == acted_at or frame["version"] < player.version:
                continue
            move = random_move(frame.get("legal") or [], frame.get("hints"), rng)
            if move is None:
                continue
            await asyncio.sleep(think)
            move_id = uuid.uuid4().hex
            acted_at = frame["version"]
            player.unanswered[move_id] = acted_at
            await ws.send(json.dumps({"type": "act", "id": move_id, "version": acted_at, "action": move}))
