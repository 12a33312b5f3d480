"""The pure rules packages: `core` (the Game protocol, cards, errors, registry, replay) and one package per game.

Nothing under `games.engines` imports Django, reads a clock or uses global random; no game package imports
another (import-linter contracts in pyproject.toml).
"""
