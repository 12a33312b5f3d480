"""Property tests over seeded random deals for 2, 3 and 4 players (rules/rummy.md §4–§7).

Each deal is played to its end by a noisy bot policy (bots plus random knocks, lay-offs, swaps and discards);
after every action: all 110 cards are accounted for, every table meld is valid within the joker limit, every
seat in `to_act` has a listed action, the state survives a JSON round trip; at the end: zero-sum payments and
replaying the log gives the same state. 1,050 deals in all (350 per table size).
"""

from __future__ import annotations

import random

import pytest

from games.engine.replay import replay

from .helpers import (
    GAME,
    check_accounting,
    check_melds,
    check_no_leak,
    check_payments,
    check_round_trip,
    noisy_move,
    random_deals,
)

DEALS_PER_SIZE = 350
CHUNKS = 5


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_it_keeps_every_invariant_over_random_deals(players: int, chunk: int) -> None:
    count = DEALS_PER_SIZE // CHUNKS
    rng = random.Random(1000 * players + chunk)
    bots = [GAME.bot("beginner") for _ in range(players)]
    ends = {"winner": 0, "void": 0}
    for options, deal, dealer, state in random_deals(count, players, seed=players * 7919 + chunk):
        log = []
        checked: set[object] = set()
        check_accounting(state)
        while state.phase != "done":
            for seat in GAME.to_act(state):
                assert GAME.legal_actions(state, seat), f"seat {seat} must have a listed action"
            seat, action = noisy_move(state, rng, bots)
            state = GAME.apply(state, seat, action)
            log.append({"seat": seat, "action": action.to_wire()})
            check_accounting(state)
            check_melds(state, checked)
            check_round_trip(state)
            assert len(log) < 3000
        check_payments(state)
        ends["void" if state.void else "winner"] += 1
        again = replay(GAME, options, deal, dealer, log)
        assert GAME.to_json(again) == GAME.to_json(state)
    assert ends["winner"] > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_it_never_shows_a_hidden_card_in_any_view(players: int) -> None:
    rng = random.Random(players)
    bots = [GAME.bot("standard") for _ in range(players)]
    for _, _, _, state in random_deals(12, players, seed=31 * players):
        while state.phase != "done":
            check_no_leak(state)
            seat, action = noisy_move(state, rng, bots)
            state = GAME.apply(state, seat, action)
