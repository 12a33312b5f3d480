"""Celery tasks of the tables (docs/deploy.md "Background work"); each runs again after an outage of PostgreSQL or
Redis it meets (platform_config.outages.TASK_RETRY)."""

from __future__ import annotations

from celery import shared_task

from games.services.abandoned import clean_up
from games.services.bot_work import BOT_MOVE_TASK, think_and_move
from platform_config.outages import TASK_RETRY

CLEANUP_TASK = "games.tables_cleanup"


@shared_task(name=BOT_MOVE_TASK, ignore_result=True, **TASK_RETRY)
def bot_move(table_id: int, version: int) -> bool:
    """A due bot's move at `table_id`, if the table is still at `version` (games.services.bot_work)."""
    return think_and_move(table_id, version)


@shared_task(name=CLEANUP_TASK, ignore_result=True, **TASK_RETRY)
def tables_cleanup() -> int:
    """The tables' clean-up (Celery beat, every settings.KIBITZ_TABLES_CLEANUP_SECONDS): absence clocks for
    people whose sockets vanished, and abandoned tables closed (games.services.abandoned). Returns how many
    tables closed."""
    return len(clean_up())
