"""Card play rules, one per test (docs/rules/tarock.md §5.8), and the §5.9 timeouts."""

from __future__ import annotations

import pytest

from games.engines.core import IllegalAction
from games.engines.tarock.cards import trick_winner_index
from games.engines.tarock.timeouts import timeout_key

from .helpers import GAME, act, deal_with, run_calls, wires

PASSES = [(2, {"pass": True}), (3, {"pass": True}), (0, {"pass": True})]


def started(deal, contract="rufer"):
    return run_calls(GAME.new_round({}, deal, 0), [(1, {"contract": contract}), *PASSES])


def test_it_lets_t1_win_the_trull_trick_except_in_farbensolo():
    trick = ["T22", "T1", "T21", "T4"]
    assert trick_winner_index("rufer", trick) == 1
    assert trick_winner_index("solo", trick) == 1
    assert trick_winner_index("farbensolo", trick) == 0


def test_it_gives_a_suit_trick_to_the_highest_tarock_outside_farbensolo():
    assert trick_winner_index("rufer", ["KH", "QH", "T4", "T5"]) == 3
    assert trick_winner_index("farbensolo", ["KH", "QH", "T4", "T5"]) == 0
    assert trick_winner_index("farbensolo", ["T4", "KH", "T6", "T5"]) == 2
    assert trick_winner_index("rufer", ["JS", "KH", "QS", "10S"]) == 2


def test_it_forces_a_tarock_when_void_in_the_led_suit():
    deal = deal_with(
        {1: ["KH", "T20", "T19"], 2: ["T4", "T5", "10S", "JS", "NS", "QS", "KS", "10C", "JC", "NC"]}, 7
    )
    state = act(started(deal), 1, {"play": "KH"})
    with pytest.raises(IllegalAction) as error:
        act(state, 2, {"play": "10S"})
    assert error.value.code == "must_play_tarock"
    assert wires(GAME.legal_actions(state, 2)) == [{"play": "T4"}, {"play": "T5"}]


def test_it_requires_a_tarock_on_a_tarock_lead_and_frees_a_seat_without_one():
    deal = deal_with(
        {
            1: ["T20", "T19", "T18", "T17", "T16", "T15", "T14", "T13", "KH", "QH"],
            2: ["T4", "T5", "10S", "JS", "NS", "QS", "KS", "10C", "JC", "NC"],
        },
        8,
    )
    state = run_calls(GAME.new_round({}, deal, 0), [(1, {"contract": "solo"}), *PASSES])
    state = act(state, 1, {"play": "T20"})
    with pytest.raises(IllegalAction) as error:
        act(state, 2, {"play": "KS"})
    assert error.value.code == "must_follow_suit"


def test_it_refuses_cards_not_in_hand_and_calls_during_play():
    deal = deal_with({1: ["KH", "T20", "T19"], 2: ["T4", "T5"]}, 9)
    state = started(deal)
    assert pytest.raises(IllegalAction, act, state, 1, {"play": "T4"}).value.code == "not_in_hand"
    assert pytest.raises(IllegalAction, act, state, 1, {"pass": True}).value.code == "wrong_phase"
    assert pytest.raises(IllegalAction, act, state, 2, {"play": "T4"}).value.code == "not_your_turn"


def test_it_times_out_with_a_glatze_first_and_the_trull_last():  # §5.9
    cards = ["T22", "T21", "T1", "KS", "KD", "QH", "T4", "T20", "JC", "AD", "10S"]
    assert sorted(cards, key=timeout_key) == [
        "10S",
        "AD",
        "T4",
        "T20",
        "JC",
        "QH",
        "KS",
        "KD",
        "T1",
        "T21",
        "T22",
    ]


def test_it_times_out_the_opening_with_a_rufer_or_else_a_solo():  # §5.9
    state = GAME.new_round({}, deal_with({1: ["T20", "T19"]}, 10), 0)
    assert GAME.timeout_action(state, 1).to_wire() == {"contract": "rufer"}
    state = GAME.new_round({}, deal_with({1: ["T20", "T19", "T18", "T17", "T16"]}, 10), 0)
    assert GAME.timeout_action(state, 1).to_wire() == {"contract": "solo"}
    state = act(state, 1, {"contract": "solo"})
    assert GAME.timeout_action(state, 2).to_wire() == {"pass": True}


def test_it_times_out_play_with_the_smallest_key_legal_card():
    deal = deal_with({1: ["KH", "T20", "T19"], 2: ["T4", "T5", "AH", "QH"]}, 11)
    state = act(started(deal), 1, {"play": "KH"})
    assert GAME.timeout_action(state, 2).to_wire() == {"play": "AH"}
