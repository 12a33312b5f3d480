"""The table's rows a move and a frame read, in hand-written statements (games.services.rows): each returns the
same instances, with the same related rows cached, as the queryset named in its docstring."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from django.db import connection

from accounts.models import Profile, User, shown_name
from games.models import Event, Match, Move, Round, Seat, Table
from platform_config.rows import Part, for_update, instance, link, read, read_value, table_name

_TABLE, _SEAT = Part(Table, "t"), Part(Seat, "s")
_ROUND, _MATCH, _EVENT = Part(Round, "r"), Part(Match, "m"), Part(Event, "e")


@cache
def _seats_sql(vendor: str) -> str:
    names = "u.username, p.display_name, ru.username, rp.display_name"
    return (
        f"SELECT {_TABLE.select()}, {_SEAT.select()}, {names} FROM {table_name(Table)} t"
        f" LEFT JOIN {table_name(Seat)} s ON s.table_id = t.id"
        f" LEFT JOIN {table_name(User)} u ON u.id = s.user_id"
        f" LEFT JOIN {table_name(Profile)} p ON p.user_id = u.id"
        f" LEFT JOIN {table_name(User)} ru ON ru.id = s.replaced_id"
        f" LEFT JOIN {table_name(Profile)} rp ON rp.user_id = ru.id"
        " WHERE t.id = %s ORDER BY s.number"
    )


def table_with_seats(table_id: int) -> tuple[Table | None, list[Seat], dict[int, str]]:
    """The table row, its seats by number (`Seat.objects.filter(table_id=...)`, each with `table` cached) and the
    shown name (accounts.models.shown_name) of every user who sits or was replaced there, by user id: one
    statement. `(None, [], {})` when there is no such table."""
    with connection.cursor() as cursor:
        cursor.execute(_seats_sql(connection.vendor), [table_id])
        rows = cursor.fetchall()
    if not rows:
        return None, [], {}
    table: Any = instance(_TABLE, rows[0], 0)
    seats, names = [], {}
    for row in rows:
        seat: Any = instance(_SEAT, row, _TABLE.width)
        if seat is None:
            continue
        link(seat, "table", table)
        seats.append(seat)
        username, display_name, replaced_username, replaced_display_name = row[-4:]
        if seat.user_id is not None:
            names[seat.user_id] = shown_name(username, display_name)
        if seat.replaced_id is not None:
            names[seat.replaced_id] = shown_name(replaced_username, replaced_display_name)
    return table, seats, names


def latest_round(table_id: int) -> Round | None:
    """The table's round with the highest number, with its match cached
    (`Round.objects.filter(table=...).select_related("match").order_by("-number").first()`)."""
    sql = (
        f"SELECT {_ROUND.select()}, {_MATCH.select()} FROM {table_name(Round)} r"
        f" JOIN {table_name(Match)} m ON m.id = r.match_id WHERE r.table_id = %s ORDER BY r.number DESC LIMIT 1"
    )
    return _round_with_match(read(sql, [table_id], (_ROUND, _MATCH)))


def playing_round(table_id: int) -> Round | None:
    """The round being played at the table, with its match cached
    (`Round.objects.filter(table=..., status=PLAYING).select_related("match").first()`)."""
    sql = (
        f"SELECT {_ROUND.select()}, {_MATCH.select()} FROM {table_name(Round)} r"
        f" JOIN {table_name(Match)} m ON m.id = r.match_id WHERE r.table_id = %s AND r.status = %s"
        " ORDER BY r.id LIMIT 1"
    )
    return _round_with_match(read(sql, [table_id, Round.Status.PLAYING], (_ROUND, _MATCH)))


def _round_with_match(rows: list[list[Any]]) -> Round | None:
    if not rows:
        return None
    rnd, match = rows[0]
    link(rnd, "match", match)
    return rnd  # type: ignore[no-any-return]


def events_after(table_id: int, version: int) -> list[Event]:
    """The table's events after `version`, in order (`Event.objects.filter(table=..., version__gt=version)`)."""
    sql = (
        f"SELECT {_EVENT.select()} FROM {table_name(Event)} e WHERE e.table_id = %s AND e.version > %s"
        " ORDER BY e.version"
    )
    return [row[0] for row in read(sql, [table_id, version], (_EVENT,))]  # type: ignore[misc]


@dataclass(frozen=True)
class MoveRows:
    """What a person's move reads under the table's lock (`lock_table_for_move`): the table row, the first answer
    the actor got for the move id (None: a new move id), the seats by number without related rows, and the round
    being played (None: between deals) with its match cached."""

    table: Table
    answer: Any
    seats: list[Seat]
    round: Round | None


@cache
def _lock_for_move_sql(vendor: str) -> str:
    return (
        f"SELECT {_TABLE.select()}, (SELECT mv.answer FROM {table_name(Move)} mv WHERE mv.table_id = t.id"
        f" AND mv.actor = %s AND mv.move_id = %s LIMIT 1), {_SEAT.select()}, {_ROUND.select()}, {_MATCH.select()}"
        f" FROM {table_name(Table)} t"
        f" LEFT JOIN {table_name(Seat)} s ON s.table_id = t.id"
        f" LEFT JOIN {table_name(Round)} r ON r.table_id = t.id AND r.status = %s"
        f" LEFT JOIN {table_name(Match)} m ON m.id = r.match_id"
        f" WHERE t.id = %s ORDER BY r.id, s.number{for_update('t')}"
    )


def lock_table_row(table_id: int, actor: str, move_id: str) -> MoveRows | None:
    """The table row locked FOR UPDATE until the transaction ends (where the database has row locks; SQLite
    serialises writers with BEGIN IMMEDIATE), read in one statement with what a move needs beside it: the first
    answer `actor` got for `move_id` there, the seats by number (without related rows) and the round being played
    (`playing_round`). A move then costs one read instead of three. None when there is no such table."""
    with connection.cursor() as cursor:
        cursor.execute(
            _lock_for_move_sql(connection.vendor), [actor, move_id, Round.Status.PLAYING, table_id]
        )
        rows = cursor.fetchall()
    if not rows:
        return None
    first = rows[0]
    table: Any = instance(_TABLE, first, 0)
    answer = first[_TABLE.width]
    seat_at = _TABLE.width + 1
    round_at = seat_at + _SEAT.width
    # A row per seat (and per playing round, of which there is one): the lowest round id's rows come first.
    seats: list[Any] = []
    for row in rows:
        seat = instance(_SEAT, row, seat_at)
        if seat is None or any(seat.pk == s.pk for s in seats):
            break
        seats.append(seat)
    rnd: Any = instance(_ROUND, first, round_at)
    if rnd is not None:
        link(rnd, "match", instance(_MATCH, first, round_at + _ROUND.width))
    return MoveRows(
        table=table,
        answer=None if answer is None else read_value(Move._meta.get_field("answer"), answer),
        seats=seats,
        round=rnd,
    )


def bump_version(table_id: int, version: int) -> int:
    """Move the table from `version` to the next one; returns the rows changed (0: it was not at `version`)
    (`Table.objects.filter(pk=..., version=version).update(version=version + 1)`)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table_name(Table)} SET version = %s WHERE id = %s AND version = %s",
            [version + 1, table_id, version],
        )
        return int(cursor.rowcount)
