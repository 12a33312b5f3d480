"""Who holds a seat when people leave (docs/decisions-social.md "Leave and log off"): a bot stands in for a person
who leaves during a deal until the deal's settlement unit ends, then the seat is freed and the table waits for a person
to take it; a table with nobody left closes once nothing is at stake.

Everything here runs inside the caller's transaction with the table row locked.
"""

from __future__ import annotations

from typing import Literal

from django.db.models import Q

from games.models import Match, Round, Seat, Table
from games.reads.table_terms import settles_per_match
from social.services import presence

from .bot_accounts import bot_user
from .events import append_event

PEOPLES_SEATS = Q(bot_level="", user__isnull=False) | Q(bot_reason="absent", replaced__isnull=False)
"""The seats of a table's people (a Seat filter): held by a person, or played by a bot while its person is away
(they come back to it, games.services.absence)."""


def people_seated(table: Table) -> bool:
    """Whether any seat of the table is held by a person (not a bot), counting a person who is away."""
    return Seat.objects.filter(PEOPLES_SEATS, table=table).exists()


def books_per_match(table: Table) -> bool:
    """Whether the table's stake is booked per match (Jass at a stakes table, docs/rules/settlement.md), so that
    a settlement unit spans the whole match rather than one deal."""
    return table.stake > 0 and settles_per_match(table.game)


def unit_running(table: Table) -> bool:
    """Whether a settlement unit is under way: a deal in progress, or, where the stake is booked per match,
    a match with dealt rounds that is not over."""
    if Round.objects.filter(table=table, status=Round.Status.PLAYING).exists():
        return True
    if not books_per_match(table):
        return False
    match = Match.objects.filter(table=table).order_by("-number").first()
    return match is not None and not match.over and match.rounds.exists()


BotReason = Literal["left", "cannot_cover", "kicked", "absent"]
"""Why a bot takes a seat: its person left during a settlement unit, could not cover the worst case before a
deal (games.services.settlement), was kicked (games.services.kicks), or is absent (the table feel)."""


def bot_takes_seat(table: Table, seat: Seat, reason: BotReason) -> None:
    """THE one way a bot of the table's level takes a person's seat (inside the caller's transaction, table
    locked). For a person who left, and one absent at a stakes table, the bot plays only until the running
    settlement unit ends, then the seat is freed for a person (`unit_ended`); for one absent at a free table it
    plays until they come back (games.services.absence); for one stood up or kicked it keeps the seat. The seat
    keeps `reason` and the person it replaced (`bot_reason`, `replaced`), which every frame shows. The caller
    appends the event that says why (`leave`, `stood_up`, `kick`) and, mid-deal, reschedules the turn.

    Raises ValueError for an unknown `reason`.
    """
    if reason not in ("left", "cannot_cover", "kicked", "absent"):
        raise ValueError(f"unknown reason {reason!r} for a bot to take a seat")
    if not seat.is_bot:
        seat.replaced = seat.user
    seat.bot_reason = reason
    seat.user = bot_user(table.bot_level, seat.number)
    seat.bot_level = table.bot_level
    seat.free_after_unit = reason == "left" or (reason == "absent" and table.stake > 0)
    seat.save(update_fields=["user", "bot_level", "free_after_unit", "bot_reason", "replaced"])


def stand_in(table: Table, seat: Seat) -> None:
    """A bot of the table's level takes the seat of a person who left, until the running unit ends."""
    bot_takes_seat(table, seat, "left")


def free(seat: Seat) -> None:
    """The seat is empty and waits for a person."""
    seat.user = None
    seat.bot_level = ""
    seat.for_human = True
    seat.free_after_unit = False
    seat.bot_reason = ""
    seat.replaced = None
    seat.away_since = None
    seat.save(
        update_fields=[
            "user",
            "bot_level",
            "for_human",
            "free_after_unit",
            "bot_reason",
            "replaced",
            "away_since",
        ]
    )


def wait_for_players(table: Table) -> None:
    """Between deals of a running match with a free seat: no next deal until a person takes it (`join`
    resumes the match)."""
    table.status = Table.Status.OPEN
    table.next_deal_at = None


def unit_ended(table: Table, match_over: bool) -> None:
    """After a finished deal (turns.finish_round_if_over): when its settlement unit has ended, free the seats
    bots held for people who left; then close a table nobody is at, or wait for players if the match goes on."""
    if books_per_match(table) and not match_over:
        return
    freed = list(Seat.objects.filter(table=table, free_after_unit=True))
    for seat in freed:
        free(seat)
        append_event(table, "seat_freed", seat=seat.number)
    if not people_seated(table):
        close(table)
    elif freed and not match_over:
        wait_for_players(table)


def close(table: Table, reason: str | None = None) -> None:
    """Close a table nobody is at. Callers make sure no settlement unit is running: a deal a person left is
    played out by the bots and settled as usual before the table closes (an abandoned table releases its
    unfinished unit first, games.services.abandoned). `reason` (e.g. "abandoned") goes into the `closed`
    event. Nobody shows "at" it any more."""
    table.status = Table.Status.CLOSED
    table.next_deal_at = None
    Seat.objects.filter(table=table, away_since__isnull=False).update(away_since=None)
    append_event(table, "closed", data={"reason": reason} if reason else None)
    table.save()
    presence.table_closed(table.pk)
