"""Celery tasks of the tables (docs/deploy.md "Background work")."""

from __future__ import annotations

from celery import shared_task

from games.services.bot_work import BOT_MOVE_TASK, think_and_move


@shared_task(name=BOT_MOVE_TASK, ignore_result=True)
def bot_move(table_id: int, version: int) -> bool:
    """A due bot's move at `table_id`, if the table is still at `version` (games.services.bot_work)."""
    return think_and_move(table_id, version)
