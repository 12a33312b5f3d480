"""The load benchmark of the production shape (docs/deploy.md "Load"): French Tarot tables of four people
whose clients act after a think time, at a list of table counts, with the bare `websockets` echo floor beside it.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/kibitz_bench REDIS_URL=redis://127.0.0.1:6379/8 \\
        .venv/bin/python benchmarks/load_bench.py [--tables 1,10,50,100,200,300,500] [--duration 30] \\
        [--think 1-2 | --think 0] [--processes 1|2] [--server-root CHECKOUT] [--logs DIR]

For each table count it starts, on 127.0.0.1, `manage.py serve --no-sweeper` (two with `--processes 2`) and
`manage.py sweeper` with DJANGO_DEBUG=0, PostgreSQL and the Redis channel layer (tests/production/shape.py:
.env.example's plain-HTTP switches, log-in rates raised for the run's own sign-ins, which it says). People are
signed in: the first four through the log-in form, the others with Django's `force_login` into the same
session store (the form's password hashing for thousands of people would take longer than the run). Their
tables are opened through the table service; every seat's socket is opened (with two processes, seats 0 and 1
on the first, 2 and 3 on the second) and plays a random legal or hinted move from its own frames
(tests/hintplay.py) after a think time drawn uniformly from --think seconds.

It prints, per table count: actions/s; p50/p95/p99/max latency (from sending the act frame to the moment the last of
the table's four sockets has a frame of the new version); error frames by code; stalled tables (no new version in
the step's last 10 s + twice the longest think); time to first frame of a spectator socket that connects to a busy
table (p95; one spectator at a time, --probe-pause seconds apart); sockets that missed a version (neither an event
nor inside a snapshot); each process's CPU (% of one core) and peak memory; the CPU of what shares the cores with
them (this client, PostgreSQL, Redis); the load average; and the echo floor measured just before (a bare
`websockets` echo server in its own process, eight clients in lock step: messages/s). Once, in this process against
the same database: SQL statements per card play at a free table with 4 seats and with 4 seats + 20 spectators, and
of the card that ends a stakes deal (it settles the unit), as a serve process spends them
(tests/tables/fanout_count.py). Each step starts from a vacuumed and analyzed database; where the server's
autovacuum is off (a development server), the hot tables are vacuumed every --vacuum-every seconds during the step
in its place, as production's autovacuum would. `--server-root` runs the servers from another checkout (e.g. a
worktree of an older commit) so figures before and after a change are paired on one machine; the statement counts
are then skipped (they measure this checkout's code).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from common import percentile  # noqa: E402  (this folder is on the path: the script runs from it)
from db_upkeep import HOT_TABLES, autovacuum_on, vacuum, vacuum_until  # noqa: E402

from tests.hintplay import random_move  # noqa: E402
from tests.production.shape import (  # noqa: E402
    Browser,
    Seat,
    Started,
    free_port,
    make_players,
    missing_versions,
    others_cpu_seconds,
    production_env,
    record,
    session_of,
    start,
    stop,
    wait_healthy,
)

PASSWORD = "load-bench-" + uuid.uuid4().hex[:12]
WATCHERS = 4  # spectators who probe the time to first frame
ECHO_SERVER = """
import asyncio, sys
from websockets.asyncio.server import serve
async def echo(ws):
    async for message in ws:
        await ws.send(message)
async def main():
    async with serve(echo, "127.0.0.1", int(sys.argv[1])):
        await asyncio.Future()
