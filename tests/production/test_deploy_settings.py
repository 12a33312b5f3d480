"""The production settings: `check --deploy` is clean with the production variables of .env.example, the
security headers are sent, /healthz answers, and logs are JSON lines (docs/deploy.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.repo import ROOT

BLOCK = "# --- Production (docs/deploy.md)"


def production_variables() -> dict[str, str]:
    """The KEY=value lines of .env.example's production block (commented out there)."""
    lines = (ROOT / ".env.example").read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(BLOCK))
    found: dict[str, str] = {}
    for line in lines[start + 1 :]:
        if line.startswith("# ---"):
            break
        text = line.removeprefix("# ").strip()
        if "=" in text and text.split("=", 1)[0].isupper():
            key, value = text.split("=", 1)
            found[key] = value
    return found


def run_manage(*args: str, extra: dict[str, str]) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "KIBITZ_"))}
    env.pop("DATABASE_URL", None)
    env.pop("REDIS_URL", None)
    env.update(extra)
    return subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_production_block_turns_debug_off():
    variables = production_variables()
    assert variables["DJANGO_DEBUG"] == "0"
    assert {"DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS", "KIBITZ_PROXY_SSL_HEADER"} <= variables.keys()


def test_check_deploy_is_clean_with_the_production_variables():
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", extra=production_variables())
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_check_deploy_without_the_switches_names_what_is_missing():
    """The test above can fail: turning the switches off brings Django's warnings back."""
    variables = {
        **production_variables(),
        "KIBITZ_SSL_REDIRECT": "0",
        "KIBITZ_SECURE_COOKIES": "0",
        "KIBITZ_HSTS_SECONDS": "0",
    }
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", extra=variables)
    assert result.returncode != 0
    for warning in ("security.W004", "security.W008", "security.W012", "security.W016"):
        assert warning in result.stdout + result.stderr


def test_production_logs_are_one_json_object_per_line():
    code = "import logging, django; django.setup(); logging.getLogger('kibitz.test').warning('seat %s', 3)"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "KIBITZ_"))}
    env.update(production_variables())
    env.pop("DATABASE_URL", None)
    env.pop("REDIS_URL", None)
    env["DJANGO_SETTINGS_MODULE"] = "platform_config.settings"
    result = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    assert len(lines) == 1, result.stdout + result.stderr
    event = json.loads(lines[0])
    assert event["message"] == "seat 3" and event["level"] == "WARNING" and event["logger"] == "kibitz.test"


@pytest.mark.django_db
def test_pages_carry_the_content_security_policy(client):
    answer = client.get("/accounts/login/")
    policy = answer.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy
    assert answer.headers["X-Frame-Options"] == "DENY"


@pytest.mark.django_db
def test_healthz_reports_the_database_and_redis(client, settings):
    answer = client.get("/healthz")
    assert answer.status_code == 200
    body = answer.json()
    assert body["status"] == "ok" and body["database"] == "ok"
    assert body["redis"] == ("ok" if settings.REDIS_URL else "not configured")


@pytest.mark.django_db
def test_healthz_answers_503_when_redis_is_unreachable(client, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    answer = client.get("/healthz")
    assert answer.status_code == 503
    assert answer.json() == {"status": "failing", "database": "ok", "redis": "error"}
