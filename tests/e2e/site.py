"""A live Kibitz for browser tests: `manage.py serve` (Daphne + sweeper, embedded mode) on a free port
against a fresh SQLite file, with the fixed-deal test hook on; and Debian's Chromium through Playwright."""

from __future__ import annotations

import fcntl
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "tests" / "output"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # Cards slide and tricks are gathered in a few painted frames each: a third of the renderer's work over a
    # deal. A test that looks at the motion itself asks for it in its context (reduced_motion="no-preference").
    "--force-prefers-reduced-motion",
]
DEMO_PASSWORD = "demo-only-password"
# The tests that drive the pages open their contexts with `bypass_csp=True`: Playwright's `wait_for_function`
# evaluates its predicate with eval(), which the site's policy (script-src 'self') refuses. The site's own scripts
# under the real policy are checked by tests/e2e/test_content_policy.py, in contexts that keep it.


_TEMPLATES: dict[str | None, Path] = {}


def _migrated_template(settings_module: str | None) -> Path:
    """A SQLite file migrated and holding the demo data, made once per test run and settings module: each live
    site starts from a copy of it instead of migrating its own (about 6 s of CPU per browser module). The
    pytest-xdist workers of one run share it (the first to need it makes it under a file lock); a run without
    xdist makes its own."""
    template = _TEMPLATES.get(settings_module)
    if template is not None:
        return template
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    folder = Path(tempfile.gettempdir()) / f"kibitz-site-template-{run}" if run else Path(tempfile.mkdtemp())
    folder.mkdir(exist_ok=True)
    template = folder / f"{settings_module or 'site'}.sqlite3"
    with open(folder / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not template.exists():
            _make_template(template, settings_module)
    _TEMPLATES[settings_module] = template
    return template


def _make_template(template: Path, settings_module: str | None) -> None:
    """Migrate a new SQLite file and create the demo data in it; it appears at `template` only when complete."""
    building = template.with_suffix(".building")
    environment = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE")
    }
    environment.update(
        {"KIBITZ_SQLITE_PATH": str(building), "KIBITZ_DEMO_PASSWORD": DEMO_PASSWORD, "PYTHONPATH": str(ROOT)}
    )
    if settings_module:
        environment["DJANGO_SETTINGS_MODULE"] = settings_module
    manage = [sys.executable, str(ROOT / "manage.py")]
    building.unlink(missing_ok=True)
    subprocess.run([*manage, "migrate", "-v", "0", "--noinput"], env=environment, check=True, cwd=ROOT)
    subprocess.run([*manage, "demo_data"], env=environment, check=True, cwd=ROOT, capture_output=True)
    building.rename(template)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveSite:
    """Start with `start(tmp_path)`; `url` is the base URL; `stop()` ends the server process."""

    def __init__(self) -> None:
        self.process: subprocess.Popen | None = None
        self.url = ""
        self.log = Path()
        self.folder = Path()  # the site's database and log

    def start(
        self, folder: Path, settings_module: str | None = None, env: dict[str, str] | None = None
    ) -> None:
        """Migrate, create the demo data and serve; `settings_module` (e.g. the tests' own "tests.settings")
        replaces the site's settings; `env` sets or overrides the server's environment (e.g. a longer bot pause)."""
        environment = {
            k: v
            for k, v in os.environ.items()
            if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE")
        }
        environment.update(
            {
                "KIBITZ_SQLITE_PATH": str(folder / "site.sqlite3"),
                "KIBITZ_ALLOW_FIXED_DEALS": "1",
                # Bots move at once but for a pause that keeps each frame apart for the page; a test that needs
                # a person to act inside a bot's pause sets a longer one for its site.
                "KIBITZ_BOT_PAUSE_SECONDS": "0.05",
                # The table service wakes the sweeper when a bot's move or a deadline falls due
                # (games.services.sweep_alarm): its idle poll, the site's own, only bounds the rest.
                "KIBITZ_SWEEP_SECONDS": "0.25",
                "KIBITZ_DEMO_PASSWORD": DEMO_PASSWORD,
                # a module signs up a new player per game and size (the keyboard test: 2 games x 2 sizes), more
                # than the site's 3 per 10 minutes from one address
                "KIBITZ_SIGNUP_RATE": "60/10m/ip,600/d/ip",
                "PYTHONPATH": str(ROOT),
                "KIBITZ_LOG_LEVEL": "WARNING",
            }
        )
        if settings_module:
            environment["DJANGO_SETTINGS_MODULE"] = settings_module
        environment.update(env or {})
        manage = [sys.executable, str(ROOT / "manage.py")]
        shutil.copyfile(_migrated_template(settings_module), folder / "site.sqlite3")
        port = free_port()
        self.folder = folder
        self.log = folder / "serve.log"  # also the console e-mail backend's mails
        with open(self.log, "w") as log:  # the server keeps its own copy of the descriptor
            self.process = subprocess.Popen(
                [*manage, "serve", "--port", str(port)],
                env=environment,
                cwd=ROOT,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        self.url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError((folder / "serve.log").read_text()) from None
                time.sleep(0.2)
        raise RuntimeError("the live site did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()


def run_on_site(folder: Path, script: str, settings_module: str | None = None) -> None:
    """Run the Python `script` in `manage.py shell` against the database of the live site started in `folder`
    (with the same `settings_module` the site was started with)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE")
    }
    env.update({"KIBITZ_SQLITE_PATH": str(folder / "site.sqlite3"), "PYTHONPATH": str(ROOT)})
    if settings_module:
        env["DJANGO_SETTINGS_MODULE"] = settings_module
    subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "shell", "-c", script], env=env, check=True, cwd=ROOT
    )


def add_staff_member(folder: Path, username: str) -> None:
    """Create the superuser `username` (password DEMO_PASSWORD) in the database of the live site started in
    `folder`, with the site's own manage.py, and make it an Administrator with `manage.py first_administrator`
    (a superuser holds no staff role's permission by being one)."""
    script = (
        f"from accounts.models import User; u = User(username={username!r}, is_staff=True, is_superuser=True); "
        f"u.set_password({DEMO_PASSWORD!r}); u.save(); "
        f"from django.core.management import call_command; call_command('first_administrator', {username!r})"
    )
    run_on_site(folder, script)


def running_site(tmp_path_factory, env: dict[str, str] | None = None) -> Iterator[LiveSite]:
    """A live site for one test module, stopped after it; `env` overrides the server's environment."""
    live = LiveSite()
    live.start(tmp_path_factory.mktemp("site"), env=env)
    yield live
    live.stop()
