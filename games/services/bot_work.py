"""Bots think in Celery workers (docs/deploy.md "Background work"): the sweeper sends each due bot move to the
workers once per table version; a worker computes the choice under a wall-clock cap and applies it through the
same guarded service path as any move (`play.bot_move`). A worker that is slow, lost or killed never blocks a
table: when no move came within settings.KIBITZ_BOT_REDISPATCH_SECONDS the sweeper sends the move again, and a
task whose version has passed does nothing (idempotent by version).
"""

from __future__ import annotations

import logging
import random
import secrets
import threading
from collections.abc import Callable
from typing import Any

from celery import current_app
from django.conf import settings
from django.core.cache import cache
from django.utils import timezone

from games.models import Round

from .play import bot_move

log = logging.getLogger(__name__)

QUICKEST_LEVEL = "beginner"
"""The fallback when a bot's thinking passes the cap: the same game's quickest bot, from the same seat's view."""

BOT_MOVE_TASK = "games.bot_move"


def _dispatch_key(table_id: int, version: int) -> str:
    return f"bot-dispatch:{table_id}:{version}"


def dispatch_due_bots() -> int:
    """Sweeper step: send `games.bot_move(table_id, version)` for every table whose bot is due, unless one was
    sent for that version less than settings.KIBITZ_BOT_REDISPATCH_SECONDS ago (marks in the shared cache).
    Returns how many were sent."""
    sent = 0
    due = Round.objects.filter(status=Round.Status.PLAYING, bot_due_at__lte=timezone.now()).values_list(
        "table_id", "table__version"
    )
    for table_id, version in due:
        if cache.add(_dispatch_key(table_id, version), 1, timeout=settings.KIBITZ_BOT_REDISPATCH_SECONDS):
            current_app.send_task(BOT_MOVE_TASK, args=[table_id, version])
            sent += 1
    return sent


def think_and_move(table_id: int, version: int) -> bool:
    """The worker's side: let the table's due bot act if the table is still at `version`, its thinking bounded
    by settings.KIBITZ_BOT_CAP_SECONDS (0: no cap, for seeded, reproducible bots). Returns whether it moved."""
    return bot_move(table_id, expected_version=version, decide=bot_decider())


def bot_decider() -> Callable[..., Any] | None:
    """How a bot's due move is decided outside tests: `capped_decision` while settings.KIBITZ_BOT_CAP_SECONDS is
    above 0, else None (the bot's own `choose`, uncapped: seeded, reproducible bots). The bots' moves and the
    seats' suggestions (games.consumers.table) decide alike."""
    return capped_decision if settings.KIBITZ_BOT_CAP_SECONDS > 0 else None


def capped_decision(game: Any, bot: Any, view: Any, seat: int, legal: list[Any], rng: random.Random) -> Any:
    """`bot.choose(view, seat, legal, rng)` if it answers within settings.KIBITZ_BOT_CAP_SECONDS, else the
    QUICKEST_LEVEL bot's choice from the same view (the slow search goes on in its daemon thread and its answer
    is dropped: a pure engine cannot be interrupted). Logged when the cap is hit."""
    answer: list[Any] = []
    failure: list[BaseException] = []
    done = threading.Event()

    def think() -> None:
        try:
            answer.append(bot.choose(view, seat, legal, rng))
        except BaseException as error:  # handed to the caller's thread
            failure.append(error)
        finally:
            done.set()

    threading.Thread(target=think, name="bot-thinking", daemon=True).start()
    if done.wait(settings.KIBITZ_BOT_CAP_SECONDS):
        if failure:
            raise failure[0]
        return answer[0]
    log.warning(
        "bot at seat %s passed the %.1f s cap; it plays the quickest choice",
        seat,
        settings.KIBITZ_BOT_CAP_SECONDS,
    )
    return game.bot(QUICKEST_LEVEL).choose(view, seat, legal, random.Random(secrets.randbits(64)))
