"""The Celery app: bot moves (games.tasks) and the ledger close (ledger.tasks); docs/deploy.md "Background work".

With REDIS_URL the broker is Redis and `celery -A platform_config worker` / `beat` run apart; without it the broker
is in-process and `manage.py serve` runs a worker and the schedule in its own threads
(platform_config.embedded_worker), so no external service is needed.
"""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "platform_config.settings")

app = Celery("kibitz")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
