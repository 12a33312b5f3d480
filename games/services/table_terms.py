"""What each game's tables settle (the rules files' §9 "Settlement" lines), read from the game's declaration
(games/engines/core/declaration.py): whether it settles once per match, and the default table limit the New game
dialog proposes. The table service passes the ledger what follows from these (unit ids, limits); the ledger knows no
game."""

from __future__ import annotations

from games.engines.core import get_game

MAX_STAKE = 100_000
"""The highest stake per game unit, in minor units (1,000.00): the New game form and the service refuse more."""

MAX_LIMIT = 10_000_000
"""The highest limit per payment, in minor units (100,000.00): the New game form and the service refuse more.
Both bounds keep every worst case (limit × seats) far inside the database's integer columns."""


def default_limit(game_key: str, stake: int) -> int:
    """The default limit per payment in minor units: the game's declared default number of units × `stake` (minor
    units).

    Raises KeyError for an unknown game.
    """
    return get_game(game_key).declaration.default_limit_units * stake


def settles_per_match(game_key: str) -> bool:
    """True when one settlement unit spans the whole match (Jass), False when each deal settles (the declaration's
    `settlement_unit`). Raises KeyError for an unknown game."""
    return get_game(game_key).declaration.settlement_unit == "match"
