"""The long run of the production shape (docs/deploy.md "Long run"): every process of the Procfile on 127.0.0.1,
one French Tarot stakes table whose seats' sockets are split across two web processes, played to the end.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/kibitz_run REDIS_URL=redis://127.0.0.1:6379/9 \\
        .venv/bin/python benchmarks/production_run.py [--deals 1..40] [--stake 0.05] [--logs DIR]

It migrates the database, makes three verified players with their starting grant, and starts, with
DJANGO_DEBUG=0 and .env.example's plain-HTTP switches (KIBITZ_SSL_REDIRECT=0, KIBITZ_SECURE_COOKIES=0,
KIBITZ_HSTS_SECONDS=0): web A and web B (`manage.py serve --no-sweeper`), `manage.py sweeper`, a Celery worker
and Celery beat. Its own sign-ins all come from 127.0.0.1, so it raises the log-in rates through
KIBITZ_LOGIN_RATE and KIBITZ_LOGIN_FAILED_RATE for those processes. The players sign in through the log-in form;
the first opens the table through the New game form (3 people, 1 bot), the others take their seats with "Play";
two play through sockets on web A, one on web B, and the bot thinks in the worker. Each person plays from its
own frames only (the listed legal actions and the hints, tests/hintplay.py).

It fails (exit 1) unless every socket saw every version of the table (as events, or inside a snapshot frame),
every deal was settled exactly once with its escrow back to zero, Σ balances = 0 (ledger.reports.reconcile),
every bot move came from the worker, and beat's ledger closes were balanced. It prints the moves, versions,
time, each process's CPU time and peak memory, and the bot moves the worker made.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.hintplay import random_move  # noqa: E402
from tests.production.shape import (  # noqa: E402  (the repository is on the path: the script puts it there)
    Browser,
    Sampler,
    Seat,
    Started,
    free_port,
    make_players,
    missing_versions,
    production_env,
    record,
    session_of,
    start,
    stop,
    wait_healthy,
)

PASSWORD = "production-run-" + secrets.token_hex(8)
WORKER_MOVE = re.compile(r"games\.bot_move\[[0-9a-f-]+\] succeeded in [0-9.e-]+s: True")


async def play(seat: Seat, table_id: int, rng: random.Random, timeout: float) -> None:
    """Play `seat` from its frames until the table is finished: a random legal or hinted move whenever its
    frame lists some (tests/hintplay.py); a refusal (e.g. a stale version) waits for the next frame."""
    uri = seat.server.replace("http", "ws", 1) + f"/ws/tables/{table_id}/"
    headers = {"Cookie": f"sessionid={session_of(seat)}"}
    sent: dict[str, float] = {}
    acted_at = -1
    async with connect(uri, origin=seat.server, additional_headers=headers) as ws:  # type: ignore[arg-type]
        deadline = time.monotonic() + timeout
        while not seat.finished:
            frame = json.loads(await asyncio.wait_for(ws.recv(), max(1.0, deadline - time.monotonic())))
            seat.frames += 1
            if frame["type"] == "ack":
                seat.latencies.append(time.monotonic() - sent.pop(frame["id"], time.monotonic()))
                seat.moves += 1
                continue
            if frame["type"] == "error":
                code = frame.get("code", "?")
                seat.refused[code] = seat.refused.get(code, 0) + 1
                sent.pop(frame.get("id") or "", None)
                acted_at = -1  # try again from the next frame
                continue
            if frame["type"] != "state":
                continue  # the side panel's frames
            record(seat, frame)
            if seat.finished or not frame["legal"] and not frame["hints"] or frame["version"] == acted_at:
                continue
            move = random_move(frame["legal"], frame["hints"], rng)
            if move is None:
                continue
            move_id = uuid.uuid4().hex
            sent[move_id] = time.monotonic()
            acted_at = frame["version"]
            await ws.send(json.dumps({"type": "act", "id": move_id, "version": acted_at, "action": move}))


def main() -> int:
    args = _arguments()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres") or not os.environ.get("REDIS_URL"):
        raise SystemExit("set DATABASE_URL (PostgreSQL) and REDIS_URL: this is the production shape")
    logs = args.logs or Path(tempfile.mkdtemp(prefix="kibitz-production-run-"))
    logs.mkdir(parents=True, exist_ok=True)
    ports = [free_port(), free_port()]
    env = production_env(ports, logs)
    os.environ.update(env)
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], env=env, cwd=ROOT, check=True)

    import django

    django.setup()
    from ledger.models import LedgerClose

    stamp = secrets.token_hex(3)
    names = [f"run{stamp}{letter}" for letter in "abc"]
    make_players(names, PASSWORD)
    closes_before = LedgerClose.objects.count()
    processes = _start_processes(manage, ports, env, logs)
    sampler = Sampler(processes)
    sampler.start()
    try:
        servers = [f"http://127.0.0.1:{p}" for p in ports]
        for base, process in zip(servers, processes[:2], strict=True):
            wait_healthy(base, process)
        # Two people on web A, one on web B.
        seats = [
            Seat(name, server, Browser(server))
            for name, server in zip(names, [servers[0], servers[0], servers[1]], strict=True)
        ]
        table_id = _open_table(seats, args)
        rng = random.Random(args.seed)
        began = time.monotonic()
        asyncio.run(_play_all(seats, table_id, rng, args.timeout))
        elapsed = time.monotonic() - began
        time.sleep(2)  # the worker's log line of its last move, a beat close in flight
        for started in processes:
            started.sample()
    finally:
        sampler.done.set()
        for started in reversed(processes):
            stop(started)
    return _verdict(Run(args, table_id, seats, servers, ports, processes, logs, closes_before, elapsed))


def _arguments() -> argparse.Namespace:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--deals",
        type=int,
        choices=range(1, 41),
        default=1,
        metavar="1..40",
        help="the match's length in deals",
    )
    parser.add_argument("--stake", default="0.05", help="stake per point (the limit is the game's default)")
    parser.add_argument("--bot-level", default="standard")
    parser.add_argument("--seed", type=int, default=None, help="the people's random choices")
    parser.add_argument("--timeout", type=float, default=900, help="seconds before the run gives up")
    parser.add_argument("--logs", type=Path, default=None, help="keep the processes' logs here")
    return parser.parse_args()


def _start_processes(manage: list[str], ports: list[int], env: dict[str, str], logs: Path) -> list[Started]:
    """The Procfile's processes: web A and web B on `ports` (no sweeper), the sweeper, a Celery worker and beat."""
    celery = [sys.executable, "-m", "celery", "-A", "platform_config"]
    return [
        start("web-a", [*manage, "serve", "--no-sweeper", "--port", str(ports[0])], env, logs),
        start("web-b", [*manage, "serve", "--no-sweeper", "--port", str(ports[1])], env, logs),
        start("sweeper", [*manage, "sweeper"], env, logs),
        start("worker", [*celery, "worker", "--loglevel", "INFO", "--concurrency", "2"], env, logs),
        start(
            "beat",
            [*celery, "beat", "--loglevel", "INFO", "--schedule", str(logs / "beat-schedule")],
            env,
            logs,
        ),
    ]


