"""A person who is gone (docs/decisions-tables.md "Absence"): when every socket of a seated person has been closed
for longer than the absence time (settings.KIBITZ_ABSENCE_SECONDS, or the table's turn time when unset), a bot of
the table's level plays their seat (`seating.bot_takes_seat`, reason `absent`) and every frame says so, until the
person's next socket at the table gives the seat back. At a stakes table the seat is freed when the running
settlement unit ends (at once when none runs), so nobody's money is played for long in their absence.

The absence clock is `Seat.away_since`: set when the person's last socket closes (`note_gone`, from the socket's
close path) or when the clean-up job finds a seated person with no live socket (a web process died without closing
its sockets), cleared when a socket opens. An outage makes nobody absent: when the sweepers were down, and when a
sweeper process starts, a clock that started as the server went down starts again from that moment, and an older
one stops for the outage (`restart_clocks`, called by games.services.downtime).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from games.models import Seat, Table
from games.realtime import sockets

from . import rated_results, seating
from .events import append_event
from .locking import lock_table
from .round_flow import reschedule_current

SEATED = (Table.Status.OPEN, Table.Status.PLAYING)
"""The statuses at which a table's people hold seats that absence concerns (the lobby lists these tables)."""


def absence_time(table: Table) -> timedelta:
    """How long a seated person may be without a socket before a bot plays for them: settings
    .KIBITZ_ABSENCE_SECONDS (seconds), or the table's turn time (`Table.turn_seconds`) when that is None."""
    seconds = settings.KIBITZ_ABSENCE_SECONDS
    return timedelta(seconds=table.turn_seconds if seconds is None else seconds)


def note_gone(table_id: int, user_id: int, seat: int) -> bool:
    """The person `user_id` at seat `seat` closed their last socket at the table: their absence clock starts now
    (kept if it already runs). Only at an open or playing table, and only while the person still holds the seat.
    Returns whether a clock started. No table event: nothing public changes until a bot takes the seat."""
    marked = Seat.objects.filter(
        table_id=table_id,
        number=seat,
        user_id=user_id,
        bot_level="",
        away_since__isnull=True,
        table__status__in=SEATED,
    ).update(away_since=timezone.now())
    return marked > 0


def come_back(table_id: int, user: Any) -> bool:
    """A socket of `user` opens at the table: their absence clock stops, and a seat a bot plays for them because
    they were absent is theirs again at once (mid-deal too: a `back` event, and the seat's move, if due, gets a
    fresh turn time while the bot's due time is dropped). Called by the table socket before it looks up the
    user's seat. Returns whether a seat was given back (False too at a table that is neither open nor playing)."""
    if not getattr(user, "is_authenticated", False):
        return False
    mine = Q(user=user, bot_level="", away_since__isnull=False) | Q(bot_reason="absent", replaced=user)
    if not Seat.objects.filter(mine, table_id=table_id).exists():
        return False  # the usual case, without a lock: present, or never seated here
    with transaction.atomic():
        # The lock orders this against a bot taking the seat (`take_over`): either the bot took it first and
        # the seat comes back here, or the clock is stopped here first and the bot does not take it.
        table = lock_table(table_id)
        Seat.objects.filter(table=table, user=user, bot_level="").update(away_since=None)
        seat = Seat.objects.filter(table=table, bot_reason="absent", replaced=user).first()
        if seat is None or table.status not in SEATED:
            return False
        seat.user, seat.bot_level, seat.bot_reason, seat.replaced = user, "", "", None
        seat.free_after_unit = False
        seat.away_since = None
        seat.save(
            update_fields=["user", "bot_level", "bot_reason", "replaced", "free_after_unit", "away_since"]
        )
        append_event(table, "back", seat=seat.number, data={"user": user.pk})
        reschedule_current(table, fresh_for=seat.number)
    return True


