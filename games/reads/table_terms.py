"""The terms of a table: what a host opens a table with (`TableTerms`, what the table service's `create_table` takes,
and `terms_of` a table already open), the bounds of its money and turn time, and what each game's tables settle (the
rules files' §9 "Settlement" lines), read from the game's declaration (games/engines/core/declaration.py): whether it
settles once per match, the default table limit the New game dialog proposes, the limit a table plays with and a
seat's worst case per settlement unit. The table service passes the ledger what follows from these (unit ids,
limits); the ledger knows no game, and the worst case itself is the ledger's rule (ledger.calculation.worst_case,
docs/rules/settlement.md "Money safety")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import KW_ONLY, dataclass, field
from typing import Any

from games.engines.core import get_game
from games.engines.core.declaration import SettlementUnit
from games.models import Round, Seat, Table
from ledger.services import worst_case

MAX_STAKE = 100_000
"""The highest stake per game unit, in minor units (1,000.00): the New game form and the service refuse more."""

MAX_LIMIT = 10_000_000
"""The highest limit per payment, in minor units (100,000.00): the New game form and the service refuse more.
Both bounds keep every worst case (limit × seats) far inside the database's integer columns."""

TURN_SECONDS = (10, 300)
"""The shortest and longest turn time a table may have, in seconds (the New game form and the service)."""


@dataclass(frozen=True)
class TableTerms:
    """The terms of a table a host opens: the New game dialog's fields (games.forms.NewTableForm.terms), the
    finished table's for its new game (`terms_of`, games.services.rematch), tests' and benchmarks' tables.
    `games.services.create_table` (and `open_table`) open a table on them.

    Fields:
        game: a registered game key or alias (games.engines.core.get_game); the table stores the key.
        options: the game's options (its rules file §10), as given; missing ones take the game's defaults.
        human_seats: how many seats are for people (the host takes seat 0; which ones:
            games.reads.seat_choice.default_people_seats, partners first at Schieber), 1 .. the game's seat
            count with these options (Game.seat_count: Rummy's option `players`); the others are bots.
        bot_level: the bots' level, one of games.engines.core.BOT_LEVELS.
        stake: money per game unit (docs/rules/settlement.md "Terms"), in minor currency units (cents),
            0 .. MAX_STAKE; 0 is a free table.
        limit: the most one player pays another per settlement unit, in minor units, 0 .. MAX_LIMIT; None for the
            game's default (`default_limit`, the rules file's §9), never 0 at a stakes table.
        access: who may sit, a games.models.Table.Access value (docs/decisions-social.md "Access").
        turn_seconds: the turn time in seconds, within TURN_SECONDS.
        suggestions: whether a seat may ask for a suggested move ("Suggest a move", games.reads.suggestion);
            only where `suggestions_allowed(terms)`.
        rated: whether the table's results are rated (docs/decisions-ratings.md); a rated table needs a finite
            match end (the engine's `Game.match_ends`).
        rating_min, rating_max: a rated table's rating range, the lowest and highest displayed rating in the game a
            person may join with (games.reads.rating_range: within RATING_BOUNDS, lowest ≤ highest); None: no
            bound. Only at a rated table.
        established_only: a rated table keeps provisional players out.

    Plain data: nothing is checked when terms are made. `create_table` raises ServiceError("bad_request") for a
    value outside these bounds (an unknown game among them) and the engine's IllegalAction("bad_options") for
    options the game refuses.
    """

    game: str
    options: Mapping[str, Any] = field(default_factory=dict)
    _: KW_ONLY
    human_seats: int = 1
    bot_level: str = "standard"
    stake: int = 0
    limit: int | None = None
    access: str = Table.Access.PUBLIC
    turn_seconds: int = 30
    suggestions: bool = False
    rated: bool = False
    rating_min: int | None = None
    rating_max: int | None = None
    established_only: bool = False


