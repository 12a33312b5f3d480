"""Property tests over seeded random deals for 2, 3 and 4 players (docs/rules/rummy.md §4–§7).

Each deal is played to its end by a noisy bot policy (beginner bots plus random knocks, lay-offs, swaps and
discards). After every action: all 110 cards are accounted for (hands, stock, pile, table), every table meld is
valid within the joker limit and every seat in `to_act` has a listed action; the state survives a JSON round
trip (through real JSON text) after every second action and at the end, to keep the quick tier fast. At the end:
zero-sum payments equal to the settlement, and replaying the action log gives the same state as the JSON of the
walk. 1,000 deals per table size, in chunks so a failure names its seeds.

The leak walk (rules §7) plays its own 200 deals per table size with standard bots (so pile takes and knocks
happen) and checks every view of every seat and the spectator at every step; planted leaks show the check bites.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.engines.core.replay import replay

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

DEALS_PER_SIZE = 1000
CHUNKS = 4
ROUND_TRIP_EVERY = 2  # JSON round trip on every second state and the final one (the walk's dearest check)
LEAK_DEALS_PER_SIZE = 200
LEAK_CHUNKS = 2


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_it_keeps_every_invariant_over_random_deals(players: int, chunk: int) -> None:
    count = DEALS_PER_SIZE // CHUNKS
    rng = random.Random(1000 * players + chunk)
    bots = [GAME.bot("beginner") for _ in range(players)]
    ends = {"winner": 0, "void": 0}
    for options, deal, dealer, state in random_deals(count, players, seed=players * 7919 + chunk):
        log: list[dict[str, Any]] = []
        checked: set[object] = set()
        check_accounting(state)
        while state.phase != "done":
            legal = {seat: GAME.legal_actions(state, seat) for seat in GAME.to_act(state)}
            for seat, actions in legal.items():
                assert actions, f"seat {seat} must have a listed action"
            seat, action = noisy_move(state, rng, bots, legal[state.current])
            state = GAME.apply(state, seat, action)
            log.append({"seat": seat, "action": action.to_wire()})
            check_accounting(state)
            check_melds(state, checked)
            if len(log) % ROUND_TRIP_EVERY == 0 or state.phase == "done":
                check_round_trip(state)
            assert len(log) < 3000
        check_payments(state)
        ends["void" if state.void else "winner"] += 1
        again = replay(GAME, options, deal, dealer, log)
        assert GAME.to_json(again) == GAME.to_json(state)
    assert ends["winner"] > 0


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("chunk", range(LEAK_CHUNKS))
def test_it_never_shows_a_hidden_card_in_any_view(players: int, chunk: int) -> None:
    rng = random.Random(100 * players + chunk)
    bots = [GAME.bot("standard") for _ in range(players)]
    steps = 0
    for _, _, _, state in random_deals(
        LEAK_DEALS_PER_SIZE // LEAK_CHUNKS, players, seed=31 * players + chunk
    ):
        while state.phase != "done":
            views = check_no_leak(state)
            seat, action = noisy_move(state, rng, bots, view=views[state.current])
            state = GAME.apply(state, seat, action)
            steps += 1
    assert steps > 0


def _mid_deal(players: int) -> Any:
    """A seeded deal of `players` played by standard bots until some seat has opened and the stock was drawn."""
    rng = random.Random(5)
    bots = [GAME.bot("standard") for _ in range(players)]
    _, _, _, state = next(random_deals(1, players, seed=77))
    while not any(state.opened) or state.phase == "done":
        seat, action = noisy_move(state, rng, bots)
        state = GAME.apply(state, seat, action)
    return state


@pytest.mark.parametrize("players", [2, 4])
def test_it_catches_a_planted_hand_leak(players: int) -> None:
    state = _mid_deal(players)
    check_no_leak(state)

    def leaky(state: Any, seat: int | None) -> dict[str, Any]:
        view = GAME.view(state, seat)
        other = (0 if seat is None else seat + 1) % players
        view["hint"] = {"cards": list(state.hands[other])}  # another seat's hand, hidden in a nested field
        return view

    with pytest.raises(AssertionError, match="shows more than it may see"):
        check_no_leak(state, leaky)


def test_it_catches_a_planted_stock_order_leak() -> None:
    state = _mid_deal(3)

    def leaky(state: Any, seat: int | None) -> dict[str, Any]:
        view = GAME.view(state, seat)
        view["next_cards"] = list(state.stock[:3])
        return view

    with pytest.raises(AssertionError, match="shows"):
        check_no_leak(state, leaky)