asyncio.run(main())
"""


HANDSHAKES = 8  # handshakes in flight at once


@dataclass
class Live:
    """One table under load: its four sockets and the actions waiting for all four to see their version."""

    table_id: int
    seats: list[Seat]
    pending: dict[int, float] = field(default_factory=dict)  # acted-at version → send time
    last_change: float = 0.0


@dataclass
class Step:
    """What one table count measured."""

    began: float = float("inf")  # set once every socket is open: nothing before it is measured
    ends: float = 0.0
    acks: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    first_frames: list[float] = field(default_factory=list)
    handshakes: asyncio.Semaphore | None = None  # made on the step's own event loop
    # CPU seconds at `began` and at `ends`: each server process's, then the client's, PostgreSQL's, Redis's
    cpu_began: list[float] = field(default_factory=list)
    others_began: dict[str, float] = field(default_factory=dict)
    cpu_ended: list[float] = field(default_factory=list)
    others_ended: dict[str, float] = field(default_factory=dict)
    load: float = 0.0  # the load average at `ends`


def arrived(live: Live, step: Step, now: float) -> None:
    """A socket of `live` has a new frame: every action whose version all four sockets are now past is done."""
    newest = min(s.last_version for s in live.seats)
    for acted in [v for v in live.pending if v < newest]:
        sent = live.pending.pop(acted)
        if sent >= step.began:
            step.latencies.append(now - sent)


async def play_seat(
    live: Live, seat: Seat, think: tuple[float, float], rng: random.Random, step: Step, ready: asyncio.Event
) -> None:
    """One person's socket until the step ends: record each state frame, act on its own turn after a think."""
    uri = seat.server.replace("http", "ws", 1) + f"/ws/tables/{live.table_id}/"
    headers = {"Cookie": f"sessionid={session_of(seat)}"}
    try:
        await _play_seat(live, seat, think, rng, step, ready, uri, headers)
    except (OSError, TimeoutError, InvalidHandshake, ConnectionClosed) as error:
        step.errors[f"socket:{type(error).__name__}"] += 1
    finally:
        ready.set()


async def _play_seat(
    live: Live,
    seat: Seat,
    think: tuple[float, float],
    rng: random.Random,
    step: Step,
    ready: asyncio.Event,
    uri: str,
    headers: dict[str, str],
) -> None:
    acted_at = -1
    thinking: set[asyncio.Task[None]] = set()

    async def act_later(ws: Any, version: int, move: dict[str, Any]) -> None:
        await asyncio.sleep(rng.uniform(*think) if think[1] > 0 else 0)
        if seat.last_version != version or time.monotonic() >= step.ends:
            return
        live.pending[version] = time.monotonic()
        await ws.send(json.dumps({"type": "act", "id": uuid.uuid4().hex, "version": version, "action": move}))

    # People do not all open their table in the same second: a few handshakes at a time (Daphne drops one whose
    # consumer has not accepted within 5 s).
    assert step.handshakes is not None
    async with step.handshakes:
        ws = await connect(
            uri,
            origin=seat.server,  # type: ignore[arg-type]
            additional_headers=headers,
            max_size=2**22,
            open_timeout=120,
        )
    async with ws:
        ready.set()
        while (left := step.ends - time.monotonic()) > 0:
            try:
                frame = json.loads(await asyncio.wait_for(ws.recv(), left))
            except TimeoutError:
                break
            if not _took_state(live, seat, step, frame):
                if frame["type"] == "error":
                    acted_at = -1
                continue
            if seat.finished or frame["version"] == acted_at or not (frame["legal"] or frame["hints"]):
                continue
            move = random_move(frame["legal"], frame["hints"], rng, avoid=("thanks",))
            if move is not None:
                acted_at = frame["version"]
                task = asyncio.create_task(act_later(ws, acted_at, move))
                thinking.add(task)
                task.add_done_callback(thinking.discard)
        for task in thinking:
            task.cancel()


def _took_state(live: Live, seat: Seat, step: Step, frame: dict[str, Any]) -> bool:
    """Count one frame of `seat`'s socket: an ack once the step has begun, an error by its code, a state frame
    recorded (a newer version is the table's last change). True for a state frame, which the seat may act on."""
    now = time.monotonic()
    seat.frames += 1
    if frame["type"] == "ack":
        if now >= step.began:
            step.acks += 1
        return False
    if frame["type"] == "error":
        step.errors[frame.get("code", "?")] += 1
        return False
    if frame["type"] != "state":
        return False
    if frame["version"] > seat.last_version:
        live.last_change = now
    record(seat, frame)
    arrived(live, step, now)
    return True


