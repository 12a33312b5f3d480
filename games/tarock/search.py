"""The expert's determinized search: sample worlds from a view, play each candidate out, keep the best mean.

Playouts use the unchecked fast path (`apply_call`, `do_play` on one copied state) with the shared heuristics
for every seat, and score with the engine's own `score` (rules/tarock.md §6). Work is bounded by a playout
count, so a seeded rng makes the choice reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.engine import SimpleAction

from .actions import TarockAction
from .auction import apply_call, legal_calls
from .heuristics import choose_call, choose_card
from .play import do_play, legal_cards
from .scoring import score
from .situation import from_state
from .state import TarockState
from .worlds import sample_world


def playout(state: TarockState, rng: random.Random) -> TarockState:
    """Finish a deal in place with the heuristic policy for every seat; returns the same (now done) state."""
    while state.phase != "done":
        seat = state.turn
        assert seat is not None
        if state.phase == "auction":
            call = choose_call(from_state(state, seat), legal_calls(state, seat))
            code = apply_call(state, seat, call)
            assert code is None, code
        else:
            do_play(state, seat, choose_card(from_state(state, seat), legal_cards(state, seat), rng))
    return state


def apply_fast(state: TarockState, seat: int, action: TarockAction) -> None:
    """Apply a legal action in place without the checked path's copy."""
    if isinstance(action, SimpleAction) and action.kind == "play":
        do_play(state, seat, str(action.value))
    else:
        code = apply_call(state, seat, action)
        assert code is None, code


def search(view: dict[str, Any], seat: int, legal: Sequence[TarockAction], rng: random.Random,
           playouts: int) -> TarockAction:
    """The candidate with the best mean delta for `seat` over sampled worlds (common worlds for every candidate).

    Args:
        playouts: total budget; each candidate gets `max(2, playouts // len(legal))` worlds.
    Returns:
        one of `legal`.
    """
    candidates = list(legal)
    if len(candidates) == 1:
        return candidates[0]
    n_worlds = max(2, playouts // len(candidates))
    worlds = [sample_world(view, seat, rng) for _ in range(n_worlds)]
    seeds = [rng.randrange(2**32) for _ in worlds]
    best, best_total = candidates[0], float("-inf")
    for action in candidates:
        total = 0
        for world, seed in zip(worlds, seeds):
            state = world.copy()
            apply_fast(state, seat, action)
            playout(state, random.Random(seed))
            total += score(state)["deltas"][seat]
        if total > best_total:
            best, best_total = action, total
    return best
