"""The registry of games with aliases (docs/style.md "Variants are options plus a registry").

Every package `games/engines/<name>/` that has a `rules.py` and exposes `GAMES` (a list of `Game` instances) in
its `__init__` is registered on first use; nothing else needs editing when a game is added. Packages elsewhere are
registered by `add_packages` (the Django edge passes it the setting KIBITZ_GAME_PACKAGES, which the tests use for
their own game).
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .declaration import Declaration
from .protocol import Game

_GAMES: dict[str, Game[Any]] = {}
_ALIASES: dict[str, str] = {}
_EXTRA_PACKAGES: list[str] = []
_loaded = False
_loading = False
# The first lookups may come from several threads at once (the web process's database threads): one loads, the
# others wait for it, and none sees a registry half filled.
_load_lock = threading.RLock()


def register(game: Game[Any]) -> Game[Any]:
    """Register `game` under its key and aliases.

    Raises:
        ValueError: a name already used by another game.
        TypeError: `game` has no `Declaration` (games/engines/core/declaration.py).
    """
    if not isinstance(getattr(game, "declaration", None), Declaration):
        raise TypeError(f"game {game.key!r} has no declaration")
    for name in (game.key, *game.aliases):
        owner = _ALIASES.get(name)
        if owner is not None and owner != game.key:
            raise ValueError(f"game name {name!r} already used by {owner!r}")
        _ALIASES[name] = game.key
    _GAMES[game.key] = game
    return game


def _load() -> None:
    global _loaded, _loading
    if _loaded:
        return
    with _load_lock:
        if _loaded or _loading:  # loaded meanwhile, or a lookup made by a package while it registers
            return
        _loading = True
        try:
            for package in [*engine_packages(), *_EXTRA_PACKAGES]:
                _register_package(package)
            _loaded = True
        finally:
            _loading = False


def _register_package(name: str) -> None:
    module = importlib.import_module(name)
    for game in getattr(module, "GAMES", ()):
        if _GAMES.get(game.key) is not game:
            register(game)


def add_packages(names: Sequence[str]) -> None:
    """Register the games of the packages `names` (dotted module names, each exposing `GAMES`) beside the shipped
    engines, now if the registry is loaded, else when it loads.

    Raises:
        ImportError: a package that cannot be imported (once loaded). ValueError, TypeError: as `register`.
    """
    for name in names:
        if name in _EXTRA_PACKAGES:
            continue
        _EXTRA_PACKAGES.append(name)
        if _loaded or _loading:
            _register_package(name)


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
    """Dotted names of every shipped engine package (those with a `rules.py` under games/engines/)."""
    games_dir = Path(__file__).resolve().parent.parent
    return sorted(f"games.engines.{p.parent.name}" for p in games_dir.glob("*/rules.py"))