async def probe_first_frames(
    servers: list[str], tables: list[Live], watchers: list[str], step: Step, pause: float
) -> None:
    """Spectators connect to random busy tables one after another, `pause` seconds apart: connect → first state
    frame. Each arrival and departure is a side-panel change the table's sockets are sent."""
    rng = random.Random(7)
    while time.monotonic() < step.ends - 1:
        live = rng.choice(tables)
        server = rng.choice(servers)
        uri = server.replace("http", "ws", 1) + f"/ws/tables/{live.table_id}/"
        began = time.monotonic()
        try:
            async with connect(
                uri,
                origin=server,  # type: ignore[arg-type]
                additional_headers={"Cookie": f"sessionid={rng.choice(watchers)}"},
                open_timeout=60,
            ) as ws:  # type: ignore[arg-type]
                while json.loads(await asyncio.wait_for(ws.recv(), 30))["type"] != "state":
                    pass
                if began >= step.began:
                    step.first_frames.append(time.monotonic() - began)
        except (OSError, TimeoutError, InvalidHandshake, ConnectionClosed) as error:
            step.errors[f"probe:{type(error).__name__}"] += 1
        await asyncio.sleep(pause)


async def echo_floor(seconds: float, clients: int = 8) -> float:
    """Messages/s a bare `websockets` echo server answers, `clients` connections in lock step."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-c", ECHO_SERVER, str(port)])
    try:
        for _ in range(50):
            try:
                async with connect(f"ws://127.0.0.1:{port}/"):
                    break
            except OSError:
                await asyncio.sleep(0.1)
        ends = time.monotonic() + seconds
        counts = [0] * clients

        async def client(index: int) -> None:
            async with connect(f"ws://127.0.0.1:{port}/") as ws:
                while time.monotonic() < ends:
                    await ws.send("x" * 64)
                    await ws.recv()
                    counts[index] += 1

        began = time.monotonic()
        await asyncio.gather(*(client(i) for i in range(clients)))
        return sum(counts) / (time.monotonic() - began)
    finally:
        server.terminate()
        server.wait(5)


def statement_counts() -> list[str]:
    """SQL statements per action as a serve process spends them (move + every socket's frame), in this process."""
    from accounts.models import User
    from games import services
    from games.models import Seat as SeatRow
    from tests.tables.fanout_count import Sockets, play_deal_counted

    names = [f"count{uuid.uuid4().hex[:6]}{letter}" for letter in "abcd"]
    make_players(names, None)
    users = [User.objects.get(username=n) for n in names]
    lines = []
    for stake, spectators in ((0, 0), (0, 20), (5, 0)):
        table = services.create_table(
            users[0], services.TableTerms("french-tarot", human_seats=4, stake=stake, turn_seconds=300)
        )
        for user in users[1:]:
            services.join(user, table.pk)
        seated = {s.number: s.user for s in SeatRow.objects.filter(table=table)}
        deal = play_deal_counted(Sockets(table.pk, seated, spectators), random.Random(1))
        plays = [c.statements for c in deal if c.phase == "play" and not c.ended_round]
        last = [c.statements for c in deal if c.ended_round]
        where = f"{'stakes' if stake else 'free'} table, 4 seats" + (
            f" + {spectators} spectators" if spectators else ""
        )
        lines.append(
            f"  {where}: card play median {statistics.median(plays):.0f}, max {max(plays)} statements "
            f"({len(plays)} plays); the deal's last card{' (settles the unit)' if stake else ''}: {last}"
        )
        _retire([table.pk])
    return lines


def sign_in(names: list[str], by_form: list[str], server: str) -> dict[str, str]:
    """Session ids by name: those of `by_form` through the log-in form on `server`, the rest with force_login."""
    from django.test import Client

    from accounts.models import User

    sessions = {}
    for name in [n for n in names if n in by_form]:
        browser = Browser(server)
        browser.sign_in(name, PASSWORD)
        sessions[name] = browser.cookie("sessionid")
    for user in User.objects.filter(username__in=[n for n in names if n not in by_form]):
        client = Client()
        client.force_login(user)
        sessions[user.username] = client.cookies["sessionid"].value
    return sessions


def open_tables(count: int, names: list[str]) -> list[int]:
    """`count` French Tarot tables, each with four of `names` seated (the table deals when the fourth sits)."""
    from accounts.models import User
    from games import services

    users = {u.username: u for u in User.objects.filter(username__in=names[: count * 4])}
    ids = []
    for index in range(count):
        four = [users[n] for n in names[index * 4 : index * 4 + 4]]
        table = services.create_table(
            four[0], services.TableTerms("french-tarot", human_seats=4, turn_seconds=120)
        )
        for user in four[1:]:
            services.join(user, table.pk)
        ids.append(table.pk)
    return ids


def _retire(table_ids: list[int]) -> None:
    """The benchmark's own tables stop: closed, with no deadline or next deal left for the sweeper (this
    scratch database's rows are the benchmark's; it writes them directly rather than play every deal out)."""
    from games.models import Round, Table

    Round.objects.filter(table_id__in=table_ids, status=Round.Status.PLAYING).update(
        status=Round.Status.ABORTED, deadline=None, deadlines={}, bot_due_at=None
    )
    Table.objects.filter(pk__in=table_ids).update(status=Table.Status.CLOSED, next_deal_at=None)


def describe_stalled(lives: list[Live], quiet: float, ends: float, shown: int = 3) -> list[str]:
    """For the first `shown` stalled tables: the version each seat's socket last had and the table's own (a seat
    behind the table missed a frame; all four at the table's version: nobody had a move to make)."""
    from games.models import Table

    stalled = [live for live in lives if ends - live.last_change > quiet][:shown]
    versions = dict(Table.objects.filter(pk__in=[s.table_id for s in stalled]).values_list("pk", "version"))
    return [
        f"        stalled table {live.table_id}: sockets at versions {[s.last_version for s in live.seats]}, "
        f"the table at {versions.get(live.table_id)}"
        for live in stalled
    ]


def cpu_seconds(started: Started) -> float:
    started.sample()
    return sum(started.cpu.values())


async def sample_at_end(step: Step, processes: list[Started]) -> None:
    """The CPU figures and the load average at the step's end: a probe's last handshake to a saturated server may
    outlast it by a minute, which would dilute them."""
    await asyncio.sleep(max(0.0, step.ends - time.monotonic()))
    step.cpu_ended = [cpu_seconds(p) for p in processes]
    step.others_ended = others_cpu_seconds()
    step.load = os.getloadavg()[0]


async def run_step(
    lives: list[Live],
    servers: list[str],
    watchers: list[str],
    args: argparse.Namespace,
    step: Step,
    processes: list[Started],
) -> None:
    rng = random.Random(args.seed)
    step.handshakes = asyncio.Semaphore(HANDSHAKES)
    readies = [asyncio.Event() for live in lives for _seat in live.seats]
    step.ends = time.monotonic() + 3600  # until every socket is open
    tasks = []
    index = 0
    for live in lives:
        for seat in live.seats:
            tasks.append(
                asyncio.create_task(
                    play_seat(live, seat, args.think, random.Random(rng.random()), step, readies[index])
                )
            )
            index += 1
            if index % 50 == 0:
                await asyncio.sleep(0.05)  # a gentler handshake storm
    await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 300)
    step.began = time.monotonic()
    step.cpu_began = [cpu_seconds(p) for p in processes]  # the sockets' opening is not the step's load
    step.others_began = others_cpu_seconds()
    step.ends = step.began + args.duration
    for live in lives:
        live.last_change = step.began
    probe = asyncio.create_task(probe_first_frames(servers, lives, watchers, step, args.probe_pause))
    helpers = [probe, asyncio.create_task(sample_at_end(step, processes))]
    if args.vacuum_every:
        helpers.append(asyncio.create_task(vacuum_until(step.ends, args.vacuum_every)))
    await asyncio.gather(*tasks, *helpers)