def _open_table(seats: list[Seat], args: argparse.Namespace) -> int:
    """Sign every seat's person in through the log-in form; the first opens the table through the New game form
    (French Tarot, 3 people and a bot), the others take their seats with "Play". Returns the table's id."""
    for seat in seats:
        assert seat.browser is not None  # every seat here signs in through the form
        seat.browser.sign_in(seat.name, PASSWORD)
    host = seats[0].browser
    assert host is not None
    status, location, body = host.request(
        "/tables/new/",
        {
            "game": "french-tarot",
            "french-tarot__profile": "fft",
            "french-tarot__match_end": f"deals:{args.deals}",
            "bot_level": args.bot_level,
            "human_seats": "3",
            "stake": args.stake,
            "limit": "",
            "access": "public",
            "turn_seconds": "120",
            "access-spectators": "",
            "access-invite_list": "",
        },
    )
    match = re.fullmatch(r"/tables/(\d+)/", location)
    if status != 302 or match is None:
        raise SystemExit(f"the New game form answered HTTP {status}: {body[:500]}")
    table_id = int(match[1])
    for seat in seats[1:]:
        assert seat.browser is not None
        status, location, _body = seat.browser.request(f"/tables/{table_id}/play/", {})
        if status != 302 or location != f"/tables/{table_id}/":
            raise SystemExit(f"{seat.name} could not take a seat: HTTP {status} {location}")
    return table_id


async def _play_all(seats: list[Seat], table_id: int, rng: random.Random, timeout: float) -> None:
    """Every seat plays (`play`) at once, each with its own generator seeded from `rng`, in seat order."""
    await asyncio.gather(*(play(s, table_id, random.Random(rng.random()), timeout) for s in seats))


@dataclass(frozen=True)
class Run:
    """What the checks and the report read of a finished run."""

    args: argparse.Namespace
    table_id: int
    seats: list[Seat]
    servers: list[str]
    ports: list[int]
    processes: list[Started]
    logs: Path
    closes_before: int
    elapsed: float


BOT_SEAT = 3
"""The table's bot: the New game form seats the three people at 0-2."""


