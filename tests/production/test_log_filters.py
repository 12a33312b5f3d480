"""A refused request logs one line without a traceback; a server error keeps its traceback (docs/deploy.md "Logs")."""

from __future__ import annotations

import logging

import pytest
from django.core.exceptions import PermissionDenied
from django.utils.log import log_response

from platform_config.log_filters import ClientErrorWithoutTraceback


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
