"""What a page and the logs make of an outage of PostgreSQL or Redis (platform_config/outages.py, unavailable.py,
fallback_cache.py, log_filters.py; docs/deploy.md "Outages")."""

from __future__ import annotations

import logging

import psycopg
import pytest
import redis.exceptions
from django.core.cache.backends.redis import RedisCache
from django.db import OperationalError
from django.test import RequestFactory

from platform_config import outages, unavailable
from platform_config.fallback_cache import FallbackRedisCache
from platform_config.log_filters import OutageWithoutTraceback

from ..tables.test_socket_outages import database_gone


@pytest.fixture(autouse=True)
def fresh_warnings(monkeypatch):
    monkeypatch.setattr(outages, "_warned_at", {})


def raised(error: Exception, cause: Exception | None = None, during: Exception | None = None) -> Exception:
    try:
        try:
            if during is not None:
                raise during
        except Exception:
            raise error from cause
        raise error from cause
    except Exception as caught:
        return caught


def test_it_tells_an_outage_from_a_deadlock_and_from_a_bug():
    assert outages.outage_service(database_gone()) == "PostgreSQL"
    assert outages.is_outage(raised(OperationalError("x"), psycopg.errors.AdminShutdown("terminating")))
    assert not outages.is_outage(raised(OperationalError("x"), psycopg.errors.DeadlockDetected("deadlock")))
    assert outages.outage_service(redis.exceptions.ConnectionError("refused")) == "Redis"
    assert outages.is_outage(redis.exceptions.TimeoutError("slow"))
    # a bug met while handling an outage is a bug
    assert not outages.is_outage(
        raised(AttributeError("hostname"), during=redis.exceptions.ConnectionError("x"))
    )
    assert not outages.is_outage(ValueError("no"))


def test_an_outage_is_one_warning_per_service_and_minute(caplog):
    with caplog.at_level(logging.WARNING, logger="platform_config.outages"):
        for _ in range(5):
            outages.note_outage(database_gone())
            outages.note_outage(redis.exceptions.ConnectionError("Error 111"))
    lines = [r.getMessage() for r in caplog.records if r.name == "platform_config.outages"]
    assert len(lines) == 2 and lines[0].startswith("PostgreSQL is out of reach (OperationalError")
    assert all(r.exc_info is None for r in caplog.records)


def test_the_log_handler_turns_an_outage_traceback_into_the_warning(caplog):
    record = logging.getLogger("daphne.server").makeRecord(
        "daphne.server", logging.ERROR, __file__, 1, "Exception inside application", (), None
    )
    error = database_gone()
    record.exc_info = (type(error), error, None)
    bug = logging.getLogger("x").makeRecord("x", logging.ERROR, __file__, 1, "boom", (), None)
    bug.exc_info = (ValueError, ValueError("boom"), None)
    request = logging.getLogger("django.request").makeRecord(
        "django.request",
        logging.ERROR,
        __file__,
        1,
        "Service Unavailable: /",
        (),
        None,
        extra={"status_code": 503},
    )
    keep = OutageWithoutTraceback()
    with caplog.at_level(logging.WARNING, logger="platform_config.outages"):
        assert keep.filter(record) is False
        assert keep.filter(request) is False
        assert keep.filter(bug) is True
    assert [r.name for r in caplog.records] == ["platform_config.outages"]


def test_the_cache_answers_as_an_empty_cache_while_redis_is_away(unused_tcp_port):
    location = f"redis://127.0.0.1:{unused_tcp_port}/0"  # nothing listens there
    options = {"OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1}}
    cache = FallbackRedisCache(location, options)
    assert cache.get("k", "default") == "default"
    assert cache.get_many(["k"]) == {}
    assert cache.add("lock", 1) is False  # allauth's rate limits fail closed on it
    cache.set("k", 1)
    cache.delete("k")
    assert not cache.has_key("k")
    with pytest.raises(ValueError):
        cache.incr("k")
    with pytest.raises(redis.exceptions.ConnectionError):
        RedisCache(location, options).get("k")  # what the pages met before


def test_a_page_gets_the_translated_503_with_retry_after_when_the_database_stays_away(monkeypatch, settings):
    tries = []

    def gone():
        tries.append(True)
        raise database_gone()

    monkeypatch.setattr(unavailable, "_ping", gone)
    monkeypatch.setattr(outages, "DATABASE_WAIT_SECONDS", 0.3)
    request = RequestFactory().get("/", HTTP_ACCEPT_LANGUAGE="de")
    from django.utils import translation

    with translation.override("de"):
        response = unavailable.DatabaseWaitMiddleware(lambda r: pytest.fail("the view ran"))(request)
    assert response.status_code == 503 and response["Retry-After"] == "5"
    assert "Gleich wieder da" in response.content.decode()
    assert len(tries) > 1  # tried again before giving up


def test_an_outage_met_by_a_view_is_a_503_and_any_other_failure_a_500():
    request = RequestFactory().get("/")
    try:
        raise database_gone()
    except OperationalError:
        assert unavailable.server_error(request).status_code == 503
    try:
        raise ValueError("a bug")
    except ValueError:
        assert unavailable.server_error(request).status_code == 500
