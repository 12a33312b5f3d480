"""Action form and the general check order of docs/rules/french_tarot.md §5; `apply` never changes its input."""

from __future__ import annotations

import pytest

from games.engines.core import IllegalAction, InvalidAction, SimpleAction

from .helpers import GAME, replay_case

V01 = "v01-garde-two-bouts-43-points"


@pytest.mark.parametrize(
    "payload",
    [
        {"bid": 2},
        {"bid": "Garde"},
        {"bid": None},
        {"slam": 1},
        {"slam": "true"},
        {"play": "T22"},
        {"play": "1H"},
        {"play": ["KH"]},
        {"discard": "KS"},
        {"discard": ["KS", 5]},
        {"handful": "T1"},
        {"pass": True},
        {"bid": "pass", "play": "KH"},
        {},
        [],
        "bid",
    ],
)
def test_it_refuses_malformed_actions_as_bad_action(payload):
    with pytest.raises(InvalidAction) as error:
        GAME.parse_action(payload)
    assert error.value.code == "bad_action"


def test_it_parses_every_action_kind_to_its_wire_form():
    for payload in (
        {"bid": "garde_contre"},
        {"slam": False},
        {"play": "10H"},
        {"discard": ["AS", "2S"]},
        {"handful": ["T1", "T2"]},
    ):
        assert GAME.parse_action(payload).to_wire() == payload


def _code(state, seat, action):
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, seat, action)
    return error.value.code


def test_it_checks_done_then_turn_then_phase():
    done = replay_case(V01)
    assert _code(done, 3, SimpleAction("play", "KH")) == "wrong_phase"
    bidding = replay_case(V01, upto=0)
    assert _code(bidding, 2, SimpleAction("play", "KH")) == "not_your_turn"
    assert _code(bidding, 1, SimpleAction("play", "KH")) == "wrong_phase"
    assert _code(bidding, 1, SimpleAction("handful", ("T1",))) == "wrong_phase"
    discard = replay_case(V01, upto=4)
    assert _code(discard, 1, SimpleAction("slam", True)) == "wrong_phase"
    assert _code(discard, 1, SimpleAction("discard", ())) == "discard_wrong_count"


def test_it_leaves_the_given_state_unchanged():
    state = replay_case(V01, upto=30)
    before = GAME.to_json(state)
    (seat,) = GAME.to_act(state)
    GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    _code(state, seat, SimpleAction("play", "EX" if "EX" not in state.hands[seat] else "KH"))
    assert GAME.to_json(state) == before


def test_it_lists_only_higher_bids_and_both_slam_answers():
    state = replay_case(V01, upto=1)
    assert GAME.legal_actions(state, 2) == [
        SimpleAction("bid", b) for b in ("pass", "garde_sans", "garde_contre")
    ]
    assert GAME.legal_actions(replay_case(V01, upto=5), 1) == [
        SimpleAction("slam", True),
        SimpleAction("slam", False),
    ]
    assert GAME.legal_actions(replay_case(V01, upto=4), 1) == []


def test_it_shows_points_as_int_when_whole_and_float_otherwise():
    assert replay_case(V01) and GAME.result(replay_case(V01))["points"] == 43
    assert isinstance(GAME.result(replay_case(V01))["points"], int)
    half = GAME.result(replay_case("v16a-seed002-40-5-counted-40-lost"))
    assert half["points"] == 40.5 and isinstance(half["points"], float) and half["counted"] == 40
    assert half["slam_announced"] is False
