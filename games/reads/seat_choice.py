"""Which seats are for people and which seat a person takes (docs/decisions-tables.md
"Seat choice"): a table's people sit by partnership (Schieber's seats 0 and 2, docs/rules/jass.md §3) before
opponents; a person joining picks any free seat meant for a person, or "Play" takes the host's partner seat, else
the lowest free one. Pure reads: the table service (games.services.tables) checks and writes."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from django.utils.translation import gettext as _

from games.ascii_numbers import ascii_int
from games.engines.core.protocol import Game
from games.errors import ServiceError
from games.models import Seat


def people_seat_order(game: Game[Any], options: Mapping[str, Any]) -> list[int]:
    """The seat numbers in the order people fill them: each partnership of `game.seat_groups(options)` in turn
    (Schieber: [0, 2, 1, 3]; a game without partners: 0, 1, 2, …)."""
    return [seat for group in game.seat_groups(options) for seat in group]


def default_people_seats(game: Game[Any], options: Mapping[str, Any], count: int) -> list[int]:
    """The `count` seats a new table keeps for people (the host takes the first, seat 0), ascending: at Schieber
    two people are partners (seats 0 and 2); elsewhere seats 0 .. count − 1."""
    return sorted(people_seat_order(game, options)[:count])


def seat_for_play(
    game: Game[Any], options: Mapping[str, Any], free: Collection[int], held: Collection[int]
) -> int:
    """The seat "Play" takes among the `free` seats meant for people, given the seats people already `held`: the
    free partner seat of the first seated person (lowest seat number first: at Schieber the host's partner),
    else the lowest free one. `free` is not empty."""
    for person in sorted(held):
        group = next((g for g in game.seat_groups(options) if person in g), [])
        partners = sorted(seat for seat in group if seat != person and seat in free)
        if partners:
            return partners[0]
    return min(free)


NOT_A_SEAT = -1
"""What `posted_seat` gives for text that is no seat number: a number check_chosen_seat refuses as out of range."""


def posted_seat(text: str | None) -> int | None:
    """A seat number posted by a form (the lobby's seat picture, the host's invitation): None when nothing was
    chosen (empty or absent), the number for ASCII digits, NOT_A_SEAT for anything else (never raises)."""
    if not text:
        return None
    number = ascii_int(text)
    return NOT_A_SEAT if number is None else number


def check_chosen_seat(seats: list[Seat], number: Any) -> Seat:
    """The free person's seat numbered `number` among a table's `seats`, for a person who names it.

    Raises ServiceError("no_such_seat") for a number that is not an int or out of range, ("bot_seat") for a seat
    meant for a bot, ("seat_taken") for a seat someone holds (a person, or a bot standing in for one) — each with
    a message in the active language.
    """
    by_number = {seat.number: seat for seat in seats}
    if not isinstance(number, int) or isinstance(number, bool) or number not in by_number:
        raise ServiceError("no_such_seat", _("This table has no such seat."))
    seat = by_number[number]
    if not seat.for_human:
        raise ServiceError("bot_seat", _("Seat %(seat)s is played by a bot.") % {"seat": number + 1})
    if seat.user_id is not None:
        raise ServiceError("seat_taken", _("Seat %(seat)s is taken.") % {"seat": number + 1})
    return seat
