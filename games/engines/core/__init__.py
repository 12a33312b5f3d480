"""The pure rules layer shared by every game: card helpers, refusals, the Game protocol, the registry and replay.

Nothing in `games.engines.core` or in any engine package imports Django, reads a clock or uses global random.
"""

from .errors import BAD_ACTION, IllegalAction, InvalidAction, RuleError
from .protocol import BOT_LEVELS, Action, Bot, Game, NextRound, RoundState, SimpleAction
from .registry import all_games, get_game, register

__all__ = [
    "BAD_ACTION",
    "BOT_LEVELS",
    "Action",
    "Bot",
    "Game",
    "IllegalAction",
    "InvalidAction",
    "NextRound",
    "RoundState",
    "RuleError",
    "SimpleAction",
    "all_games",
    "get_game",
    "register",
]
