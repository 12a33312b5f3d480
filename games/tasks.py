"""Celery tasks (docs/design.md "Layout"): the sweeper as a beat-driven task for deployments that prefer
Celery workers to `manage.py sweeper`. Same guarded service path either way."""

from __future__ import annotations

from celery import shared_task

from games.services.sweeper import sweep_once


@shared_task(name="games.sweep")
def sweep() -> int:
    """One sweeper pass (due bots, passed deadlines, pending next deals); returns how many were applied.
    Schedule it with Celery beat every second or so; running it twice at once is harmless."""
    return sweep_once()
