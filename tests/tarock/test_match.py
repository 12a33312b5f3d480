"""The match around the deals: rotation, fixed deal counts, standings (docs/rules/tarock.md §8, §9)."""

from __future__ import annotations

import random

from .helpers import GAME


def finish_with_timeouts(state):
    while GAME.to_act(state):
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.timeout_action(state, seat))
    return state


def test_it_rotates_the_dealer_and_adds_the_deltas_to_the_totals():
    rng = random.Random(3)
    dealer, start, played, totals = 0, None, 0, [0, 0, 0, 0]
    for _ in range(12):
        state = finish_with_timeouts(
            GAME.new_round({"deals": 0}, GAME.deal_cards(rng, dealer), dealer, start)
        )
        deltas = GAME.round_scores(state)
        totals = [t + d for t, d in zip(totals, deltas, strict=True)]
        nxt = GAME.next_round(state)
        redeal = GAME.result(state).get("redeal") is not None
        played += 0 if redeal else 1
        assert nxt.dealer == (dealer if redeal else (dealer + 1) % 4)
        assert nxt.start == {"totals": totals, "deals_played": played}
        assert GAME.standings(state)["scores"] == totals
        dealer, start = nxt.dealer, nxt.start


def test_it_ends_the_match_after_the_fixed_number_of_played_deals():
    rng = random.Random(4)
    dealer, start, rounds = 0, None, 0
    while True:
        state = finish_with_timeouts(
            GAME.new_round({"deals": 3}, GAME.deal_cards(rng, dealer), dealer, start)
        )
        rounds += 1
        nxt = GAME.next_round(state)
        if nxt is None:
            break
        assert not GAME.standings(state)["over"]
        dealer, start = nxt.dealer, nxt.start
    assert GAME.standings(state)["over"] is True
    assert state.start["deals_played"] + 1 == 3 and rounds >= 3


def test_it_ranks_equal_totals_on_a_shared_place():
    state = GAME.new_round(
        {}, GAME.deal_cards(random.Random(5), 0), 0, {"totals": [4, -4, 4, -4], "deals_played": 2}
    )
    standings = GAME.standings(state)
    assert standings == {"scores": [4, -4, 4, -4], "ranking": [1, 3, 1, 3], "over": False}
