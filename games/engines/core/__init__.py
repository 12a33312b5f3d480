"""The pure rules layer shared by every game: cards, errors, the Game protocol, the registry and replay.

Nothing in `games.engines.core` or in any engine package imports Django, reads a clock or uses global random.
"""

from .errors import IllegalAction, InvalidAction, RuleError
from .protocol import BOT_LEVELS, Action, Bot, Game, NextRound, SimpleAction
from .registry import all_games, get_game, register

__all__ = [
    "BOT_LEVELS",
    "Action",
    "Bot",
    "Game",
    "IllegalAction",
    "InvalidAction",
    "NextRound",
    "RuleError",
    "SimpleAction",
    "all_games",
    "get_game",
    "register",
]
