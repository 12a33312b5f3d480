"""The production shape on 127.0.0.1, shared by benchmarks/production_run.py, benchmarks/load_bench.py and the chaos
test (tests/production/test_chaos.py): the processes' environment (DJANGO_DEBUG=0, .env.example's plain-HTTP
switches, log-in rates raised for the run's own sign-ins), starting and stopping processes and sampling their CPU
and memory, a person's HTTP client, and what a table socket saw (the versions, as events or inside a snapshot).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import socket
import subprocess
import threading
import time
from dataclasses import dataclass, field
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any
from urllib.error import HTTPError
from urllib.parse import urlencode
from urllib.request import HTTPCookieProcessor, HTTPRedirectHandler, Request, build_opener

import psutil

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def production_env(ports: list[int], logs: Path, root: Path = ROOT) -> dict[str, str]:
    """The environment of every process: production settings over plain HTTP on 127.0.0.1 (.env.example), with
    the code of `root` (a checkout of the repository) on the path."""
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
            "PYTHONPATH": str(root),
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


def start(name: str, command: list[str], env: dict[str, str], logs: Path, cwd: Path = ROOT) -> Started:
    """Start `command` in its own session with its output in `logs`/`name`.log."""
    log = logs / f"{name}.log"
    with open(log, "w") as out:
        process = subprocess.Popen(
            command, env=env, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
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

    def sign_in(self, username: str, password: str) -> None:
        """Sign in through the log-in form (the per-address rates are raised by `production_env`)."""
        self.request("/accounts/login/")
        status, location, _body = self.request("/accounts/login/", {"login": username, "password": password})
        if status != 302 or not self.cookie("sessionid"):
            raise SystemExit(f"sign-in of {username} failed: HTTP {status}")


@dataclass
class Seat:
    """A person's socket and what it saw."""

    name: str
    server: str
    browser: Browser | None = None
    session: str = ""  # a session id made without the form (benchmarks/load_bench.py); else the browser's
    seat: int | None = None
    seen: set[int] = field(default_factory=set)  # versions seen as events or inside a snapshot
    first_version: int | None = None
    last_version: int = 0
    frames: int = 0
    moves: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    finished: bool = False


def session_of(seat: Seat) -> str:
    """The seat's session cookie value."""
    return seat.session or (seat.browser.cookie("sessionid") if seat.browser else "")


def missing_versions(seat: Seat) -> list[int]:
    """The versions up to the last one this socket saw that reached it neither as an event nor in a snapshot."""
    return sorted(set(range(1, seat.last_version + 1)) - seat.seen)


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


def make_players(names: list[str], password: str | None) -> None:
    """Verified players with their starting grant, as sign-up and the verification link would leave them."""
    from accounts.models import User
    from accounts.verification import mark_verified
    from games.services import ensure_bot_accounts
    from signup.players import open_player_account

    ensure_bot_accounts()
    for name in names:
        user = User.objects.create_user(name, email=f"{name}@example.invalid", password=password)
        open_player_account(user)
        mark_verified(user, f"{name}@example.invalid")


# What else shares the cores with the servers, by process name.
SHARERS = {"postgres": ("postgres",), "redis": ("redis-server",)}


def others_cpu_seconds() -> dict[str, float]:
    """CPU seconds so far of what shares the machine with the servers: this client (every thread of this process),
    PostgreSQL's processes and Redis's (a PostgreSQL backend that exits between two samples drops out: its share is
    then under-counted)."""
    spent = {"client": time.process_time(), **{name: 0.0 for name in SHARERS}}
    for proc in psutil.process_iter(["name", "cpu_times"]):
        times = proc.info["cpu_times"]
        for name, prefixes in SHARERS.items():
            if times is not None and (proc.info["name"] or "").startswith(prefixes):
                spent[name] += times.user + times.system
    return spent
