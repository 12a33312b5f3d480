"""What the front page tells a visitor who is not signed in (docs/decisions-tables.md "Pages"): the games one can
open, with their player counts, and how busy the room is now."""

from __future__ import annotations

from typing import Any

from django.db.models import Count
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.declarations import game_title
from games.forms import offered_games
from games.models import Table


def players_line(seat_counts: tuple[int, ...]) -> str:
    """`(4,)` -> "4 players", `(2, 3, 4)` -> "2–4 players", in the active language."""
    low, high = seat_counts[0], seat_counts[-1]
    if low == high:
        return ngettext("%(count)s player", "%(count)s players", low) % {"count": low}
    return _("%(low)s–%(high)s players") % {"low": low, "high": high}


def welcome_facts() -> dict[str, Any]:
    """`{"games": [{"key", "title", "players"}], "tables_open": n, "tables_playing": n}`: the offered games
    (those with a browser module) and the number of tables waiting for players and being played now."""
    counts = dict(
        Table.objects.filter(status__in=[Table.Status.OPEN, Table.Status.PLAYING])
        .values_list("status")
        .annotate(n=Count("pk"))
    )
    return {
        "games": [
            {
                "key": game.key,
                "title": game_title(game),
                "players": players_line(game.declaration.seat_counts),
            }
            for game in offered_games()
        ],
        "tables_open": counts.get(Table.Status.OPEN, 0),
        "tables_playing": counts.get(Table.Status.PLAYING, 0),
    }
