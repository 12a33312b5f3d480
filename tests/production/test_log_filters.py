"""A refused request logs one line without a traceback; a server error keeps its traceback (docs/deploy.md "Logs")."""

from __future__ import annotations

import logging

import pytest
from django.core.exceptions import PermissionDenied
from django.utils.log import log_response

from platform_config.log_filters import ClientErrorWithoutTraceback, OutageWithoutTraceback


class Answer:
    def __init__(self, status_code: int) -> None:
        self.status_code = status_code
        self._has_been_logged = False


def records_of(status: int, caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    logger = logging.getLogger("django.request")
    kept = ClientErrorWithoutTraceback()
    logger.addFilter(kept)
    try:
        with caplog.at_level(logging.WARNING, logger="django.request"):
            try:
                raise PermissionDenied("not yours")
            except PermissionDenied as error:
                log_response("Refused: %s", "/tables/1/", response=Answer(status), exception=error)
    finally:
        logger.removeFilter(kept)
    return [r for r in caplog.records if r.name == "django.request"]


def test_a_client_error_is_one_line_without_a_traceback(caplog):
    [record] = records_of(403, caplog)
    assert record.getMessage() == "Refused: /tables/1/" and record.exc_info is None
    assert "Traceback" not in caplog.text


def test_a_server_error_keeps_its_traceback(caplog):
    [record] = records_of(500, caplog)
    assert record.exc_info is not None and "Traceback" in caplog.text


def test_the_site_logging_filters_django_request():
    from django.conf import settings

    assert "client_error_without_traceback" in settings.LOGGING["loggers"]["django.request"]["filters"]


def _handlers_that_print(name: str, record: logging.LogRecord) -> list[logging.Handler]:
    """The handlers a record of logger `name` reaches and passes, as Logger.callHandlers walks them."""
    logger: logging.Logger | None = logging.getLogger(name)
    reached = []
    while logger is not None:
        reached += [h for h in logger.handlers if record.levelno >= h.level and h.filter(record)]
        logger = logger.parent if logger.propagate else None
    return reached


def test_a_django_warning_is_printed_once_through_the_outage_filter(settings):
    """`make run` (DEBUG) printed every django.* warning twice: plain, from Django's default console handler on the
    `django` logger, and again with a timestamp from the site's root handler. Only the root handler prints it."""
    settings.DEBUG = True  # Django's own console handler prints only in DEBUG
    for name in ("django.request", "django.security.DisallowedHost", "django"):
        record = logging.LogRecord(name, logging.WARNING, __file__, 1, "Bad Request: /tables/2/", None, None)
        reached = _handlers_that_print(name, record)
        root = logging.getLogger().handlers  # the site's console handler (and pytest's capturing ones)
        assert [h for h in reached if h not in root] == [], name  # no handler of a django logger of its own
        assert len([h for h in reached if any(isinstance(f, OutageWithoutTraceback) for f in h.filters)]) == 1
