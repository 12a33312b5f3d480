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
import contextlib
import json
import os
import random
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any
from urllib.error import HTTPError
from urllib.parse import urlencode
from urllib.request import HTTPCookieProcessor, HTTPRedirectHandler, Request, build_opener

import psutil
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.hintplay import random_move  # noqa: E402  (the repository root is on the path from here on)

PASSWORD = "production-run-" + secrets.token_hex(8)
WORKER_MOVE = re.compile(r"games\.bot_move\[[0-9a-f-]+\] succeeded in [0-9.e-]+s: True")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def production_env(ports: list[int], logs: Path) -> dict[str, str]:
    """The environment of every process: production settings over plain HTTP on 127.0.0.1 (.env.example)."""
    origins = ",".join(f"http://127.0.0.1:{p}" for p in ports)
    env = dict(os.environ)
    env.update(
        {
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            "DJANGO_CSRF_TRUSTED_ORIGINS": origins,
            "KIBITZ_SSL_REDIRECT": "0",
            "KIBITZ_SECURE_COOKIES": "0",
            "KIBITZ_HSTS_SECONDS": "0",
            "KIBITZ_REQUIRE_SERVICES": "1",
            # This run signs every player in from 127.0.0.1: the per-address log-in limits are raised for it.
            "KIBITZ_LOGIN_RATE": "600/m/ip",
            "KIBITZ_LOGIN_FAILED_RATE": "600/10m/ip,100/5m/key",
            # A quick table: short bot pauses and a short wait before the next deal; beat closes the ledger
            # every 10 s so its reconciliation runs while the table plays.
            "KIBITZ_BOT_PAUSE_SECONDS": "0.2",
            "KIBITZ_NEXT_DEAL_SECONDS": "1",
            "KIBITZ_LEDGER_CLOSE_SECONDS": "10",
            "KIBITZ_LOG_FORMAT": "json",
            "PYTHONPATH": str(ROOT),
            "DJANGO_SETTINGS_MODULE": "platform_config.settings",
        }
    )
    return env


@dataclass
class Started:
    """One process of the production shape, its log, and its resource figures sampled while it ran."""

    name: str
    process: subprocess.Popen[Any]
    log: Path
    cpu: dict[int, float] = field(default_factory=dict)  # pid (the process or a child) → last CPU seconds
    peak_rss: int = 0

    def sample(self) -> None:
        try:
            root = psutil.Process(self.process.pid)
            tree = [root, *root.children(recursive=True)]
        except psutil.NoSuchProcess:
            return
        rss = 0
        for proc in tree:
            try:
                times = proc.cpu_times()
                self.cpu[proc.pid] = times.user + times.system
                rss += proc.memory_info().rss
            except psutil.NoSuchProcess:
                continue
        self.peak_rss = max(self.peak_rss, rss)


