"""Austrian Tarock, Zwanzigerrufen as played on StarGames (docs/rules/tarock.md): engine and bots."""

from .rules import TarockGame

GAMES = [TarockGame()]

__all__ = ["GAMES", "TarockGame"]
