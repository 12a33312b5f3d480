"""The registry of games with aliases (docs/style.md "Variants are options plus a registry").

Every package `games/engines/<name>/` that has a `rules.py` and exposes `GAMES` (a list of `Game` instances) in
its `__init__` is registered on first use; nothing else needs editing when a game is added.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from .protocol import Game

_GAMES: dict[str, Game[Any]] = {}
_ALIASES: dict[str, str] = {}
_loaded = False


def register(game: Game[Any]) -> Game[Any]:
    """Register `game` under its key and aliases. Raises `ValueError` on a clash."""
    for name in (game.key, *game.aliases):
        owner = _ALIASES.get(name)
        if owner is not None and owner != game.key:
            raise ValueError(f"game name {name!r} already used by {owner!r}")
        _ALIASES[name] = game.key
    _GAMES[game.key] = game
    return game


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    games_dir = Path(__file__).resolve().parent.parent
    for package in sorted(p.parent.name for p in games_dir.glob("*/rules.py")):
        module = importlib.import_module(f"games.engines.{package}")
        for game in getattr(module, "GAMES", ()):
            register(game)


def get_game(name: str) -> Game[Any]:
    """Return the game registered under `name` or one of its aliases.

    Raises:
        KeyError: no such game.
    """
    _load()
    return _GAMES[_ALIASES[name]]


def all_games() -> dict[str, Game[Any]]:
    """Every registered game by key, in key order."""
    _load()
    return dict(sorted(_GAMES.items()))


def engine_packages() -> list[str]:
    """Dotted names of every engine package (those with a `rules.py`)."""
    games_dir = Path(__file__).resolve().parent.parent
    return sorted(f"games.engines.{p.parent.name}" for p in games_dir.glob("*/rules.py"))
