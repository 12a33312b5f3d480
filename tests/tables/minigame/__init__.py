"""The tests' own game "Follow", a package registered like any game (tests/settings.py KIBITZ_GAME_PACKAGES)."""

from .rules import GAME, FollowGame

GAMES = [GAME]

__all__ = ["GAME", "GAMES", "FollowGame"]
