"""Seeded random Jass rounds for the property, leak and differential tests.

`random_round` plays one round with random legal actions (sometimes a push, a Weis built from the hand, an
"Enough, thanks"), calling `on_step(state, log)` after the deal and after every action so a test can check
invariants at each point. The log is in replay form (`{"seat", "action"}` with wire actions).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.engines.jass.heuristics import best_declaration
from games.engines.jass.rules import JassGame
from games.engines.jass.state import JassState

Step = Callable[[JassState, list[dict[str, Any]]], None]


@dataclass
class RandomRound:
    """A finished (or ended) random round: its inputs, log and final state."""

    options: dict[str, Any]
    deal: dict[str, Any]
    dealer: int
    start: dict[str, Any] | None
    log: list[dict[str, Any]]
    state: JassState


def random_round(
    game: JassGame,
    rng: random.Random,
    options: dict[str, Any] | None = None,
    start: dict[str, Any] | None = None,
    weis_chance: float = 0.5,
    thanks_chance: float = 0.0,
    on_step: Step | None = None,
) -> RandomRound:
    """Play one round with seeded random legal actions until phase `done`.

    Every seat in `to_act` is considered; a seat whose only listed action is the optional thanks acts only
    when it takes the call (with `thanks_chance`), otherwise the seat to play moves.
    """
    opts = game.normalize_options(options)
    dealer = rng.randrange(4)
    deal = game.deal_cards(rng, dealer, opts)
    state = game.new_round(opts, deal, dealer, start)
    log: list[dict[str, Any]] = []
    if on_step:
        on_step(state, log)
    while game.phase(state) != "done":
        seat, action = _pick(game, state, rng, weis_chance, thanks_chance)
        state = game.apply(state, seat, action)
        log.append({"seat": seat, "action": game.action_to_wire(action)})
        if on_step:
            on_step(state, log)
    return RandomRound(opts, deal, dealer, start, log, state)


def _pick(
    game: JassGame, state: JassState, rng: random.Random, weis_chance: float, thanks_chance: float
) -> tuple[int, Any]:
    seats = sorted(game.to_act(state))
    if state.phase == "predict":
        seat = rng.choice(seats)
        return seat, game.parse_action({"predict": rng.randrange(158)})
    for seat in seats:
        legal = game.legal_actions(state, seat)
        if any(a.kind == "thanks" for a in legal) and rng.random() < thanks_chance:
            return seat, game.parse_action({"thanks": True})
    seat = state.to_play() if state.phase == "play" else seats[0]
    legal = [a for a in game.legal_actions(state, seat) if a.kind != "thanks"]
    if (
        state.phase == "play"
        and game.variant == "schieber"
        and state.tricks_done == 0
        and state.weis[seat] is None
        and rng.random() < weis_chance
    ):
        groups = best_declaration(state.hands[seat], state.mode or "")
        if groups:
            return seat, game.parse_action({"weis": [list(g) for g in groups]})
    return seat, rng.choice(legal)