def suggestions_allowed(terms: TableTerms) -> bool:
    """Whether a table on `terms` may give its seats suggested moves (docs/decisions-tables.md "Suggest a move"): only a
    table without stakes, where a suggestion wins nobody money, and not rated, where it would move ratings. The one
    check of the New game form and of `create_table`; a tournament's table, once they exist, is refused here too."""
    return terms.stake == 0 and not terms.rated


def terms_of(table: Table) -> TableTerms:
    """The terms `table` was opened with: its game, options, number of human seats, bots' level, stake and limit
    (minor units; the limit as stored, None for the game's default), access, turn time, suggestions, whether it is
    rated and its rating range."""
    return TableTerms(
        table.game,
        table.options,
        human_seats=Seat.objects.filter(table=table, for_human=True).count(),
        bot_level=table.bot_level,
        stake=table.stake,
        limit=table.limit,
        access=table.access,
        turn_seconds=table.turn_seconds,
        suggestions=table.suggestions,
        rated=table.rated,
        rating_min=table.rating_min,
        rating_max=table.rating_max,
        established_only=table.established_only,
    )


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


@dataclass(frozen=True)
class MoneyTerms:
    """The money of one stakes table before anyone sits (minor units): `stake` per game unit, the `limit` per
    payment it plays with (`default`: True when that is the game's default because none was given), the number of
    `seats`, the settlement `unit` ("deal" or "match") and `worst_case`, the most one seat can lose in one
    settlement unit: limit × (seats − 1) (docs/rules/settlement.md "Money safety")."""

    stake: int
    limit: int
    default: bool
    seats: int
    unit: SettlementUnit
    worst_case: int

    def to_json(self) -> dict[str, Any]:
        """The terms as the lobby box, the dialog's preview and the table frame send them (integers, minor units)."""
        return {
            "stake": self.stake,
            "limit": self.limit,
            "default_limit": self.default,
            "seats": self.seats,
            "unit": self.unit,
            "worst_case": self.worst_case,
        }


def worst_case_terms(
    game_key: str, options: Mapping[str, Any], stake: int, limit: int | None
) -> MoneyTerms | None:
    """The money terms of a table of `game_key` with these §10 `options` (normalised here), `stake` and `limit`
    (minor units; None or 0: the game's default, which is what a table opened with them plays with). None for a
    free table (stake 0).

    Raises KeyError for an unknown game and the engine's RuleError for options it refuses.
    """
    if stake <= 0:
        return None
    game = get_game(game_key)
    seats = game.seat_count(game.normalize_options(dict(options)))
    default = not limit
    played = default_limit(game.key, stake) if default else int(limit or 0)
    return MoneyTerms(
        stake, played, default, seats, game.declaration.settlement_unit, worst_case(played, seats)
    )


def table_limit(table: Table) -> int:
    """The limit per payment `table` reserves and settles with (minor units): its own, or for a table stored
    without one the game's default. The one reading of a table's limit (reservation, join check, lobby box,
    frames), so what people are shown is what is reserved. 0 for a free table."""
    if table.stake <= 0:
        return 0
    return table.limit or default_limit(table.game, table.stake)


def table_money_terms(table: Table) -> MoneyTerms | None:
    """`worst_case_terms` of a table (None: a free table), with the limit of `table_limit`."""
    return worst_case_terms(table.game, table.options, table.stake, table.limit)


def unit_id_for(table: Table, round: Round) -> str:
    """The settlement unit `round` belongs to: its match in Jass, else the deal itself."""
    if settles_per_match(table.game):
        return f"match:{round.match_id}"
    return f"round:{round.pk}"


def dealt_in(table: Table, round: Round) -> list[int]:
    """The table seats dealt into `round`, in seat order (`Game.dealt_in`): the seats of its settlement unit,
    reserved and counted in the commission (docs/rules/settlement.md step 5: eliminated Rummy seats not). A
    per-match unit's rounds all deal the same seats. Position i of the ledger's unit is the i-th of them."""
    game = get_game(table.game)
    return sorted(game.dealt_in(game.from_json(round.snapshot)))
