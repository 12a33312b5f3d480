"""French Tarot engine (docs/rules/french_tarot.md), registered as `french-tarot`."""

from .rules import FrenchTarot

GAMES = [FrenchTarot()]

__all__ = ["GAMES", "FrenchTarot"]
