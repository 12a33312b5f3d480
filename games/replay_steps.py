"""The steps of a finished deal's replay viewer (docs/decisions-tables.md "Replay viewer", docs/design.md "Cards and
replay files"): the recorded actions the hand history shows (`games.history.shown_actions`) replayed with the pure
engine, one table picture after the deal and after each action, so that the browser draws each step with the game's
own table module and never computes a rule itself.

Every picture is the spectator's view plus every seat's hand: the hand history shows the whole deal once it is
over, and the actions it leaves out while a Schieber match runs (the non-scoring team's Weis) are not replayed, so
no picture holds them.
"""

from __future__ import annotations

from typing import Any, cast

from django.core.cache import cache

from games.declarations import game_title
from games.engines.core import get_game
from games.engines.core.replay import ReplayRefusal, replay
from games.history import shown_actions
from games.models import Round


def replay_steps(rnd: Round) -> list[dict[str, Any]]:
    """The finished deal `rnd` step by step: `[{"seat": acting seat | None, "action": wire action | None,
    "view": the engine's spectator view, "hands": [each seat's hand | None]}]`, the first entry right after the
    deal (no seat, no action), then one per shown action in log order.

    Raises:
        ReplayRefusal: the stored log does not replay (a corrupt round; the page shows no viewer then).
        KeyError: the table's game is not registered.
    """
    game = get_game(rnd.table.game)
    actions = shown_actions(rnd)
    seats = game.seat_count(game.normalize_options(rnd.options))
    steps: list[dict[str, Any]] = []

    def record(index: int, state: Any) -> None:
        step = actions[index] if index >= 0 else None
        steps.append(
            {
                "seat": None if step is None else step["seat"],
                "action": None if step is None else step["action"],
                "view": game.view(state, None),
                "hands": [game.view(state, seat).get("hand") for seat in range(seats)],
            }
        )

    replay(game, rnd.options, rnd.deal, rnd.dealer, actions, rnd.start, on_step=record)
    return steps


CACHE_SECONDS = 24 * 3600


def replay_steps_or_none(rnd: Round) -> list[dict[str, Any]] | None:
    """`replay_steps(rnd)`, or None when its log does not replay or its game is gone (the page then shows the
    written history only, never an error). Kept in the cache for a day: a finished deal's log never changes, and
    what it shows changes only when its match ends (part of the key, with the deal's deck hash); a long Rummy deal
    costs a few hundred ms."""
    if rnd.status != Round.Status.DONE:
        return None
    key = f"replay-steps:v1:{rnd.pk}:{rnd.deck_hash}:{int(bool(rnd.match.over))}"
    steps = cache.get(key)
    if steps is not None:
        return cast(list[dict[str, Any]], steps)
    try:
        steps = replay_steps(rnd)
    except (ReplayRefusal, KeyError):
        return None
    cache.set(key, steps, CACHE_SECONDS)
    return steps


def replay_table(rnd: Round, names: list[str | None], bottom: int) -> dict[str, Any]:
    """The `table` part of a table frame (games.reads.projection) for every step of the replay of `rnd`: the deal's
    options, its seats named as the hand history names them (`names`, per seat), the finished round and whether the
    match is over; `bottom` is the seat drawn at the bottom (the `you` of a frame). No money, clocks or deadlines:
    the viewer shows the cards, not the table's running state."""
    game = get_game(rnd.table.game)
    table = rnd.table
    dealt = game.dealt_in(game.from_json(rnd.snapshot))
    return {
        "id": table.pk,
        "game": table.game,
        "title": game_title(game),
        "status": table.status,
        "options": rnd.options,
        "turn_seconds": table.turn_seconds,
        "stake": table.stake,
        "limit": table.limit,
        "money_terms": None,
        "access": table.access,
        "bot_level": table.bot_level,
        "suggestions": False,
        "you": bottom,
        "seats": [
            {
                "number": number,
                "name": name,
                "bot": False,
                "bot_level": None,
                "bot_reason": None,
                "replaced": None,
                "open": False,
                "dealt_in": number in dealt,
            }
            for number, name in enumerate(names)
        ],
        "round": {
            "number": rnd.number,
            "dealer": rnd.dealer,
            "deck_hash": rnd.deck_hash,
            "status": rnd.status,
            "deadline": None,
            "deadlines": {},
            "players": names,
            "money": None,
            "start": rnd.start,
            "reserved": None,
        },
        "next_deal_at": None,
        "standings": None,
        "match_rounds": [],
        "match_over": bool(rnd.match.over),
    }
