"""Rummy (German Rommé as played on StarGames): docs/rules/rummy.md. Registered as `rummy`."""

from .dealing import deal_cards
from .rules import RummyGame

GAMES = [RummyGame()]

__all__ = ["GAMES", "RummyGame", "deal_cards"]
