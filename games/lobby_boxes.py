"""The lobby's table boxes (read side; no writes here)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.utils import timezone, translation

from accounts.language import profile_language
from games.declarations import game_title, option_summary
from games.engines.core import get_game
from games.labels import bot_level_label
from games.models import Invitation, Seat, Table
from games.reads.access import tables_admitting
from games.reads.rating_range import Standing, has_range, range_check_message, range_label, standings_of
from games.reads.table_terms import table_limit, table_money_terms
from games.services.absence import absence_time
from social.services.relations import friend_ids

LOBBY_SIZE = 60


def lobby_boxes(viewer: Any) -> list[dict[str, Any]]:
    """The open or playing tables whose access admits `viewer` (games.reads.access.tables_admitting: public
    tables, friends-only tables of the viewer's friends, private ones the viewer is invited to or listed for),
    newest first, at most LOBBY_SIZE, without the tables whose people are all gone (`_gone`: no socket for longer
    than the absence time) unless the viewer sits there, is invited or is a friend of one of them:
    `{"id", "game", "title", "options" (the option summary, translated lines
    "<label>: <value>" of games.declarations.option_summary), "status", "stake" (minor units), "limit" (minor
    units: the limit the table reserves with, games.reads.table_terms.table_limit), "money" (a stakes table's
    games.reads.table_terms.MoneyTerms.to_json(), with its worst case per settlement unit; None: no stakes),
    "bot_level", "bot_level_display" (translated), "access", "access_display" (translated),
    "can_sit" (waiting with a free seat, the viewer not seated there and admitted by its rating range: "Play" is
    offered), "rated", "rated_display" (a rated table's translated line, "Rated · 1100–1400 · established players
    only", games.reads.rating_range.range_label; None: unrated), "range_refusal" (why the table's rating range keeps
    the viewer out, translated, games.reads.rating_range.range_check_message; None: it admits them, or the viewer
    sits there, or there is no range: the lobby's rating filter hides the boxes where it is set), "seated" (the
    viewer holds a seat, or a bot plays it while they are away: the box links back to it instead of offering to
    watch), "turn_seconds", "suggestions" (a seat may ask for a suggested move), "seats": `_seat_json`
    each}`. Texts are in the active language (see lobby_boxes_in_language). The page and the lobby socket send these
    same dicts; static/js/lobby.js draws every box from them."""
    recent = Table.objects.filter(status__in=[Table.Status.OPEN, Table.Status.PLAYING]).order_by("-pk")
    tables = tables_admitting(viewer, list(recent[: LOBBY_SIZE * 4]))
    seats: dict[int, list[Seat]] = {}
    for seat in (
        Seat.objects.filter(table__in=tables)
        .select_related("user__profile", "replaced__profile")
        .order_by("number")
    ):
        seats.setdefault(seat.table_id, []).append(seat)
    viewer_id = getattr(viewer, "pk", None)
    tables = _without_gone_tables(viewer, tables, seats)[:LOBBY_SIZE]
    standings = standings_of(viewer_id, {t.game for t in tables if has_range(t)})  # one query at most
    boxes = []
    for table in tables:
        try:
            game = get_game(table.game)
        except KeyError:
            continue
        boxes.append(_box(table, game, seats.get(table.pk, []), viewer_id, standings.get(table.game)))
    return boxes


def _box(
    table: Table, game: Any, seats: list[Seat], viewer_id: int | None, standing: Standing | None
) -> dict[str, Any]:
    """One table's box (the shape `lobby_boxes` documents); `standing`: the viewer's in the table's game, given
    for a table with a rating range."""
    seated = viewer_id is not None and viewer_id in _people_ids(seats)
    refusal = range_check_message(table, standing) if standing is not None and not seated else None
    partners = {
        a: b for group in game.seat_groups(table.options) if len(group) == 2 for a, b in (group, group[::-1])
    }
    # a person away from the table still holds their seat: the box links back to it
    return {
        "id": table.pk,
        "game": table.game,
        "title": game_title(game),
        "options": option_summary(game, table.options),
        "status": table.status,
        "stake": table.stake,
        "limit": table_limit(table),
        "money": _money(table),
        "bot_level": table.bot_level,
        "bot_level_display": bot_level_label(table.bot_level),
        "access": table.access,
        "access_display": str(table.get_access_display()),
        "can_sit": table.status == Table.Status.OPEN
        and not seated
        and refusal is None
        and any(s.for_human and s.user is None for s in seats),
        "rated": table.rated,
        "rated_display": range_label(table),
        "range_refusal": refusal,
        "seated": seated,
        "turn_seconds": table.turn_seconds,
        "suggestions": table.suggestions,
        "seats": [_seat_json(table, s, partners) for s in seats],
    }


def _seat_json(table: Table, seat: Seat, partners: dict[int, int]) -> dict[str, Any]:
    """One seat of a box: `{"number", "partner" (the partner's seat number at a partnership game, Schieber's
    seats 0 and 2, 1 and 3 (`partners`); else None), "name", "username" (a person's, for the player page; None
    for a bot or a free seat), "bot" (a bot plays it), "bot_level_display" (the bot's level, translated; None
    for a person), "away" (its person is away from the table: a bot plays for them, or they have had no socket
    for longer than the absence time; "name" and "username" are the person's), "for_human" (meant for a person:
    a free one is offered on the box's seat picture), "open" (free)}`."""
    person = seat.replaced if seat.bot_reason == "absent" else (None if seat.is_bot else seat.user)
    return {
        "number": seat.number,
        "partner": partners.get(seat.number),
        "name": person.display_name if person else (seat.user.display_name if seat.user else None),
        "username": person.username if person else None,
        "bot": seat.is_bot,
        "bot_level_display": bot_level_label(seat.bot_level) if seat.is_bot else None,
        "away": person is not None and _away(table, seat),
        "for_human": seat.for_human,
        "open": seat.user is None,
    }


def _person_id(seat: Seat) -> int | None:
    """The person of a seat: who sits there, or who is away while a bot plays for them; None for a bot's seat or
    a free one."""
    if seat.bot_reason == "absent":
        return seat.replaced_id
    return None if seat.is_bot else seat.user_id


def _people_ids(seats: Collection[Seat]) -> set[int]:
    """The people of a table's seats (`_person_id`)."""
    return {p for p in map(_person_id, seats) if p is not None}


def _away(table: Table, seat: Seat) -> bool:
    """Whether the person of `seat` is away: a bot plays for them, or they have had no socket at the table for
    longer than the absence time (settings.KIBITZ_ABSENCE_SECONDS, games.services.absence.absence_time)."""
    if seat.bot_reason == "absent":
        return True
    return seat.away_since is not None and timezone.now() - seat.away_since > absence_time(table)


def _gone(table: Table, seats: Collection[Seat]) -> bool:
    """Whether every person of the table is away (`_away`): False for a table without people."""
    people = [s for s in seats if _person_id(s) is not None]
    return bool(people) and all(_away(table, s) for s in people)


def _without_gone_tables(viewer: Any, tables: list[Table], seats: dict[int, list[Seat]]) -> list[Table]:
    """`tables` without those whose people are all gone (`_gone`), which stay listed only for their people, their
    invitees and the friends of one of their people; a table comes back when one of its people does."""
    gone = [t for t in tables if _gone(t, seats.get(t.pk, []))]
    if not gone:
        return tables
    viewer_id = getattr(viewer, "pk", None)
    invited: set[int] = set()
    friends: set[int] = set()
    if viewer_id is not None:
        invited = set(
            Invitation.objects.filter(invitee_id=viewer_id, table__in=gone)
            .exclude(status=Invitation.Status.DECLINED)
            .values_list("table_id", flat=True)
        )
        friends = friend_ids(viewer) | {viewer_id}
    hidden = {t.pk for t in gone if t.pk not in invited and not (_people_ids(seats.get(t.pk, [])) & friends)}
    return [t for t in tables if t.pk not in hidden]


def _money(table: Table) -> dict[str, Any] | None:
    terms = table_money_terms(table)
    return terms.to_json() if terms else None


def lobby_boxes_in_language(viewer: Any) -> list[dict[str, Any]]:
    """lobby_boxes with the texts in `viewer`'s profile language: a socket has no LocaleMiddleware, so without
    this the live boxes would fall back to the site's default language."""
    with translation.override(profile_language(viewer)):
        return lobby_boxes(viewer)
