"""Logging filters of the site's LOGGING (docs/deploy.md "Logs")."""

from __future__ import annotations

import logging

from .outages import is_outage, note_outage


class ClientErrorWithoutTraceback(logging.Filter):
    """Keeps a 4xx line of `django.request` ("Forbidden (Permission denied): /path") and drops its traceback.

    Django passes the PermissionDenied or Http404 that made the answer as `exc_info`, so every refused request
    printed a traceback as if the site had failed; a client error is the client's, and one line says it. A 5xx
    record keeps its traceback. Returns True: the record is always logged."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if isinstance(status, int) and 400 <= status < 500:
            record.exc_info = None
            record.exc_text = None
        return True


class OutageWithoutTraceback(logging.Filter):
    """On the site's log handler: a record that carries an outage error (platform_config.outages: PostgreSQL or
    Redis out of reach) becomes the process's one outage warning (outages.note_outage) instead of a traceback per
    request, pass or reconnect attempt; `django.request`'s line for each 503 answer is dropped likewise. Every
    other record passes unchanged. Returns whether the record is logged."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if error is not None and is_outage(error):
            note_outage(error)
            return False
        return not (record.name == "django.request" and getattr(record, "status_code", None) == 503)
