"""Swiss Jass: Schieber and Differenzler (docs/rules/jass.md), two `Game` instances of one configurable engine."""

from .rules import DIFFERENZLER_GAME, SCHIEBER_GAME, JassGame

GAMES = [SCHIEBER_GAME, DIFFERENZLER_GAME]

__all__ = ["DIFFERENZLER_GAME", "GAMES", "SCHIEBER_GAME", "JassGame"]
