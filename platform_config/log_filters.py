"""Logging filters of the site's LOGGING (docs/deploy.md "Logs")."""

from __future__ import annotations

import logging


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
