"""The leaderboards page (docs/decisions-ratings.md "Leaderboards"): one page per rated game, with game tabs, all
time or one season (`?season=2026-Q4`), the top places 25 a page (`?page=`) and the signed-in player's own place.
The boards themselves are ratings.leaderboards'."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from accounts.http import AuthenticatedHttpRequest
from games.declarations import game_title
from games.engines.core.protocol import Game
from games.forms import offered_games
from ratings import leaderboards
from ratings.leaderboards import Season

PER_PAGE = 25
"""Places per page: the top 100 in four pages."""


def rated_games() -> list[Game[Any]]:
    """The games a rated table can be opened for (their declaration's `rated_unit`), as the dialog offers them."""
    return [game for game in offered_games() if game.declaration.rated_unit is not None]


@login_required
def leaderboard_index(request: AuthenticatedHttpRequest) -> HttpResponse:
    """The first rated game's board (the site's navigation links here)."""
    games = rated_games()
    if not games:
        raise Http404("no rated game")
    return redirect("leaderboard", key=games[0].key)


@login_required
def leaderboard(request: AuthenticatedHttpRequest, key: str) -> HttpResponse:
    """The board of game `key`: all time, or `season` (a key like "2026-Q4"; an unknown one shows the current
    season); `page` of PER_PAGE places (out of range or not a number: the nearest page). 404 for a game that is
    not rated."""
    games = rated_games()
    game = next((g for g in games if g.key == key), None)
    if game is None:
        raise Http404("no such rated game")
    season_key = request.GET.get("season")
    seasons = leaderboards.seasons(key)
    season: Season | None = None
    if season_key is not None:
        season = Season.parse(season_key)
        if season not in seasons:
            season = seasons[0]
        board = leaderboards.season_board(key, season, request.user)
    else:
        board = leaderboards.all_time(key, request.user)
    page = Paginator(board.rows, PER_PAGE).get_page(request.GET.get("page"))
    return render(
        request,
        "games/leaderboard.html",
        {
            "tabs": [{"key": g.key, "title": game_title(g)} for g in games],
            "game": key,
            "title": game_title(game),
            "season": season,
            "seasons": [{"key": s.key, "label": season_label(s)} for s in seasons],
            "board": board,
            "page": page,
            "own_note": _own_note(board.own),
            "min_all_time": leaderboards.ALL_TIME_MIN_RESULTS,
            "min_season": leaderboards.SEASON_MIN_RESULTS,
        },
    )


def season_label(season: Season) -> str:
    """A season as the picker names it, e.g. "Q4 2026", in the active language."""
    return _("Q%(quarter)s %(year)s") % {"quarter": season.quarter, "year": season.year}


def _own_note(own: leaderboards.OwnPlace | None) -> str:
    """Why the signed-in player has no place, in the active language ("" when they have one)."""
    if own is None or own.row is not None:
        return ""
    if own.reason == leaderboards.HIDDEN:
        return _("You are hidden from the leaderboards (your profile's choice); your rating is still kept.")
    if own.reason == leaderboards.PROVISIONAL:
        return _("Your rating is still provisional: it needs a few more rated results to settle.")
    if own.reason == leaderboards.TOO_FEW:
        return _("You have %(results)s of the %(needed)s rated results this board needs.") % {
            "results": own.results,
            "needed": own.needed,
        }
    return _("You have no rated result here yet.")