def start(name: str, command: list[str], env: dict[str, str], logs: Path) -> Started:
    log = logs / f"{name}.log"
    with open(log, "w") as out:
        process = subprocess.Popen(
            command, env=env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    return Started(name, process, log)


def stop(started: Started) -> None:
    """SIGTERM to the main process (Celery's warm shutdown lets a running task finish), then the group."""
    started.process.terminate()
    with contextlib.suppress(subprocess.TimeoutExpired):
        started.process.wait(15)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(started.process.pid, signal.SIGKILL)
    started.process.wait(5)


class Sampler(threading.Thread):
    """Samples every process's CPU time and memory twice a second until stopped."""

    def __init__(self, processes: list[Started]) -> None:
        super().__init__(daemon=True)
        self.processes = processes
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.is_set():
            for started in self.processes:
                started.sample()
            self.done.wait(0.5)


class NoRedirect(HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None  # a 302 is the answer itself (its Location), read from the HTTPError


class Browser:
    """One person's HTTP client on one web process: cookies, CSRF token, form posts."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = CookieJar()
        self.opener = build_opener(HTTPCookieProcessor(self.jar), NoRedirect())

    def cookie(self, name: str) -> str:
        return next((c.value or "" for c in self.jar if c.name == name), "")

    def request(self, path: str, form: dict[str, str] | None = None) -> tuple[int, str, str]:
        """`(status, Location, body)` of a GET, or of a POST of `form` with the CSRF token."""
        data = None
        headers = {"Origin": self.base}
        if form is not None:
            data = urlencode({**form, "csrfmiddlewaretoken": self.cookie("csrftoken")}).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            with self.opener.open(
                Request(self.base + path, data=data, headers=headers), timeout=30
            ) as answer:
                return answer.status, "", answer.read().decode()
        except HTTPError as error:
            return error.code, error.headers.get("Location", ""), error.read().decode()

    def sign_in(self, username: str) -> None:
        self.request("/accounts/login/")
        status, location, _body = self.request("/accounts/login/", {"login": username, "password": PASSWORD})
        if status != 302 or not self.cookie("sessionid"):
            raise SystemExit(f"sign-in of {username} failed: HTTP {status}")


@dataclass
class Seat:
    """A person's socket and what it saw."""

    name: str
    server: str
    browser: Browser
    seat: int | None = None
    seen: set[int] = field(default_factory=set)  # versions seen as events or inside a snapshot
    first_version: int | None = None
    last_version: int = 0
    frames: int = 0
    moves: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    finished: bool = False


def record(seat: Seat, frame: dict[str, Any]) -> None:
    """A state frame's versions: its events, or everything up to it when it is the first or a snapshot."""
    version = frame["version"]
    if seat.first_version is None or frame.get("snapshot"):
        seat.seen.update(range(1, version + 1))
        seat.first_version = version if seat.first_version is None else seat.first_version
    seat.seen.update(e["version"] for e in frame["events"])
    seat.last_version = version
    seat.seat = frame["table"]["you"]
    seat.finished = frame["table"]["status"] == "finished"


async def play(seat: Seat, table_id: int, rng: random.Random, timeout: float) -> None:
    """Play `seat` from its frames until the table is finished: a random legal or hinted move whenever its
    frame lists some (tests/hintplay.py); a refusal (e.g. a stale version) waits for the next frame."""
    uri = seat.server.replace("http", "ws", 1) + f"/ws/tables/{table_id}/"
    headers = {"Cookie": f"sessionid={seat.browser.cookie('sessionid')}"}
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


def wait_healthy(base: str, process: Started, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.process.poll() is not None:
            raise SystemExit(f"{process.name} exited: see {process.log}")
        try:
            if Browser(base).request("/healthz")[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.3)
    raise SystemExit(f"{process.name} is not healthy at {base}/healthz")


def make_players(names: list[str]) -> None:
    """Verified players with their starting grant, as sign-up and the verification link would leave them."""
    from accounts.models import User
    from accounts.players import open_player_account
    from accounts.verification import mark_verified
    from games.services import ensure_bot_accounts

    ensure_bot_accounts()
    for name in names:
        user = User.objects.create_user(name, email=f"{name}@example.invalid", password=PASSWORD)
        open_player_account(user)
        mark_verified(user, f"{name}@example.invalid")


def main() -> int:
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
    args = parser.parse_args()
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
    from django.db.models import Sum

    from accounts.models import User
    from games.models import Event, Round, Table
    from ledger.books import wallet_for
    from ledger.models import Account, LedgerClose, SettlementUnit, Transaction, TransactionKind
    from ledger.reports import reconcile

    stamp = secrets.token_hex(3)
    names = [f"run{stamp}{letter}" for letter in "abc"]
    make_players(names)
    closes_before = LedgerClose.objects.count()
    celery = [sys.executable, "-m", "celery", "-A", "platform_config"]
    processes = [
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
    sampler = Sampler(processes)
    sampler.start()
    failures: list[str] = []
    try:
        servers = [f"http://127.0.0.1:{p}" for p in ports]
        for base, process in zip(servers, processes[:2], strict=True):
            wait_healthy(base, process)
        # Two people on web A, one on web B.
        seats = [
            Seat(name, server, Browser(server))
            for name, server in zip(names, [servers[0], servers[0], servers[1]], strict=True)
        ]
        for seat in seats:
            seat.browser.sign_in(seat.name)
        host = seats[0].browser
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
            status, location, _body = seat.browser.request(f"/tables/{table_id}/play/", {})
            if status != 302 or location != f"/tables/{table_id}/":
                raise SystemExit(f"{seat.name} could not take a seat: HTTP {status} {location}")
        rng = random.Random(args.seed)
        began = time.monotonic()

        async def everyone() -> None:
            await asyncio.gather(
                *(play(s, table_id, random.Random(rng.random()), args.timeout) for s in seats)
            )

        asyncio.run(everyone())
        elapsed = time.monotonic() - began
        time.sleep(2)  # the worker's log line of its last move, a beat close in flight
        for started in processes:
            started.sample()
    finally:
        sampler.done.set()
        for started in reversed(processes):
            stop(started)

    table = Table.objects.get(pk=table_id)
    events = Event.objects.filter(table=table)
    rounds = list(Round.objects.filter(table=table).order_by("number"))
    bot_seat = 3
    bot_moves = events.filter(kind="act", seat=bot_seat).count()
    people_moves = events.filter(kind="act").exclude(seat=bot_seat).count()
    timeouts = events.filter(kind="timeout").count()
    worker_moves = len(WORKER_MOVE.findall((logs / "worker.log").read_text()))

    if table.status != Table.Status.FINISHED:
        failures.append(f"the table is {table.status}, not finished")
    if len(rounds) != args.deals:
        failures.append(f"{len(rounds)} deals played, not {args.deals}")
    for seat in seats:
        missing = sorted(set(range(1, table.version + 1)) - seat.seen)
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
    escrow = Account.objects.filter(name=f"escrow:table:{table_id}").aggregate(s=Sum("balance"))["s"] or 0
    if escrow:
        failures.append(f"the table's escrow holds {escrow}")
    check = reconcile()
    if not check.ok:
        failures.append(f"ledger not balanced: Σ {check.total_balance}, {len(check.unbalanced)} unbalanced")
    if worker_moves != bot_moves:
        failures.append(f"{bot_moves} bot moves at the table, {worker_moves} made by the worker")
    closes = list(LedgerClose.objects.order_by("pk")[closes_before:])
    if not closes or not all(c.balanced for c in closes):
        failures.append(f"beat's ledger closes: {[c.balanced for c in closes]}")

    wallets = {s.name: wallet_for(User.objects.get(username=s.name)).balance for s in seats}
    latencies = sorted(x for s in seats for x in s.latencies)
    print(
        f"table {table_id}: French Tarot, {len(rounds)} deal(s), stake {args.stake}, bots '{args.bot_level}'"
    )
    print(
        f"web A :{ports[0]}: {', '.join(s.name for s in seats if s.server == servers[0])}; "
        f"web B :{ports[1]}: {', '.join(s.name for s in seats if s.server == servers[1])}; bot: seat {bot_seat}"
    )
    print(
        f"moves: {people_moves} by people, {bot_moves} by the bot ({worker_moves} made by the worker), "
        f"{timeouts} timeouts; versions: {table.version}; time: {elapsed:.1f} s "
        f"({(people_moves + bot_moves) / elapsed:.1f} moves/s)"
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
    for started in processes:
        print(f"  {started.name:<8}{sum(started.cpu.values()):6.1f}   {started.peak_rss / 2**20:8.1f}")
    print(
        f"ledger: Σ balances {check.total_balance}; {len(closes)} ledger close(s) by beat, "
        f"all balanced: {all(c.balanced for c in closes)}; escrow {escrow}"
    )
    print(
        "wallets after the match (100.00 each before):",
        ", ".join(f"{n} {b / 100:.2f}" for n, b in wallets.items()),
    )
    print(f"logs: {logs}")
    for failure in failures:
        print("FAILED:", failure)
    print("OK" if not failures else f"{len(failures)} check(s) failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
