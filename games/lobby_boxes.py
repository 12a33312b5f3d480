"""The lobby's table boxes (read side; no writes here)."""

from __future__ import annotations

from typing import Any

from django.utils import translation

from accounts.language import profile_language
from games.declarations import game_title, option_summary
from games.engines.core import get_game
from games.labels import bot_level_label
from games.models import Seat, Table
from games.reads.access import tables_admitting
from games.reads.table_terms import table_limit, table_money_terms

LOBBY_SIZE = 60


def lobby_boxes(viewer: Any) -> list[dict[str, Any]]:
    """The open or playing tables whose access admits `viewer` (games.reads.access.tables_admitting: public
    tables, friends-only tables of the viewer's friends, private ones the viewer is invited to or listed for),
    newest first, at most LOBBY_SIZE: `{"id", "game", "title", "options" (the option summary, translated lines
    "<label>: <value>" of games.declarations.option_summary), "status", "stake" (minor units), "limit" (minor
    units: the limit the table reserves with, games.reads.table_terms.table_limit), "money" (a stakes table's
    games.reads.table_terms.MoneyTerms.to_json(), with its worst case per settlement unit; None: no stakes),
    "bot_level", "bot_level_display" (translated), "access", "access_display" (translated),
    "can_sit" (waiting with a free seat and the viewer not seated there: "Play" is offered), "seated" (the
    viewer holds a seat, or a bot plays it while they are away: the box links back to it instead of offering
    to watch), "turn_seconds", "seats": [{"number", "name", "username" (a person's, for the player page; None
    for a bot or a free seat), "bot", "open"}]}`. Texts are in the active language (see
    lobby_boxes_in_language). The page and the lobby socket send these same dicts; static/js/lobby.js draws
    every box from them."""
    recent = Table.objects.filter(status__in=[Table.Status.OPEN, Table.Status.PLAYING]).order_by("-pk")
    tables = tables_admitting(viewer, list(recent[: LOBBY_SIZE * 4]))[:LOBBY_SIZE]
    seats: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(table__in=tables).select_related("user__profile").order_by("number"):
        seats.setdefault(seat.table_id, []).append(seat)
    boxes = []
    viewer_id = getattr(viewer, "pk", None)
    for table in tables:
        seated = viewer_id is not None and any(
            s.user_id == viewer_id or (s.bot_reason == "absent" and s.replaced_id == viewer_id)
            for s in seats.get(table.pk, [])
        )  # a person away from the table still holds their seat: the box links back to it
        try:
            game = get_game(table.game)
        except KeyError:
            continue
        boxes.append(
            {
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
                and any(s.for_human and s.user is None for s in seats.get(table.pk, [])),
                "seated": seated,
                "turn_seconds": table.turn_seconds,
                "seats": [
                    {
                        "number": s.number,
                        "name": s.user.display_name if s.user else None,
                        "username": s.user.username if s.user and not s.is_bot else None,
                        "bot": s.is_bot,
                        "open": s.user is None,
                    }
                    for s in seats.get(table.pk, [])
                ],
            }
        )
    return boxes


def _money(table: Table) -> dict[str, Any] | None:
    terms = table_money_terms(table)
    return terms.to_json() if terms else None


def lobby_boxes_in_language(viewer: Any) -> list[dict[str, Any]]:
    """lobby_boxes with the texts in `viewer`'s profile language: a socket has no LocaleMiddleware, so without
    this the live boxes would fall back to the site's default language."""
    with translation.override(profile_language(viewer)):
        return lobby_boxes(viewer)
