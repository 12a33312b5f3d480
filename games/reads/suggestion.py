"""Suggest a move (docs/decisions-tables.md "Suggest a move"): the move the standard bot would make in a seat, from that
seat's own view, asked by the person at the seat on their turn at a table whose host switched suggestions on
(`Table.suggestions`, allowed by games.reads.table_terms.suggestions_allowed). Shown to the asker alone; nothing is
written.

Two steps, so the socket reads the table in a database thread and thinks outside it (games.consumers.table):
`suggestion_ask` checks the request against the rows and takes what the bot needs, `suggested_action` asks the
bot through the very path the table's bots move by (games.engines.core.seat_choice.seat_choice), so the bot sees
`game.view(state, seat)` and that seat's earlier views, never another hand, the dog, talon or stock.
"""

from __future__ import annotations

import logging
import random
import secrets
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _

from accounts.models import User
from games.engines.core import get_game
from games.engines.core.errors import RuleError
from games.engines.core.seat_choice import Decide, seat_choice
from games.errors import ServiceError
from games.models import Round, Seat, Table

log = logging.getLogger(__name__)

SUGGESTION_LEVEL = "standard"
"""The bot whose choice a suggestion is (games.engines.core.BOT_LEVELS)."""


@dataclass(frozen=True)
class SuggestionAsk:
    """What answering one "Suggest a move" takes, read at one version of the table: the `game` key, the asking
    `seat`, the table's `version`, the round's `snapshot` (the engine's state JSON: it never leaves the server, the
    bot sees only the seat's view of it), the round's log `round_log` (`{"options", "deal", "dealer", "start",
    "actions"}`, for the seat's earlier views) and `seed` (the bot's random source: a text seed at a table with a
    test bot seed, None for the CSPRNG)."""

    game: str
    seat: int
    version: int
    snapshot: Any
    round_log: dict[str, Any]
    seed: str | None


def suggestion_ask(table_id: int, user: User, version: Any) -> SuggestionAsk:
    """Check that `user` may have a suggestion at table `table_id` now, at `version` (the client's), and read what
    the bot needs. Writes nothing.

    Raises ServiceError: `no_table`; `suggestions_off` (the table was opened without suggestions); `not_seated`
    (the user plays no seat there: a spectator, or a bot plays their seat); `stale_version` (the table is at
    another version, also when it moves while being read); `no_round` (no deal is being played);
    `not_your_turn` (the seat has no move due: `Game.due`, so an optional call alone, such as a knock, is no turn).
    """
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        raise ServiceError("no_table", _("no such table"))
    if not table.suggestions:
        raise ServiceError("suggestions_off", _("This table gives no suggested moves."))
    seat = Seat.objects.filter(table=table, user=user, bot_level="").first()
    if seat is None:
        raise ServiceError("not_seated", _("you have no seat at this table"))
    if isinstance(version, bool) or not isinstance(version, int) or version != table.version:
        raise ServiceError(
            "stale_version", _("the table is at version %(version)s") % {"version": table.version}
        )
    rnd = Round.objects.filter(table=table, status=Round.Status.PLAYING).first()
    if table.status != Table.Status.PLAYING or rnd is None:
        raise ServiceError("no_round", _("no deal is being played at this table"))
    now = Table.objects.filter(pk=table_id).values_list("version", flat=True).first()
    if now != version:  # moved while the round was read: its snapshot may be of a later version
        raise ServiceError("stale_version", _("the table is at version %(version)s") % {"version": now})
    game = get_game(table.game)
    if seat.number not in game.due(game.from_json(rnd.snapshot)):
        raise ServiceError("not_your_turn", _("It is not your turn."))
    seeded = bool(table.bot_seed) and settings.KIBITZ_ALLOW_FIXED_DEALS
    return SuggestionAsk(
        game=table.game,
        seat=seat.number,
        version=version,
        snapshot=rnd.snapshot,
        round_log={
            "options": rnd.options,
            "deal": rnd.deal,
            "dealer": rnd.dealer,
            "start": rnd.start,
            "actions": rnd.actions,
        },
        seed=f"{table.bot_seed}:suggest:{version}:{seat.number}" if seeded else None,
    )


def suggested_action(ask: SuggestionAsk, decide: Decide | None = None) -> dict[str, Any]:
    """The suggestion for `ask`: the SUGGESTION_LEVEL bot's choice for the seat (games.engines.core.seat_choice,
    with `decide` as the table's bots have it: games.services.bot_work.bot_decider), as the wire action
    (e.g. `{"play": "KH"}`). Pure computation, no database: run it off the event loop, it may search for
    seconds. Like a bot's move (games.services.play.bot_move), a choice the engine refuses, or none, gives the
    seat's timeout action (logged: an engine bug)."""
    game = get_game(ask.game)
    state = game.from_json(ask.snapshot)
    rng = random.Random(ask.seed if ask.seed is not None else secrets.randbits(64))
    choice = seat_choice(game, game.bot(SUGGESTION_LEVEL), state, ask.seat, ask.round_log, rng, decide)
    if choice is not None:
        try:
            game.apply(state, ask.seat, choice)
            return dict(choice.to_wire())
        except RuleError as error:
            log.error("the %s bot suggested a refused action %r: %s", SUGGESTION_LEVEL, choice, error)
    return dict(game.timeout_action(state, ask.seat).to_wire())
