"""Timeout actions of docs/rules/french_tarot.md §5.6."""

from __future__ import annotations

import random

import pytest

from games.engines.core import IllegalAction, SimpleAction
from games.engines.french_tarot.timeouts import play_key, timeout_card, timeout_discard

from .helpers import GAME, replay_case
from .randomplay import discard_is_legal


def test_it_passes_in_bidding_and_declines_the_slam():
    state = replay_case("v01-garde-two-bouts-43-points", upto=0)
    assert GAME.timeout_action(state, 1) == SimpleAction("bid", "pass")
    state = replay_case("v01-garde-two-bouts-43-points", upto=5)
    assert GAME.phase(state) == "slam"
    assert GAME.timeout_action(state, 1) == SimpleAction("slam", False)


def test_it_discards_the_cheapest_suit_cards_by_points_rank_and_suit():
    hand = ["KS", "AS", "2S", "AH", "QD", "JC", "2C", "3H", "AD", "AC", "T5", "T1", "EX"]
    assert timeout_discard(hand) == ("AS", "AH", "AD", "AC", "2S", "2C")


def test_it_adds_the_lowest_trumps_only_when_forced():
    hand = ["KS", "QH", "JD", "T1", "T2", "T3", "T4", "T9", "T21", "EX"]
    assert timeout_discard(hand) == ("JD", "QH", "T2", "T3", "T4", "T9")


def test_it_plays_the_smallest_key_with_the_excuse_last():
    assert play_key("2H") < play_key("T2") < play_key("JS") < play_key("EX")
    assert timeout_card(["EX", "KH", "T3", "2D", "2S"]) == "2S"
    assert timeout_card(["EX", "T21"]) == "T21"
    assert timeout_card(["EX"]) == "EX"
    assert timeout_card(["JH", "T4"]) == "T4"


def test_it_gives_a_legal_timeout_action_at_every_step():
    rng = random.Random(11)
    for _ in range(60):
        dealer = rng.randrange(4)
        state = GAME.new_round({}, GAME.deal_cards(rng, dealer), dealer)
        passes = rng.random() < 0.2
        while GAME.phase(state) != "done":
            (seat,) = GAME.to_act(state)
            action = GAME.timeout_action(state, seat)
            if GAME.phase(state) == "discard":
                assert discard_is_legal(state.hands[seat], action.value)
            elif GAME.phase(state) == "bidding" and not passes:
                action = GAME.legal_actions(state, seat)[-1] if not state.bids else action
            else:
                assert action in GAME.legal_actions(state, seat)
            state = GAME.apply(state, seat, action)


def test_it_refuses_a_timeout_for_a_seat_not_to_act_or_after_the_deal():
    state = replay_case("v01-garde-two-bouts-43-points", upto=0)
    with pytest.raises(IllegalAction) as error:
        GAME.timeout_action(state, 2)
    assert error.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as error:
        GAME.timeout_action(replay_case("v01-garde-two-bouts-43-points"), 0)
    assert error.value.code == "wrong_phase"
