"""The How to play pages: the list of the games and one page per game (games/guides.py). Public: a visitor reads
them before signing up."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext

from games.declarations import game_title, player_preferences
from games.engines.core import Game, all_games
from games.forms import money_terms, rated_terms
from games.guides import guide_of, guide_page, guided_games


def how_to_play(request: HttpRequest) -> HttpResponse:
    """Every game that has a How to play page, each linked with its introduction."""
    games = [
        {"key": game.key, "title": game_title(game), "intro": gettext(guide.intro)}
        for game in guided_games()
        if (guide := guide_of(game)) is not None
    ]
    return render(request, "games/how_to_play.html", {"games": games})


def _game_with_guide(key: str) -> Game[Any]:
    """The game registered under `key` that has a guide. Raises Http404 otherwise (an alias is not a page)."""
    game = all_games().get(key)
    if game is None or game.key != key or guide_of(game) is None:
        raise Http404
    return game


def how_to_play_game(request: HttpRequest, key: str) -> HttpResponse:
    """One game's How to play page, its cards drawn with the game's deck (in the design the player chose)."""
    game = _game_with_guide(key)
    profile = getattr(request.user, "profile", None) if request.user.is_authenticated else None
    return render(
        request,
        "games/how_to_play_game.html",
        {
            "page": guide_page(game),
            "deck_script": f"js/cards/{game.declaration.deck}.js",
            "money_terms": money_terms(game),
            "rated_terms": rated_terms(),
            "preferences": player_preferences(profile.game_preferences if profile else {}, game),
            "others": [(other.key, game_title(other)) for other in guided_games() if other.key != key],
        },
    )
