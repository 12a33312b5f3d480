"""Rummy's own properties over seeded random deals for 2, 3 and 4 players (docs/rules/rummy.md §4–§7).

Each deal is played to its end by a noisy bot policy (beginner bots plus random knocks, lay-offs, swaps and
discards). After every action: all 110 cards are accounted for (hands, stock, pile, table) and every table meld is
valid within the joker limit. At the end: the result's payments are the settlement, each at least 2 units. 70
deals per table size in the quick tier, 1,000 in the long tier (tests/volume.py), in chunks so a failure names its
seeds. What every game shares (listed actions apply, the JSON round trip, replay, zero-sum payments) is
tests/engine/test_conformance.py's.

The leak walk (rules §7) counts copies, which the conformance test's card sets cannot (the pack holds two of each
natural card and six jokers), and looks for the stock's order: it plays its own deals (70 per table size in the
quick tier, 200 in the long tier) with standard bots (so pile takes and knocks happen) and checks every view of
every seat and the spectator at every step; planted leaks show the check bites.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.volume import seeded, volume

from .helpers import (
    GAME,
    check_accounting,
    check_melds,
    check_no_leak,
    check_payments,
    noisy_move,
    random_deals,
)

DEALS_PER_SIZE = volume(70, 1000)
CHUNKS = 2
LEAK_DEALS_PER_SIZE = volume(70, 200)
LEAK_CHUNKS = 2


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_it_keeps_every_invariant_over_random_deals(players: int, chunk: int) -> None:
    count = DEALS_PER_SIZE // CHUNKS
    rng = random.Random(seeded(f"rummy-properties-{players}-{chunk}"))
    bots = [GAME.bot("beginner") for _ in range(players)]
    ends = {"winner": 0, "void": 0}
    for _, _, _, state in random_deals(count, players, seed=seeded(f"rummy-deals-{players}-{chunk}")):
        checked: set[object] = set()
        check_accounting(state)
        steps = 0
        while state.phase != "done":
            seat, action = noisy_move(state, rng, bots)
            state = GAME.apply(state, seat, action)
            check_accounting(state)
            check_melds(state, checked)
            steps += 1
            assert steps < 3000
        check_payments(state)
        ends["void" if state.void else "winner"] += 1
    assert ends["winner"] > 0


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("chunk", range(LEAK_CHUNKS))
def test_it_never_shows_a_hidden_card_in_any_view(players: int, chunk: int) -> None:
    rng = random.Random(seeded(f"rummy-leaks-{players}-{chunk}"))
    bots = [GAME.bot("standard") for _ in range(players)]
    steps = 0
    for _, _, _, state in random_deals(
        LEAK_DEALS_PER_SIZE // LEAK_CHUNKS, players, seed=seeded(f"rummy-leak-deals-{players}-{chunk}")
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