def _verdict(run: Run) -> int:
    """Check the finished run (`_table_failures`, `_ledger_failures`), print the report; 1 when a check failed."""
    from django.db.models import Sum

    from games.models import Event, Round, Table
    from ledger.models import Account, LedgerClose
    from ledger.reports import reconcile

    table = Table.objects.get(pk=run.table_id)
    events = Event.objects.filter(table=table)
    rounds = list(Round.objects.filter(table=table).order_by("number"))
    bot_moves = events.filter(kind="act", seat=BOT_SEAT).count()
    worker_moves = len(WORKER_MOVE.findall((run.logs / "worker.log").read_text()))
    failures = _table_failures(run, table, rounds)
    escrow = Account.objects.filter(name=f"escrow:table:{run.table_id}").aggregate(s=Sum("balance"))["s"] or 0
    if escrow:
        failures.append(f"the table's escrow holds {escrow}")
    check = reconcile()
    if not check.ok:
        failures.append(f"ledger not balanced: Σ {check.total_balance}, {len(check.unbalanced)} unbalanced")
    if worker_moves != bot_moves:
        failures.append(f"{bot_moves} bot moves at the table, {worker_moves} made by the worker")
    closes = list(LedgerClose.objects.order_by("pk")[run.closes_before :])
    if not closes or not all(c.balanced for c in closes):
        failures.append(f"beat's ledger closes: {[c.balanced for c in closes]}")

    _print_play(run, table, rounds, events, (bot_moves, worker_moves))
    print(
        f"ledger: Σ balances {check.total_balance}; {len(closes)} ledger close(s) by beat, "
        f"all balanced: {all(c.balanced for c in closes)}; escrow {escrow}"
    )
    _print_wallets(run)
    for failure in failures:
        print("FAILED:", failure)
    print("OK" if not failures else f"{len(failures)} check(s) failed")
    return 1 if failures else 0


def _table_failures(run: Run, table: Any, rounds: list[Any]) -> list[str]:
    """The table finished its deals, every socket saw every version, and each deal was settled exactly once."""
    from games.models import Table
    from ledger.models import SettlementUnit, Transaction, TransactionKind

    failures = []
    if table.status != Table.Status.FINISHED:
        failures.append(f"the table is {table.status}, not finished")
    if len(rounds) != run.args.deals:
        failures.append(f"{len(rounds)} deals played, not {run.args.deals}")
    for seat in run.seats:
        missing = missing_versions(seat)
        if missing or seat.last_version != table.version:
            failures.append(f"{seat.name} missed versions {missing[:10]} (last {seat.last_version})")
    for rnd in rounds:
        unit = SettlementUnit.objects.filter(unit_id=f"round:{rnd.pk}").first()
        settles = Transaction.objects.filter(
            key=f"settle:round:{rnd.pk}", kind=TransactionKind.SETTLE
        ).count()
        releases = Transaction.objects.filter(key__startswith=f"release:round:{rnd.pk}:").count()
        if unit is None or unit.status != "settled" or settles != 1 or releases:
            failures.append(
                f"deal {rnd.number}: unit {unit and unit.status}, {settles} settles, {releases} releases"
            )
    return failures


def _print_play(run: Run, table: Any, rounds: list[Any], events: Any, bot: tuple[int, int]) -> None:
    """The report's play: the table, the servers, the moves and versions (`bot`: the bot's moves at the table,
    and those the worker made), the move latencies, each seat's frames and each process's CPU time and peak
    memory."""
    args, seats, servers, ports = run.args, run.seats, run.servers, run.ports
    bot_moves, worker_moves = bot
    people_moves = events.filter(kind="act").exclude(seat=BOT_SEAT).count()
    timeouts = events.filter(kind="timeout").count()
    latencies = sorted(x for s in seats for x in s.latencies)
    print(
        f"table {run.table_id}: French Tarot, {len(rounds)} deal(s), stake {args.stake}, bots '{args.bot_level}'"
    )
    print(
        f"web A :{ports[0]}: {', '.join(s.name for s in seats if s.server == servers[0])}; "
        f"web B :{ports[1]}: {', '.join(s.name for s in seats if s.server == servers[1])}; bot: seat {BOT_SEAT}"
    )
    print(
        f"moves: {people_moves} by people, {bot_moves} by the bot ({worker_moves} made by the worker), "
        f"{timeouts} timeouts; versions: {table.version}; time: {run.elapsed:.1f} s "
        f"({(people_moves + bot_moves) / run.elapsed:.1f} moves/s)"
    )
    if latencies:
        p95 = latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))]
        print(
            f"a person's move to its ack: median {statistics.median(latencies) * 1000:.0f} ms, "
            f"p95 {p95 * 1000:.0f} ms"
        )
    for seat in seats:
        print(
            f"  {seat.name} seat {seat.seat} on {seat.server}: {seat.frames} frames, {seat.moves} moves, "
            f"saw {len(seat.seen)}/{table.version} versions, refusals {seat.refused or 'none'}"
        )
    print("process   CPU s   peak RSS MB")
    for started in run.processes:
        print(f"  {started.name:<8}{sum(started.cpu.values()):6.1f}   {started.peak_rss / 2**20:8.1f}")


def _print_wallets(run: Run) -> None:
    """The report's wallets after the match, and where the logs are."""
    from accounts.models import User
    from ledger.books import wallet_for

    wallets = {s.name: wallet_for(User.objects.get(username=s.name)).balance for s in run.seats}
    print(
        "wallets after the match (100.00 each before):",
        ", ".join(f"{n} {b / 100:.2f}" for n, b in wallets.items()),
    )
    print(f"logs: {run.logs}")


if __name__ == "__main__":
    sys.exit(main())
