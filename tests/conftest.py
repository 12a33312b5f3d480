"""Shared test switches.

Tests that need PostgreSQL or Redis use the `postgres` / `redis_url` fixtures: without the service they
skip, but under KIBITZ_REQUIRE_SERVICES=1 (CI) they fail, so a missing service can never pass silently.
"""

from __future__ import annotations

import os

import pytest
from django.conf import settings

# Every socket notification is round-tripped through JSON when queued (platform_config.notify), in this process
# and in the servers the browser tests start, so a payload that is not JSON fails the test that sent it.
os.environ["KIBITZ_NOTIFY_JSON_CHECK"] = "1"
settings.KIBITZ_NOTIFY_JSON_CHECK = True
# In-process tests let the sweeper apply bot moves itself, uncapped, so seeded bots stay reproducible; the servers
# the browser tests start, and tests/production/test_celery_work.py, send them to Celery workers.
settings.KIBITZ_BOTS_IN_WORKERS = False
settings.KIBITZ_BOT_CAP_SECONDS = 0


def pytest_report_header(config) -> str:
    """The tier and seed of this run (tests/volume.py), so a long run's failure can be repeated."""
    from tests import volume

    seed = volume.SEED or "(unset: the same deals in every run)"
    return f"kibitz: {volume.TIER} tier, KIBITZ_TEST_SEED={seed}"


# Slowest first, so that with pytest-xdist the short modules fill the end of the run on every worker instead of
# one worker ending alone on a long module: the browser tests (wherever they live: the staff pages' are under
# tests/ledger/), then the tests that start processes.
_PROCESS_TESTS = "tests/production/"


def pytest_collection_modifyitems(items) -> None:
    """Order the modules long-running kind first (a stable sort: each module keeps its own order)."""
    browser_modules = {item.nodeid.split("::")[0] for item in items if item.get_closest_marker("browser")}

    def rank(item) -> int:
        module = item.nodeid.split("::")[0]
        return 0 if module in browser_modules else 1 if module.startswith(_PROCESS_TESTS) else 2

    items.sort(key=rank)


@pytest.fixture(autouse=True)
def _fresh_frame_caches():
    """Each test starts with no cached table load or frame (games.reads.fanout): a rolled-back test's rows may
    come back in the next one under the same table id and version."""
    import sys

    fanout = sys.modules.get("games.reads.fanout")  # tests that never load it (the engines') stay Django-free
    if fanout is not None:
        fanout.forget_frames()
    yield
    fanout = sys.modules.get("games.reads.fanout")
    if fanout is not None:
        fanout.forget_frames()


@pytest.fixture(autouse=True)
def _default_language_after_each_test():
    """A request of the test client in another language leaves that language active in this thread (Django's
    LocaleMiddleware activates it and nothing deactivates it after the response): the next test of the worker
    would build its forms and errors in German. Engine tests never load Django's translation and stay free of it."""
    yield
    import sys

    translation = sys.modules.get("django.utils.translation")
    if translation is not None and settings.configured:
        translation.deactivate()


@pytest.fixture(autouse=True)
def _seeded_deals(request, monkeypatch):
    """In this process the table service shuffles and draws the first dealer from a generator seeded by the
    test's id (and KIBITZ_TEST_DEAL_SEED, to try other deals): a test that reads a table's first deal gets the
    same deal in every run, so a rare deal (a French Tarot petit sec, a Tarock redeal) fails it every time or
    never, not one CI run in a hundred. Deals a test fixes (fix_next_deal) are untouched; the servers the
    browser tests start shuffle from the CSPRNG as production does."""
    import random
    import sys

    shuffling = sys.modules.get("games.services.shuffling")  # loaded by every test module that makes tables
    if shuffling is not None:
        seed = f"{os.environ.get('KIBITZ_TEST_DEAL_SEED', '')}:{request.node.nodeid}"
        monkeypatch.setattr(shuffling, "_CSPRNG", random.Random(seed))


def _missing(what: str) -> None:
    if settings.KIBITZ_REQUIRE_SERVICES:
        pytest.fail(f"{what} is required (KIBITZ_REQUIRE_SERVICES=1) but not configured")
    pytest.skip(f"{what} not configured")


def _require_postgres() -> None:
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        _missing("PostgreSQL (DATABASE_URL)")


def _require_redis() -> str:
    url = os.environ.get("REDIS_URL", "")
    if not url:
        _missing("Redis (REDIS_URL)")
    return url


@pytest.fixture
def postgres() -> None:
    """Require the default database to be PostgreSQL."""
    _require_postgres()


@pytest.fixture
def redis_url() -> str:
    """Require Redis and return its URL."""
    return _require_redis()


def pytest_runtest_setup(item) -> None:
    """A test marked `services` needs both PostgreSQL and Redis: it skips with the reason where one is missing
    (the embedded default of a fresh clone) and fails under KIBITZ_REQUIRE_SERVICES=1."""
    if item.get_closest_marker("services") is not None:
        _require_postgres()
        _require_redis()


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium driven by Playwright (never a downloaded browser), one per test module; without the
    package the browser tests skip, but fail under KIBITZ_REQUIRE_SERVICES=1 (CI). Playwright's sync API runs an
    event loop in this thread, so Django's guard against synchronous ORM calls from async contexts is lifted for
    tests that also use the ORM in-process."""
    from tests.e2e.site import CHROMIUM, CHROMIUM_ARGS

    if not os.path.exists(CHROMIUM):
        _missing(f"Debian's Chromium ({CHROMIUM}; apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            yield chromium
            chromium.close()
    finally:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


@pytest.fixture(autouse=True)
def _no_rate_limits_left_over():
    """allauth's rate limits and lockouts live in the cache (Redis when REDIS_URL is set, which outlives a run):
    every test starts without counts from an earlier one. Only the cache's own keys go, never the channel
    layer's or Celery's in the same Redis database."""
    from django.core.cache import cache

    if settings.REDIS_URL:
        import redis

        client = redis.Redis.from_url(settings.REDIS_URL)
        keys = list(client.scan_iter(match="kibitz:*"))
        if keys:
            client.delete(*keys)
        client.close()
    else:
        cache.clear()