def due_absences(now: datetime | None = None) -> list[tuple[int, int]]:
    """The sweeper's list: `(table id, seat number)` of each person at a playing table whose absence clock has
    run past the table's absence time at `now` (default: now), oldest first."""
    now = now or timezone.now()
    away = Seat.objects.filter(
        away_since__isnull=False, bot_level="", user__isnull=False, table__status=Table.Status.PLAYING
    ).select_related("table")
    return [
        (seat.table_id, seat.number)
        for seat in sorted(away, key=lambda s: (s.away_since, s.table_id, s.number))
        if seat.away_since is not None and now - seat.away_since >= absence_time(seat.table)
    ]


def take_over(table_id: int, number: int) -> bool:
    """A bot of the table's level plays seat `number` for its absent person (sweeper step; rechecked under the
    table lock: still playing, still the person's, the clock still past the absence time, and no live socket,
    else a stale clock is stopped). At a stakes table with no settlement unit running the seat is freed at once
    instead (as `leave` does between deals). Appends `away` (and `seat_freed`). Returns whether the seat changed."""
    with transaction.atomic():
        table = lock_table(table_id)
        seat = Seat.objects.filter(
            table=table, number=number, bot_level="", user__isnull=False, away_since__isnull=False
        ).first()
        if table.status != Table.Status.PLAYING or seat is None or seat.away_since is None:
            return False
        if timezone.now() - seat.away_since < absence_time(table):
            return False
        person = seat.user_id
        if person is None:
            return False
        if sockets.has_socket(table.pk, person):  # a socket opened after the clock started
            Seat.objects.filter(pk=seat.pk).update(away_since=None)
            return False
        if table.stake > 0 and not seating.unit_running(table):
            rated_results.left_match(table, number, person)  # the seat is given up, as by `leave`
            seating.free(seat)
            append_event(table, "away", seat=number, data={"user": person})
            append_event(table, "seat_freed", seat=number)
            if not seating.people_seated(table):
                seating.close(table)
            else:
                seating.wait_for_players(table)
                table.save()
            return True
        seating.bot_takes_seat(table, seat, "absent")
        append_event(table, "away", seat=number, data={"user": person})
        reschedule_current(table)  # the bot may be due at once
    return True


def restart_clocks(
    now: datetime | None = None, last_beat: datetime | None = None, grace: timedelta = timedelta(0)
) -> int:
    """The server (re)starts, or comes back after downtime, so nobody is absent for the outage: a clock that started
    as the server went down (at or after `last_beat`, the sweepers' last beat before the gap, less `grace`) starts
    again at `now` (default: now); an older clock, of a person gone long before, only stops for the outage: it
    moves later by `now - last_beat`, so their absence keeps its length and their table stays out of the lobby's
    "waiting" boxes. Without `last_beat` (no beat recorded yet) every running clock starts again at `now`.
    Returns how many clocks moved."""
    now = now or timezone.now()
    running = Seat.objects.filter(away_since__lt=now)
    if last_beat is None:
        return running.update(away_since=now)
    restarted = running.filter(away_since__gte=last_beat - grace).update(away_since=now)
    return restarted + running.filter(away_since__lt=last_beat - grace).update(
        away_since=F("away_since") + (now - last_beat)
    )


def note_silent_sockets(now: datetime | None = None) -> int:
    """The clean-up job's check: a person seated at an open or playing table with no absence clock and no live
    socket (a web process died without closing its sockets, whose registry entries lapsed; or a table page never
    opened) gets a clock from `now` (default: now). Returns how many clocks started."""
    now = now or timezone.now()
    silent = Seat.objects.filter(
        bot_level="", user__isnull=False, away_since__isnull=True, table__status__in=SEATED
    ).values_list("pk", "table_id", "user_id")
    started = 0
    for pk, table_id, user_id in silent:
        if not sockets.has_socket(table_id, user_id):
            started += Seat.objects.filter(pk=pk, user_id=user_id, away_since__isnull=True).update(
                away_since=now
            )
    return started
