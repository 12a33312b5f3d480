"""A bot's choice for one seat, from that seat's own view: the one path by which the house's bots move
(games.services.play.bot_move) and a seat's "Suggest a move" is answered (games.reads.suggestion), so a suggestion
is exactly what the bot of that level would play in the seat (docs/style.md example 6: bots get a view, never a
state)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from .protocol import Action, Game
from .replay import replay

Decide = Callable[[Game[Any], Any, dict[str, Any], int, list[Action], random.Random], Action | None]
"""`decide(game, bot, view, seat, legal, rng)`: the choice in place of `bot.choose(view, seat, legal, rng)` (a
wall-clock cap around it, games.services.bot_work.capped_decision)."""


def show_earlier_views(game: Game[Any], bot: Any, seat: int, round_log: Mapping[str, Any]) -> None:
    """A bot with a memory (`observe(view, seat)`, e.g. the French Tarot expert) is rebuilt for each move, so it is
    shown every view its seat has had this deal, replayed from the round's log (`{"options", "deal", "dealer",
    "actions", "start"}`): what a person at the seat would remember, and nothing more (only that seat's views).
    A bot without `observe` is shown nothing."""
    observe = getattr(bot, "observe", None)
    if observe is None:
        return
    replay(
        game,
        round_log["options"],
        round_log["deal"],
        round_log["dealer"],
        round_log["actions"],
        round_log["start"],
        on_step=lambda _index, state: observe(game.view(state, seat), seat),
    )


def seat_choice(
    game: Game[Any],
    bot: Any,
    state: Any,
    seat: int,
    round_log: Mapping[str, Any],
    rng: random.Random,
    decide: Decide | None = None,
) -> Action | None:
    """`bot`'s choice for `seat`'s due move in `state`: the bot is shown the seat's earlier views of the deal
    (`show_earlier_views`), then asked with the seat's view now and its legal actions, `bot.choose(view, seat,
    legal, rng)` (or `decide(...)` in its place). Nothing of `state` reaches the bot but `game.view(state, seat)`
    and `game.legal_actions(state, seat)`. Returns the bot's action, None when it made none (the caller's
    fallback: the seat's timeout action). The bot's own errors propagate."""
    show_earlier_views(game, bot, seat, round_log)
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    if decide is None:
        return bot.choose(view, seat, legal, rng)  # type: ignore[no-any-return]
    return decide(game, bot, view, seat, legal, rng)
