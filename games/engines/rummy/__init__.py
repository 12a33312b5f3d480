"""Rummy (German Rommé as played on StarGames): docs/rules/rummy.md. Registered as `rummy`."""

from .rules import RummyGame, deal_cards

GAMES = [RummyGame()]

__all__ = ["GAMES", "RummyGame", "deal_cards"]
