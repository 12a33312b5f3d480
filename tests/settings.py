"""The tests' settings: the site's (platform_config.settings) plus the tests' own game, registered and served the
way README.md "Adding a game" says, so that no file outside tests/ names it."""

from __future__ import annotations

import os
import re

# Under pytest-xdist each worker (gw0, gw1, ...) takes a Redis database of its own, the base database's number
# plus its index, so that one worker's cleanup of `kibitz:*` keys, its socket registry and its Celery queue never
# touch another's; os.environ carries the URL to the sites and workers the tests start. (PostgreSQL needs
# nothing: pytest-django gives each worker its own test database.)
_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
_REDIS = re.fullmatch(r"(redis://[^/]+)/(\d+)", os.environ.get("REDIS_URL", ""))
if _WORKER.startswith("gw") and _REDIS and not os.environ.get("KIBITZ_TEST_REDIS_PER_WORKER"):
    os.environ["REDIS_URL"] = f"{_REDIS[1]}/{int(_REDIS[2]) + int(_WORKER[2:])}"
    os.environ["KIBITZ_TEST_REDIS_PER_WORKER"] = (
        "1"  # a settings module imported again leaves the URL as it is
    )

# The tests' PostgreSQL sessions, and those of the sites and workers they start (libpq reads PGOPTIONS), commit
# without waiting for the write-ahead log to reach the disk: 1 ms a commit instead of 3-6 on CI's machine, for the
# test databases' migrations and every committing test. Nothing is lost unless the server itself crashes (the
# chaos test cuts PostgreSQL with a proxy; the server keeps running).
os.environ.setdefault("PGOPTIONS", "-c synchronous_commit=off")

from platform_config.settings import *  # noqa: E402, F403
from platform_config.settings import BASE_DIR, STATICFILES_DIRS  # noqa: E402

KIBITZ_GAME_PACKAGES = ["tests.tables.minigame"]
STATICFILES_DIRS = [*STATICFILES_DIRS, BASE_DIR / "tests" / "tables" / "minigame" / "static"]

# Staff's second factor (ledger/second_factor.py): off for the tests that are about something else, so a staff
# client signed in with force_login reaches the back office; tests/ledger/test_second_factor.py and the browser
# test of enrolment turn it on. The sites the browser tests start inherit the environment.
os.environ.setdefault("KIBITZ_STAFF_SECOND_FACTOR", "0")
KIBITZ_STAFF_SECOND_FACTOR = False
