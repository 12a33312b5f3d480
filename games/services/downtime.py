"""Deadlines survive downtime (docs/decisions-tables.md "Downtime"): every sweeper pass notes itself in the
SweeperBeat row; a pass that finds the last beat older than GRACE knows the service was down for that gap and
moves every running deadline (turn deadlines, bots' due times, next deals) later by it, the way lichess moves
clocks after a restart. No turn then times out for an outage, and the tables whose turns expired during one do
not all time out together. After downtime and at a sweeper process's first beat (the server's start), the
absence clocks that started as the server went down start again and older ones pause for the gap
(games.services.absence.restart_clocks), so an outage makes nobody absent and nobody long gone present."""

from __future__ import annotations

import logging
import time
from datetime import timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from games.models import Round, SweeperBeat, Table

from .absence import restart_clocks
from .round_flow import seat_deadline_at

log = logging.getLogger(__name__)

GRACE = timedelta(seconds=5)
"""A gap between two beats up to this is normal work (a slow pass, a restart within seconds), not downtime."""

BEAT_EVERY_SECONDS = 1.0
"""How often one sweeper writes its beat (the passes between only read the clock)."""

_last_write = [0.0]  # this process's monotonic time of its last beat
_started = [False]  # whether this process has beaten once (its first beat is the server's start)


def note_pass() -> timedelta:
    """Called at the start of every sweeper pass: at most every BEAT_EVERY_SECONDS, lock the beat row, and if the
    last beat is older than GRACE shift every running deadline by the gap, and on such a gap or this process's
    first beat restart every absence clock; then beat. Returns the shift
    (timedelta(0) when there was none). Several sweepers at once shift once: the row lock orders them and the
    second one finds a fresh beat."""
    if time.monotonic() - _last_write[0] < BEAT_EVERY_SECONDS:
        return timedelta(0)
    with transaction.atomic():
        now = timezone.now()
        row = SweeperBeat.objects.select_for_update().filter(pk=1).first()
        gap = now - row.beat_at if row is not None else timedelta(0)
        if gap > GRACE:
            shift_deadlines(gap)
            log.warning(
                "the sweepers were down for %.1f s: every running deadline moved that much later",
                gap.total_seconds(),
            )
        if gap > GRACE or not _started[0]:  # nobody is absent for an outage or a restart
            restart_clocks(now, last_beat=row.beat_at if row is not None else None, grace=GRACE)
            _started[0] = True
        SweeperBeat.objects.update_or_create(pk=1, defaults={"beat_at": now})
    _last_write[0] = time.monotonic()
    return gap if gap > GRACE else timedelta(0)


def shift_deadlines(by: timedelta) -> int:
    """Move every running deadline `by` later: the turn deadlines (each seat's and the earliest) and the bot's due
    time of each round being played, and the next deal of each playing table. Returns how many rows moved."""
    playing = Round.objects.filter(status=Round.Status.PLAYING)
    for rnd in playing.exclude(deadlines={}).only("deadlines"):  # each seat's own deadline moves too
        rnd.deadlines = {seat: (seat_deadline_at(at) + by).isoformat() for seat, at in rnd.deadlines.items()}
        rnd.save(update_fields=["deadlines"])
    moved = playing.filter(deadline__isnull=False).update(deadline=F("deadline") + by)
    moved += playing.filter(bot_due_at__isnull=False).update(bot_due_at=F("bot_due_at") + by)
    moved += Table.objects.filter(status=Table.Status.PLAYING, next_deal_at__isnull=False).update(
        next_deal_at=F("next_deal_at") + by
    )
    return moved
