"""The sweeper: lets bots take the seats of absent people (games.services.absence), applies passed turn deadlines
and pending next deals from the database, and sends due bot moves
to the Celery workers (games.services.bot_work; with settings.KIBITZ_BOTS_IN_WORKERS off it applies them
itself), each through the service's guarded path (docs/design.md "A move, end to end" 5).

One loop, `sweep_forever`, runs it: as `manage.py sweeper` beside the web processes, or as a task on Daphne's
event loop inside `manage.py serve` (the embedded mode). Several sweepers may run at once: every step re-checks
the table's version under its lock.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections
from django.utils import timezone

from games.engines.core.errors import RuleError
from games.errors import ServiceError
from games.models import Round, Table

from . import absence, sweep_alarm
from .bot_work import dispatch_due_bots
from .downtime import note_pass
from .play import apply_timeout, bot_move
from .tables import start_next_round

log = logging.getLogger(__name__)


def sweep_once() -> int:
    """One pass over everything due now: every job of PASSES in turn, each with the same `now`. Returns how many
    actions or deals were applied."""
    now = timezone.now()
    return sum(run(now) for _job, run in PASSES)


def _absences(now: datetime) -> int:
    """A bot takes the seat of each person absent for longer than their table's absence time."""
    return sum(
        _guard(table_id, absence.take_over, table_id, seat) for table_id, seat in absence.due_absences(now)
    )


def _bot_dispatch(now: datetime) -> int:
    """Each due bot move goes to the workers (counted as nothing applied: the workers' moves come back through
    the service); with settings.KIBITZ_BOTS_IN_WORKERS off the sweeper applies it here instead."""
    if settings.KIBITZ_BOTS_IN_WORKERS:
        dispatch_due_bots()
        return 0
    due = Round.objects.filter(status=Round.Status.PLAYING, bot_due_at__lte=now).values_list(
        "table_id", flat=True
    )
    return sum(_guard(table_id, bot_move, table_id) for table_id in due)


def _turn_deadlines(now: datetime) -> int:
    """The move of each round whose turn deadline has passed times out."""
    due = Round.objects.filter(status=Round.Status.PLAYING, deadline__lte=now).values_list(
        "table_id", "table__version"
    )
    return sum(_guard(table_id, apply_timeout, table_id, version) for table_id, version in due)


def _next_deals(now: datetime) -> int:
    """Each playing table whose next deal is due deals it."""
    due = Table.objects.filter(status=Table.Status.PLAYING, next_deal_at__lte=now).values_list(
        "id", "version"
    )
    return sum(_guard(table_id, start_next_round, table_id, version) for table_id, version in due)


PASSES: tuple[tuple[str, Callable[[datetime], int]], ...] = (
    ("absences", _absences),
    ("bot dispatch", _bot_dispatch),
    ("turn deadlines", _turn_deadlines),
    ("next deals", _next_deals),
)
"""The sweeper's jobs as `sweep_once` runs them, in this order: (job name, step taking the pass's `now` and
returning how many actions or deals it applied). Each name is a row of docs/deploy.md "Jobs and their owners"."""

JOBS: tuple[tuple[str, Callable[..., object]], ...] = (("downtime beat", note_pass), *PASSES)
"""Every job the sweeper owns, in the order one turn of its loop runs them (`_one_pass`): the downtime beat first,
outside `sweep_once` (which the tests call on a clock of their own), then PASSES."""


def _guard(table_id: int, step: Callable[..., object], *args: object) -> int:
    """Run one step at a table; 1 if it applied something, 0 if not or if it was refused or failed (logged)."""
    try:
        return int(bool(step(*args)))
    except (ServiceError, RuleError) as error:
        log.warning("sweeper step at table %s refused: %s", table_id, error)
    except Exception:
        log.exception("sweeper step at table %s failed", table_id)
    return 0


def _one_pass() -> int:
    close_old_connections()  # a long-lived worker thread must not keep a connection the server dropped
    note_pass()  # JOBS' first: after downtime, every running deadline first moves later by it (games.services.downtime)
    return sweep_once()  # the rest of JOBS


async def sweep_forever(stop: asyncio.Event | None = None) -> None:
    """Sweep until `stop` is set (never, without one): each pass runs `sweep_once` in a worker thread; after a
    pass that applied nothing, wait settings.KIBITZ_SWEEP_SECONDS, or less: until `stop`, or until this
    process's table service rings the alarm for work falling due (games.services.sweep_alarm). A failing pass
    is logged and the loop goes on. Runs on the caller's event loop: `asyncio.run` for `manage.py sweeper`,
    Daphne's loop for `manage.py serve`, so there the notifications reach that process's channel layer."""
    stop = stop or asyncio.Event()
    ring = asyncio.Event()
    sweep_alarm.listen(asyncio.get_running_loop(), ring)
    try:
        while not stop.is_set():
            ring.clear()  # an alarm that falls due during the pass ends the wait after it at once
            try:
                done = await sync_to_async(_one_pass, thread_sensitive=False)()
            except Exception:
                log.exception("sweep failed")
                done = 0
            if not done:
                await _first_of(stop, ring, settings.KIBITZ_SWEEP_SECONDS)
    finally:
        sweep_alarm.stop_listening(ring)


async def _first_of(stop: asyncio.Event, ring: asyncio.Event, seconds: float) -> None:
    """Wait until `stop` or `ring` is set, or `seconds` have passed."""
    waits = [asyncio.ensure_future(stop.wait()), asyncio.ensure_future(ring.wait())]
    try:
        await asyncio.wait(waits, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for wait in waits:
            wait.cancel()
