"""Abandoned tables (docs/decisions-tables.md "Absence"): a table at which no seated person has had a socket for
settings.KIBITZ_ABANDONED_MINUTES stops dealing and leaves the lobby. It closes (`closed` event with reason
`abandoned`); a deal in progress is aborted and its settlement unit released (`settlement.unit_aborted`), as is
a Jass stakes match between its deals. Spectators do not keep a table alive: only its people count, whether
they still hold their seat or a bot plays it while they are away.

Run by the Celery beat job `games.tables_cleanup` (games.tasks; in the embedded mode by the beat thread of
`manage.py serve`), every settings.KIBITZ_TABLES_CLEANUP_SECONDS.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.errors import ServiceError
from games.models import Round, Seat, Table
from games.realtime import sockets

from . import absence, seating, settlement
from .locking import lock_table

log = logging.getLogger(__name__)


def clean_up(now: datetime | None = None) -> list[int]:
    """The clean-up job: start the absence clocks of seated people whose sockets vanished silently
    (`absence.note_silent_sockets`), then close every open or playing table abandoned at `now` (default: now).
    Returns the ids of the tables closed."""
    now = now or timezone.now()
    absence.note_silent_sockets(now)
    cutoff = now - timedelta(minutes=settings.KIBITZ_ABANDONED_MINUTES)
    candidates = (
        Seat.objects.filter(seating.PEOPLES_SEATS, away_since__lte=cutoff, table__status__in=absence.SEATED)
        .values_list("table_id", flat=True)
        .distinct()
    )
    closed = []
    for table_id in sorted(set(candidates)):
        try:
            if close_if_abandoned(table_id, cutoff):
                closed.append(table_id)
        except ServiceError as error:
            log.warning("abandoned table %s not closed: %s", table_id, error)
    return closed


def close_if_abandoned(table_id: int, cutoff: datetime) -> bool:
    """Close the table if it is open or playing, has people, and every one of them has been away since `cutoff`
    or earlier with no live socket now (rechecked under the table lock). A running settlement unit is released
    first. Returns whether it closed. Raises ServiceError("no_table")."""
    with transaction.atomic():
        table = lock_table(table_id)
        if table.status not in absence.SEATED:
            return False
        people = list(Seat.objects.filter(seating.PEOPLES_SEATS, table=table))
        if not people or any(s.away_since is None or s.away_since > cutoff for s in people):
            return False
        persons = [s.replaced_id if s.is_bot else s.user_id for s in people]
        if any(p is not None and sockets.has_socket(table.pk, p) for p in persons):
            return False
        _release_running_unit(table)
        seating.close(table, reason="abandoned")
        log.info("table %s abandoned: closed", table.pk)
    return True


def _release_running_unit(table: Table) -> None:
    """The deal in progress is aborted (no result, no payments) and its unit released; a per-match unit between
    deals is released too (`settlement.unit_aborted` on the match's last round, which has no payments yet)."""
    running = seating.unit_running(table)
    rnd = Round.objects.filter(table=table, status=Round.Status.PLAYING).first()
    if rnd is not None:
        rnd.status = Round.Status.ABORTED
        rnd.finished_at = timezone.now()
        rnd.deadline, rnd.deadlines, rnd.bot_due_at = None, {}, None
        settlement.unit_aborted(table, rnd)
        rnd.save()
    elif running:
        last = Round.objects.filter(table=table).order_by("-number").first()
        if last is not None:
            settlement.unit_aborted(table, last)
            last.save(update_fields=["settlement"])
