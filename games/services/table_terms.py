"""What each game's tables settle (the rules files' §9 "Settlement" lines): which games settle once per match, and
the default table limit the new-game form proposes. The table service passes the ledger what follows from these
(unit ids, limits); the ledger knows no game."""

from __future__ import annotations

DEFAULT_LIMIT_UNITS: dict[str, int] = {
    "french-tarot": 150,  # docs/rules/french_tarot.md §9
    "tarock": 12,  # docs/rules/tarock.md §9
    "rummy": 100,  # docs/rules/rummy.md §9
    "jass-schieber": 1,  # docs/rules/jass.md §9: the limit equals the stake
    "jass-differenzler": 100,  # docs/rules/jass.md §9
}

MAX_STAKE = 100_000
"""The highest stake per game unit, in minor units (1,000.00): the New game form and the service refuse more."""

MAX_LIMIT = 10_000_000
"""The highest limit per payment, in minor units (100,000.00): the New game form and the service refuse more.
Both bounds keep every worst case (limit × seats) far inside the database's integer columns."""

SETTLES_PER_MATCH = frozenset({"jass-schieber", "jass-differenzler"})
"""Games whose settlement unit is the whole match (docs/rules/settlement.md "Terms"); the others settle each deal."""


def default_limit(game_key: str, stake: int) -> int:
    """The default limit per payment in minor units: the game's default number of units × stake.

    Raises KeyError for a game without a §9 default here.
    """
    return DEFAULT_LIMIT_UNITS[game_key] * stake


def settles_per_match(game_key: str) -> bool:
    """True when one settlement unit spans the whole match (Jass), False when each deal settles."""
    return game_key in SETTLES_PER_MATCH