def parse_think(text: str) -> tuple[float, float]:
    low, _, high = text.partition("-")
    return float(low), float(high or low)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", default="1,10,50,100,200,300,500", help="table counts, comma-separated")
    parser.add_argument("--duration", type=float, default=30, help="seconds measured per table count")
    parser.add_argument("--think", type=parse_think, default=(1.0, 2.0), help="seconds, 'LOW-HIGH' or '0'")
    parser.add_argument("--processes", type=int, choices=(1, 2), default=1, help="serve processes")
    parser.add_argument("--echo-seconds", type=float, default=3)
    parser.add_argument("--server-root", type=Path, default=ROOT, help="the checkout the servers run")
    parser.add_argument("--no-counts", action="store_true", help="skip the statement counts")
    parser.add_argument(
        "--probe-pause",
        type=float,
        default=1.0,
        help="seconds between spectator probes (one at a time; 0.25 made a lone table see four arrivals a second)",
    )
    parser.add_argument(
        "--vacuum-every",
        type=float,
        default=None,
        help="seconds between the stand-in vacuums of the hot tables during a step (default: 20 where the server's "
        "autovacuum is off, else none; 0: none)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--logs", type=Path, default=None)
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres") or not os.environ.get("REDIS_URL"):
        raise SystemExit("set DATABASE_URL (PostgreSQL) and REDIS_URL: this is the production shape")
    counts = [int(n) for n in args.tables.split(",")]
    root = args.server_root.resolve()
    logs = args.logs or Path(tempfile.mkdtemp(prefix="kibitz-load-bench-"))
    logs.mkdir(parents=True, exist_ok=True)
    ports = [free_port() for _ in range(args.processes)]
    env = production_env(ports, logs, root)
    env["KIBITZ_LOG_FORMAT"] = "text"
    os.environ.update({k: v for k, v in env.items() if k != "PYTHONPATH"})
    manage = [sys.executable, str(root / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], env=env, cwd=root, check=True)

    import django

    django.setup()
    from games.services import ensure_bot_accounts

    print(
        "production shape on 127.0.0.1: DJANGO_DEBUG=0, PostgreSQL, Redis channel layer, "
        f"{args.processes} x `serve --no-sweeper` + `sweeper` from {root}; plain HTTP "
        "(KIBITZ_SSL_REDIRECT=0, KIBITZ_SECURE_COOKIES=0, KIBITZ_HSTS_SECONDS=0); log-in rates raised for this "
        f"run's sign-ins (KIBITZ_LOGIN_RATE={env['KIBITZ_LOGIN_RATE']}, "
        f"KIBITZ_LOGIN_FAILED_RATE={env['KIBITZ_LOGIN_FAILED_RATE']})"
    )
    print(f"think {args.think[0]}-{args.think[1]} s, {args.duration:.0f} s per step, {os.cpu_count()} cores")
    ensure_bot_accounts()
    if args.vacuum_every is None:
        args.vacuum_every = 0 if autovacuum_on() else 20
    print(
        "each step starts from a vacuumed and analyzed database"
        + (
            f"; this server's autovacuum is off, so the benchmark vacuums {', '.join(HOT_TABLES)} every "
            f"{args.vacuum_every:.0f} s during a step in its place"
            if args.vacuum_every
            else ""
        )
    )
    if args.no_counts or root != ROOT:
        print("SQL statements per action: skipped (the servers run another checkout)" if root != ROOT else "")
    else:
        print(
            "SQL statements per action (move + every socket's frame, as one serve process spends them; "
            "BEGIN and COMMIT apart):"
        )
        for line in statement_counts():
            print(line)

    stamp = uuid.uuid4().hex[:6]
    names = [f"ld{stamp}{i}" for i in range(max(counts) * 4)]
    watcher_names = [f"ld{stamp}w{i}" for i in range(WATCHERS)]
    make_players(names[:4], PASSWORD)
    make_players(names[4:] + watcher_names, None)  # signed in with force_login: no password to hash

    header = (
        "tables  act/s   p50 ms  p95 ms  p99 ms  max ms  errors  stalled  gaps  1st-frame p95 ms  echo msg/s  "
        "load  CPU % / peak MB per process, then the client's, PostgreSQL's and Redis's CPU %"
    )
    print(header)
    sessions: dict[str, str] = {}
    for count in counts:
        servers = [f"http://127.0.0.1:{p}" for p in ports]
        floor = asyncio.run(echo_floor(args.echo_seconds))
        processes = [
            start(f"web-{i}-{count}", [*manage, "serve", "--no-sweeper", "--port", str(p)], env, logs, root)
            for i, p in enumerate(ports)
        ]
        processes.append(start(f"sweeper-{count}", [*manage, "sweeper"], env, logs, root))
        try:
            for base, process in zip(servers, processes, strict=False):
                wait_healthy(base, process)
            todo = [n for n in names[: count * 4] + watcher_names if n not in sessions]
            sessions.update(sign_in(todo, names[:4], servers[0]))
            table_ids = open_tables(count, names)
            vacuum()  # the earlier steps' dead rows are gone, the statistics fresh, as autovacuum keeps them
            lives = [
                Live(
                    table_id,
                    [
                        Seat(
                            name, servers[0 if args.processes == 1 or seat < 2 else 1], session=sessions[name]
                        )
                        for seat, name in enumerate(names[index * 4 : index * 4 + 4])
                    ],
                )
                for index, table_id in enumerate(table_ids)
            ]
            step = Step()
            asyncio.run(run_step(lives, servers, [sessions[n] for n in watcher_names], args, step, processes))
            cpu = [(e - b) / args.duration * 100 for e, b in zip(step.cpu_ended, step.cpu_began, strict=True)]
            others = {
                k: (v - step.others_began[k]) / args.duration * 100 for k, v in step.others_ended.items()
            }
            load = step.load
        finally:
            for started in processes:
                stop(started)
        quiet = 10 + 2 * args.think[1]
        stall_lines = describe_stalled(lives, quiet, step.ends)
        _retire(table_ids)
        stalled = sum(1 for live in lives if step.ends - live.last_change > quiet)
        gaps = sum(1 for live in lives for seat in live.seats if missing_versions(seat))
        ms = [x * 1000 for x in step.latencies]
        print(
            f"{count:6d}  {step.acks / args.duration:5.1f}  {percentile(ms, 0.5):7.0f} {percentile(ms, 0.95):7.0f} "
            f"{percentile(ms, 0.99):7.0f} {max(ms, default=float('nan')):7.0f}  {sum(step.errors.values()):6d}  "
            f"{stalled:7d}  {gaps:4d}  {percentile([x * 1000 for x in step.first_frames], 0.95):16.0f}  "
            f"{floor:10.0f}  {load:4.2f}  "
            + ", ".join(
                f"{p.name.rsplit('-', 1)[0]} {c:.0f}% {p.peak_rss / 2**20:.0f}"
                for p, c in zip(processes, cpu, strict=True)
            )
            + "".join(f", {name} {share:.0f}%" for name, share in others.items()),
            flush=True,
        )
        if step.errors:
            print(f"        error frames: {dict(step.errors)}")
        for line in stall_lines:
            print(line)
    print(f"logs: {logs}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
