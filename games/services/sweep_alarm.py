"""The sweeper's alarm clock: a sweeper loop running in this process (`manage.py serve`'s embedded one, or
`manage.py sweeper`'s own) is woken at the moment something it owns falls due, instead of finding it at its next
idle poll (settings.KIBITZ_SWEEP_SECONDS later at worst).

The table service rings the alarm when it schedules a bot's move, a turn deadline or a next deal
(`ring_on_commit`), after its transaction commits, so the woken pass reads the committed row. A sweeper in another
process is not woken: it still finds the work at its next poll, as before. Waking early is harmless (a pass that
finds nothing waits again); waking late is what the poll bounds.
"""

from __future__ import annotations

import asyncio
import contextlib
from datetime import datetime

from django.utils import timezone

from platform_config.notify import in_process_on_commit

_listening: list[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = []


def listen(loop: asyncio.AbstractEventLoop, ring: asyncio.Event) -> None:
    """A sweeper loop on `loop` waits on `ring`: every alarm of this process sets it when it falls due."""
    _listening.append((loop, ring))


def stop_listening(ring: asyncio.Event) -> None:
    """The sweeper loop waiting on `ring` ended."""
    _listening[:] = [(loop, event) for loop, event in _listening if event is not ring]


def ring_at(*moments: datetime | None) -> None:
    """Wake every listening sweeper loop at each of `moments` (aware datetimes; None is skipped; a moment past
    is now). Safe from any thread; a loop already closed is skipped."""
    now = timezone.now()
    delays = [max(0.0, (moment - now).total_seconds()) for moment in moments if moment is not None]
    for loop, ring in list(_listening):
        for delay in delays:
            with contextlib.suppress(RuntimeError):  # the loop closed since it listened
                loop.call_soon_threadsafe(loop.call_later, delay, ring.set)


def ring_on_commit(*moments: datetime | None) -> None:
    """`ring_at(*moments)` once the caller's transaction commits (at once outside one); nothing when no sweeper
    loop listens in this process or no moment is given."""
    if _listening and any(moment is not None for moment in moments):
        in_process_on_commit(lambda: ring_at(*moments))
