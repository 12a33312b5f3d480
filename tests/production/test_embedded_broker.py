"""The embedded mode's broker (no REDIS_URL: platform_config.embedded_worker runs Celery in `manage.py serve`'s
process over kombu's in-memory transport) names its host, so kombu never warns that it reverts to localhost."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.repo import ROOT

# What the embedded worker and beat do with the broker: a connection from the site's Celery app, its info read
# (kombu reads it when a worker starts, and when it clones the connection for beat and the producer pool).
CONNECT = """
import django
django.setup()
from platform_config import celery_app
with celery_app.connection_for_write() as connection:
    print(connection.transport_cls, connection.info()["hostname"], connection.clone().info()["hostname"])
"""


def test_the_embedded_broker_connects_without_kombus_no_hostname_warning():
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DJANGO_SETTINGS_MODULE")}
    env["DJANGO_SETTINGS_MODULE"] = "platform_config.settings"
    done = subprocess.run(
        [sys.executable, "-c", CONNECT], env=env, cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    output = done.stdout + done.stderr  # the site's LOGGING writes to stdout
    assert done.stdout.splitlines()[-1].split() == ["memory", "localhost", "localhost"], output
    assert "No hostname was supplied" not in output, output
