"""The chaos test's harness (tests/production/test_chaos.py; docs/deploy.md "Outages"): the production shape on
127.0.0.1 with a Redis of its own and PostgreSQL behind a cuttable proxy, people at tables in one or two windows
and loading pages, and the faults: web processes killed (-9) or stopped (SIGTERM) and started again, Redis stopped
and started again, PostgreSQL cut. It never touches the shared services beyond this test run's own database.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.error import HTTPError, URLError
from urllib.request import Request, urlopen

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from tests.hintplay import random_move

from .shape import ROOT, Seat, Started, free_port, production_env, record, start, stop, wait_healthy

TRACEBACK = "Traceback (most recent call last)"
SYNC_SECONDS = 5.0
"""Every window must be back in sync this long after a fault ends."""
SYNC_GIVE_UP_SECONDS = 10.0


class PostgresProxy:
    """A TCP proxy on a free port in front of the shared PostgreSQL, in a thread with its own event loop:
    `cut(seconds)` drops every connection through it and refuses new ones for `seconds` (a restart as the web
    processes see it), without touching the server."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.port = free_port()
        self.loop = asyncio.new_event_loop()
        self.server: asyncio.Server | None = None
        self.pairs: set[asyncio.StreamWriter] = set()
        self.thread = threading.Thread(target=self.loop.run_forever, name="pg-proxy", daemon=True)
        self.thread.start()
        self._call(self._listen())

    def _call(self, coroutine: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(10)

    async def _listen(self) -> None:
        self.server = await asyncio.start_server(self._pipe, "127.0.0.1", self.port, reuse_address=True)

    async def _pipe(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        try:
            server_reader, server_writer = await asyncio.open_connection(*self.target)
        except OSError:
            client_writer.close()
            return
        self.pairs.update((client_writer, server_writer))

        async def copy(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            with contextlib.suppress(Exception):
                while data := await reader.read(65536):
                    writer.write(data)
                    await writer.drain()
            writer.close()

        await asyncio.gather(copy(client_reader, server_writer), copy(server_reader, client_writer))
        self.pairs.difference_update((client_writer, server_writer))

    async def _drop(self) -> None:
        assert self.server is not None
        self.server.close()
        for writer in list(self.pairs):
            writer.transport.abort()  # a reset, as when the server process dies
        self.pairs.clear()

    def cut(self) -> None:
        """Drop every connection and refuse new ones (nothing listens on the port) until `restore`."""
        self._call(self._drop())

    def restore(self) -> None:
        self._call(self._listen())

    def close(self) -> None:
        self._call(self._drop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


class OwnRedis:
    """A redis-server of this test on a free port, with its data in `folder` (append-only file: a stop and a
    start keep the socket registry, the cache and the Celery queue, as a restarted production Redis does)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.process: subprocess.Popen[Any] | None = None
        self.start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder)]
        command += ["--appendonly", "yes", "--save", "", "--logfile", str(self.folder / "redis.log")]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), 0.2) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return
            time.sleep(0.05)
        raise RuntimeError("the test's redis-server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()  # SHUTDOWN: the append-only file is written
            self.process.wait(10)
            self.process = None


@dataclass
class Window:
    """One browser window of a person at a table: its socket, reconnecting as the page does."""

    person: str
    table_id: int
    server_index: int
    seat: Seat
    session: str
    rng: random.Random
    connects: int = 0
    refused: Counter[str] = field(default_factory=Counter)  # handshakes that failed, by how
    closes: Counter[int] = field(default_factory=Counter)  # close codes of open sockets
    acked: list[tuple[str, int]] = field(default_factory=list)  # (move id, version) of every ack
    errors: Counter[str] = field(default_factory=Counter)
    open: bool = False
    window_id: str = field(default_factory=lambda: uuid.uuid4().hex)  # the page's sessionStorage id (`?w=`)


@dataclass
class Fault:
    kind: str  # "kill -9", "SIGTERM", "redis", "postgres"
    target: str
    seconds: float
    ended: float = 0.0
    resync: float | None = None  # seconds until every window was in sync again; None: not within the give-up
    behind: list[str] = field(default_factory=list)  # the windows still behind at the give-up, and why


@dataclass
class Figures:
    faults: list[Fault] = field(default_factory=list)
    pages: Counter[int | str] = field(default_factory=Counter)  # page loads by status (or "refused")


class Chaos:
    """The production shape under faults (see the module's docstring). Use: `Chaos(...)`, `start()`, then
    `asyncio.run(run(schedule))`, `stop()`, and read the windows, the figures and the logs."""

    def __init__(self, logs: Path, database: dict[str, Any], secret_key: str, web_processes: int) -> None:
        self.logs = logs
        self.proxy = PostgresProxy(database["HOST"] or "127.0.0.1", int(database["PORT"] or 5432))
        self.redis = OwnRedis(logs)
        self.ports = [free_port() for _ in range(web_processes)]
        self.servers = [f"http://127.0.0.1:{port}" for port in self.ports]
        env = production_env(self.ports, logs)
        env.update(
            {
                "DATABASE_URL": f"postgres://{database['USER']}@127.0.0.1:{self.proxy.port}/{database['NAME']}",
                "REDIS_URL": self.redis.url,
                "DJANGO_SECRET_KEY": secret_key,  # the sessions the test made are signed with it
                "KIBITZ_ABSENCE_SECONDS": "10",  # a person whose windows all stay away this long gets a bot
                "KIBITZ_BOT_REDISPATCH_SECONDS": "3",
                "KIBITZ_LOG_FORMAT": "text",
            }
        )
        self.env = env
        self.manage = [sys.executable, str(ROOT / "manage.py")]
        self.web: list[Started] = []
        self.others: list[Started] = []
        self.windows: list[Window] = []
        self.figures = Figures()
        self.stopping = asyncio.Event()
        self.generation: Counter[str] = Counter()  # restarts per web process (each gets a log of its own)

    def _start_web(self, index: int) -> Started:
        name = f"web{index}"
        self.generation[name] += 1
        command = [*self.manage, "serve", "--no-sweeper", "--port", str(self.ports[index])]
        return start(f"{name}-{self.generation[name]}", command, self.env, self.logs)

    def start(self) -> None:
        """Start the web processes, the sweeper and a Celery worker; wait until every web process is healthy."""
        self.web = [self._start_web(i) for i in range(len(self.ports))]
        celery = [sys.executable, "-m", "celery", "-A", "platform_config", "worker", "--pool", "prefork"]
        celery += ["--concurrency", "1", "--without-heartbeat", "--without-mingle", "--without-gossip"]
        self.others = [
            start("sweeper", [*self.manage, "sweeper"], self.env, self.logs),
            start("worker", [*celery, "--loglevel", "INFO"], self.env, self.logs),
        ]
        for server, process in zip(self.servers, self.web, strict=True):
            wait_healthy(server, process)

    def stop(self) -> None:
        """Stop every process (all at once: each may take seconds), the Redis and the proxy."""
        with ThreadPoolExecutor(8) as stopping:
            list(stopping.map(stop, [*self.web, *self.others]))
        self.redis.stop()
        self.proxy.close()

    def add_window(self, person: str, table_id: int, session: str, server_index: int, seed: str) -> Window:
        server = self.servers[server_index % len(self.servers)]
        window = Window(person, table_id, server_index, Seat(person, server), session, random.Random(seed))
        self.windows.append(window)
        return window

    # --- the people -------------------------------------------------------------------------------------

    async def _play(self, window: Window) -> None:
        """The window's socket, reconnecting as the page does (300 ms doubling to 2.4 s; after a 1012 close a
        random 0-2 s; after 4429 the registry's entry time is waited in steps of 2 s); it plays a random legal
        move whenever its frame offers one and this window holds the seat."""
        retry = 0
        while not self.stopping.is_set():
            server = self.servers[window.server_index % len(self.servers)]
            uri = server.replace("http", "ws", 1) + f"/ws/tables/{window.table_id}/?w={window.window_id}"
            if window.seat.last_version:
                uri += f"&v={window.seat.last_version}"
            headers = {"Cookie": f"sessionid={window.session}"}
            code: int | None = None
            try:
                async with connect(
                    uri, origin=server, additional_headers=headers, open_timeout=5, ping_interval=None
                ) as ws:  # type: ignore[arg-type]
                    window.connects += 1
                    window.open = True
                    retry = 0
                    await self._frames(window, ws)
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else 1006
            except InvalidStatus as refused:
                window.refused[f"HTTP {refused.response.status_code}"] += 1
            except (OSError, InvalidHandshake, TimeoutError) as refused:
                window.refused[type(refused).__name__] += 1
                window.server_index += 1  # the proxy would send the next attempt to a live process
            finally:
                window.open = False
            if self.stopping.is_set():
                return
            if code is not None:
                if window.connects and code in (4503, 4429):
                    window.refused[f"close {code}"] += 1
                window.closes[code] += 1
            retry = min(retry + 1, 3)
            pause = 300 * 2**retry / 1000
            if code == 1012:
                pause = random.uniform(0, 2)
            elif code == 4429:
                pause = 2.0
            await asyncio.sleep(pause)

    async def _frames(self, window: Window, ws: Any) -> None:
        acted_at = -1
        while not self.stopping.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), 0.5)
            except TimeoutError:
                continue
            frame = json.loads(raw)
            kind = frame.get("type")
            if kind == "ack":
                window.acked.append((frame["id"], frame["version"]))
                continue
            if kind == "error":
                window.errors[frame.get("code", "?")] += 1
                acted_at = -1
                continue
            if kind != "state":
                continue
            record(window.seat, frame)
            if frame.get("read_only") or window.seat.finished or frame["version"] == acted_at:
                continue
            if not frame.get("legal") and not frame.get("hints"):
                continue
            move = random_move(frame["legal"], frame["hints"], window.rng)
            if move is None:
                continue
            acted_at = frame["version"]
            await ws.send(
                json.dumps({"type": "act", "id": uuid.uuid4().hex, "version": acted_at, "action": move})
            )

    async def _load_pages(self, session: str, table_id: int) -> None:
        """A person reloading the table page and the lobby (as behind a proxy: a refused connection goes to the
        next process). Counts every answer by status."""
        index = 0
        while not self.stopping.is_set():
            for path in (f"/tables/{table_id}/", "/"):
                status = await asyncio.to_thread(
                    _load, self.servers[index % len(self.servers)] + path, session
                )
                self.figures.pages[status] += 1
                if status == "refused":
                    index += 1
            await asyncio.sleep(0.3)

    # --- the faults -------------------------------------------------------------------------------------

    async def _restart_web(self, index: int, how: signal.Signals) -> None:
        process = self.web[index]
        if how == signal.SIGKILL:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.process.pid, signal.SIGKILL)
        else:
            process.process.send_signal(how)
        try:
            await asyncio.to_thread(process.process.wait, 12)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.process.pid, signal.SIGKILL)
            await asyncio.to_thread(process.process.wait, 5)
        self.web[index] = self._start_web(index)  # its windows meanwhile reconnect to the other processes

    async def fault(self, kind: str, seconds: float, index: int, versions: Any) -> Fault:
        """One fault, then the time until every window is in sync with its table's version at the fault's end
        (`versions()`: table id → version, read from the database). A web process's fault ends when it has
        exited and its successor is starting: its windows are then back on the other processes."""
        if kind in ("kill -9", "SIGTERM"):
            target = f"web{index % len(self.web)}"
            for server, process in zip(self.servers, self.web, strict=True):  # the last restart is up
                await asyncio.to_thread(wait_healthy, server, process)
            how = signal.SIGKILL if kind == "kill -9" else signal.SIGTERM
            await self._restart_web(index % len(self.web), how)
        elif kind == "redis":
            target = "redis-server"
            await asyncio.to_thread(self.redis.stop)
            await asyncio.sleep(seconds)
            await asyncio.to_thread(self.redis.start)
        else:
            target = "PostgreSQL proxy"
            self.proxy.cut()
            await asyncio.sleep(seconds)
            self.proxy.restore()
        done = Fault(kind, target, seconds, ended=time.monotonic())
        self.figures.faults.append(done)
        wanted = await versions()
        while time.monotonic() - done.ended < SYNC_GIVE_UP_SECONDS:
            if all(w.open and w.seat.last_version >= wanted[w.table_id] for w in self.windows):
                done.resync = time.monotonic() - done.ended
                break
            await asyncio.sleep(0.1)
        else:
            done.behind = [
                f"{w.person}@{w.table_id} {'open' if w.open else 'closed'} v{w.seat.last_version}/"
                f"{wanted[w.table_id]} refused {dict(w.refused)}"
                for w in self.windows
                if not (w.open and w.seat.last_version >= wanted[w.table_id])
            ]
        return done

    async def run(
        self, schedule: list[tuple[float, str, float]], versions: Any, sessions: dict[str, str]
    ) -> None:
        """Play while the `schedule` (seconds after the start, fault kind, outage seconds) runs, then a few
        seconds more; `sessions`: the people's session ids by name (their page loads)."""
        tasks = [asyncio.create_task(self._play(w)) for w in self.windows]
        tasks += [
            asyncio.create_task(self._load_pages(sessions[w.person], w.table_id))
            for w in {w.person: w for w in self.windows}.values()
        ]
        began = time.monotonic()
        try:
            await asyncio.sleep(4)  # everyone connected and playing, the worker past its start
            for index, (at, kind, seconds) in enumerate(schedule):
                await asyncio.sleep(max(0.0, at - (time.monotonic() - began)))
                await self.fault(kind, seconds, index, versions)
            await asyncio.sleep(2)
        finally:
            self.stopping.set()
            await asyncio.gather(*tasks, return_exceptions=True)

    # --- what the logs say --------------------------------------------------------------------------------

    def tracebacks(self) -> dict[str, int]:
        """Per process log (every generation of every web process, the sweeper, the worker): its lines with a
        traceback's first line."""
        found = {}
        for log in sorted(self.logs.glob("*.log")):
            if log.name == "redis.log":
                continue
            count = log.read_text(errors="replace").count(TRACEBACK)
            if count:
                found[log.name] = count
        return found

    def outage_warnings(self) -> dict[str, int]:
        """Per process log: its outage warnings (platform_config.outages.note_outage)."""
        pattern = re.compile(r"is out of reach \(")
        return {
            log.name: len(pattern.findall(log.read_text(errors="replace")))
            for log in sorted(self.logs.glob("*.log"))
            if log.name != "redis.log"
        }


def _load(url: str, session: str) -> int | str:
    request = Request(url, headers={"Cookie": f"sessionid={session}"})
    try:
        with urlopen(request, timeout=15) as answer:
            answer.read()
            return int(answer.status)
    except HTTPError as error:
        return int(error.code)
    except (URLError, OSError):
        return "refused"
