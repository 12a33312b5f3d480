"""`/healthz`: whether this process reaches its database and, when configured, Redis (for the proxy's and the
orchestrator's probes; docs/deploy.md)."""

from __future__ import annotations

import logging

import redis
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache

log = logging.getLogger(__name__)


def _database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return "ok"


def _redis() -> str:
    if not settings.REDIS_URL:
        return "not configured"
    client = redis.Redis.from_url(settings.REDIS_URL, **settings.REDIS_SOCKET_OPTIONS)
    try:
        client.ping()
    finally:
        client.close()
    return "ok"


@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    """GET → 200 `{"status": "ok", "database": "ok", "redis": "ok" | "not configured"}`, or 503 with
    `"status": "failing"` and the failing check's value `"error"` (the error is logged, never shown)."""
    checks: dict[str, str] = {}
    for name, check in (("database", _database), ("redis", _redis)):
        try:
            checks[name] = check()
        except Exception:
            log.exception("health check %s failed", name)
            checks[name] = "error"
    failing = "error" in checks.values()
    return JsonResponse({"status": "failing" if failing else "ok", **checks}, status=503 if failing else 200)
