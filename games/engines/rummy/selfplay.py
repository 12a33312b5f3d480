"""Playing whole deals and matches with bots (for benchmarks, property tests and bot tables).

Kloppen needs an order among seats that may act at once (rules §5.8: "the first valid action wins, the service
orders them"): before the current seat acts in its draw step, every eligible klopper is asked in turn order
from the current seat whether it wants to knock; the first that does knocks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .bots import RummyBot
from .rules import RummyGame
from .state import RummyState

Step = Callable[[RummyState, int, Any], None]


def next_move(
    game: RummyGame, state: RummyState, bots: Sequence[RummyBot], rng: random.Random
) -> tuple[int, Any]:
    """The seat that acts next and its bot's action (kloppers first, in turn order after the current seat)."""
    acting = game.to_act(state)
    n = state.seats
    for k in range(1, n):
        seat = (state.current + k) % n
        if seat in acting:
            view = game.view(state, seat)
            legal = game.legal_actions(state, seat)
            if bots[seat].wants_to_knock(view, seat, legal):
                return seat, bots[seat].choose(view, seat, legal, rng)
    seat = state.current
    return seat, bots[seat].choose(game.view(state, seat), seat, game.legal_actions(state, seat), rng)


def play_deal(
    game: RummyGame,
    state: RummyState,
    bots: Sequence[RummyBot],
    rng: random.Random,
    on_step: Step | None = None,
    max_actions: int = 5000,
) -> tuple[RummyState, list[dict[str, Any]]]:
    """Play a deal to its end with one bot per seat.

    Returns:
        `(final state, action log as [{"seat", "action"}] wire entries)`.
    Raises:
        RuntimeError: the deal did not end within `max_actions` (a bot looping).
    """
    log: list[dict[str, Any]] = []
    for _ in range(max_actions):
        if state.phase == "done":
            return state, log
        seat, action = next_move(game, state, bots, rng)
        state = game.apply(state, seat, action)
        log.append({"seat": seat, "action": action.to_wire()})
        if on_step is not None:
            on_step(state, seat, action)
    raise RuntimeError("the deal did not end")


def play_match(
    game: RummyGame,
    options: Mapping[str, Any],
    bots: Sequence[RummyBot],
    rng: random.Random,
    dealer: int = 0,
    max_deals: int = 200,
) -> tuple[RummyState, list[RummyState]]:
    """Play a whole match (rules §8); returns the last deal's state and every finished deal."""
    opts = game.normalize_options(options)
    start: dict[str, Any] | None = None
    finished: list[RummyState] = []
    for _ in range(max_deals):
        deal = game.deal_from_order(game.shuffle_deck(rng, opts), dealer, opts, start)
        state, _ = play_deal(game, game.new_round(opts, deal, dealer, start), bots, rng)
        finished.append(state)
        nxt = game.next_round(state)
        if nxt is None:
            return state, finished
        dealer, start = nxt.dealer, nxt.start
    raise RuntimeError("the match did not end")
