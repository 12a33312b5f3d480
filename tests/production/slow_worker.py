"""A Celery app whose bots think for a minute (a test double for the killed-worker test): it is the project's app
with games.services.bot_work's `bot_move` replaced by one that marks the thinking started, then sleeps."""

from __future__ import annotations

import os
import time
from pathlib import Path

from platform_config.celery import app

__all__ = ["app"]


def _slow_bot_move(table_id: int, **_kwargs: object) -> bool:
    Path(os.environ["KIBITZ_TEST_THINKING_MARK"]).write_text(str(table_id))
    time.sleep(60)
    return False


def _patch() -> None:
    import django

    django.setup()
    from games.services import bot_work

    bot_work.bot_move = _slow_bot_move  # type: ignore[assignment]


_patch()
