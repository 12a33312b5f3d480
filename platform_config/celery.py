"""The Celery app: turn deadlines, bot moves and report jobs (docs/design.md "Layout").

Without REDIS_URL the broker is in-memory and tasks run eagerly, so no external service is needed.
"""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "platform_config.settings")

app = Celery("kibitz")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
