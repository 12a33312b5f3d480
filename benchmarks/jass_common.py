"""Helpers for the Jass benchmark scripts: driving a round with bots through the Game protocol, statistics.

A Jass seat can be in `to_act` only for the optional "Enough, thanks" (the trick winner's partner); such a seat
is asked first and acts only when its bot takes the call; otherwise the seat with a move due acts.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import mean_ci, percentile  # noqa: F401  (one statistics helper for every script)

from games.engines.core import get_game
from games.engines.jass.rules import JassGame
from games.engines.jass.state import JassState


def jass_game(variant: str) -> JassGame:
    """The registered `jass-<variant>` game."""
    game = get_game(f"jass-{variant}")
    assert isinstance(game, JassGame)
    return game


def due_seat(game: JassGame, state: JassState) -> int:
    """The seat whose move the round waits for (the seat to play, the trump chooser, a predictor)."""
    if game.phase(state) == "play":
        return state.to_play()
    return min(game.to_act(state))


def play_round_with_bots(
    game: JassGame,
    options: dict[str, Any],
    deal_seed: int,
    bots: Sequence[Any],
    dealer: int | None = None,
    start: dict[str, Any] | None = None,
    timings: dict[str, list[float]] | None = None,
) -> JassState:
    """Deal round `deal_seed` and play it to the end; `bots[seat]` chooses for each seat from its own view.

    Each seat's rng is seeded from the deal and the seat, so a seat's choices do not depend on who sits
    elsewhere. With `timings`, each bot's decision time (seconds) is appended under its level.
    """
    dealer = deal_seed % 4 if dealer is None else dealer
    deal = game.deal_cards(random.Random(deal_seed), dealer, options)
    state = game.new_round(options, deal, dealer, start)
    rngs = [random.Random(deal_seed * 10 + seat) for seat in range(4)]
    while game.phase(state) != "done":
        acted = False
        due = due_seat(game, state)
        for seat in sorted(game.to_act(state), key=lambda s: s == due):
            began = time.perf_counter()
            action = bots[seat].choose(
                game.view(state, seat), seat, game.legal_actions(state, seat), rngs[seat]
            )
            if timings is not None:
                timings.setdefault(bots[seat].level, []).append(time.perf_counter() - began)
            if action is not None:
                state = game.apply(state, seat, action)
                acted = True
                break
        assert acted, "the seat with a move due always acts"
    return state
