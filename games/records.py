"""A player's record at the tables for the player info card (docs/decisions-social.md "Player card"): matches
played and won and deals played, per game (read side; no writes here)."""

from __future__ import annotations

from typing import Any

from accounts.models import User
from games.declarations import game_title
from games.engines.core import get_game
from games.engines.core.standings import places
from games.models import Event, Round


def _record(user: User) -> dict[str, dict[str, int]]:
    """Per game: `{"played", "won", "deals"}`. A match counts as played once it is over and the user was dealt
    into at least one of its deals; it is won when the user held a seat in its last deal and that seat's final
    place is first (a team's partners share the place). `deals` counts the finished deals the user was dealt
    into (Round.players: whose deal it was, also when a bot finished it for them)."""
    tables = set(
        Event.objects.filter(kind__in=("created", "join"), data__user=user.pk).values_list(
            "table_id", flat=True
        )
    )
    rounds = (
        Round.objects.filter(table_id__in=tables, status=Round.Status.DONE)
        .select_related("table", "match")
        .order_by("match_id", "number")
    )
    record: dict[str, dict[str, int]] = {}
    last_of_match: dict[int, Round] = {}
    played_matches: set[int] = set()
    for rnd in rounds:
        last_of_match[rnd.match_id] = rnd
        if user.pk in (rnd.players or []):
            record.setdefault(rnd.table.game, {"played": 0, "won": 0, "deals": 0})["deals"] += 1
            played_matches.add(rnd.match_id)
    for match_id in played_matches:
        last = last_of_match[match_id]
        if not last.match.over:
            continue
        row = record[last.table.game]
        row["played"] += 1
        final = places(last.match.standings) or []
        seat = last.players.index(user.pk) if user.pk in last.players else None
        row["won"] += int(seat is not None and seat < len(final) and final[seat] == 1)
    return record


def match_record(player: User) -> list[dict[str, Any]]:
    """The player card's games (docs/decisions-social.md "Player card"): per game the player has a finished deal in,
    by game key, `{"game", "title", "played", "won", "deals"}` (see `_record`)."""
    games = []
    for key, row in sorted(_record(player).items()):
        try:
            title = game_title(get_game(key))
        except KeyError:
            title = key
        games.append({"game": key, "title": title, **row})
    return games
