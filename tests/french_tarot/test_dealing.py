"""Dealing and the deal checks of docs/rules/french_tarot.md §4."""

from __future__ import annotations

import random

import pytest

from games.engines.core import IllegalAction, get_game
from games.engines.french_tarot.cards import DECK

from .helpers import GAME, load


def test_it_is_registered_under_its_key_and_aliases():
    for name in ("french-tarot", "french_tarot", "tarot"):
        assert get_game(name) is get_game("french-tarot")


def test_it_deals_packets_of_three_from_the_forehand_and_six_to_the_dog():
    order = list(DECK)
    deal = GAME.deal_from_order(order, 2, GAME.normalize_options(None), None)
    # dealer 2: forehand 3 receives positions 0-2, seat 0 3-5, seat 1 6-8, seat 2 9-11, then seat 3 again 12-14.
    assert deal["hands"][3][:6] == order[0:3] + order[12:15]
    assert deal["hands"][0][:3] == order[3:6]
    assert deal["hands"][2][:3] == order[9:12]
    assert deal["dog"] == order[72:78]
    assert all(len(hand) == 18 for hand in deal["hands"])


def test_it_deals_the_same_cards_from_the_same_seed():
    assert GAME.deal_cards(random.Random(5), 0) == GAME.deal_cards(random.Random(5), 0)
    deal = GAME.deal_cards(random.Random(5), 1)
    assert sorted([*(c for h in deal["hands"] for c in h), *deal["dog"]]) == sorted(DECK)


def _bad(deal, dealer=0):
    with pytest.raises(IllegalAction) as error:
        GAME.new_round({}, deal, dealer)
    return error.value.code


def test_it_refuses_a_deal_that_is_not_exactly_the_deck():
    deal = load("v01-garde-two-bouts-43-points")["deal"]
    hands = [list(h) for h in deal["hands"]]
    assert _bad({"hands": hands[:3], "dog": deal["dog"]}) == "bad_deal"
    assert _bad({"hands": [hands[0] + [deal["dog"][0]], *hands[1:]], "dog": deal["dog"][1:]}) == "bad_deal"
    assert _bad({"hands": [["XX"] + hands[0][1:], *hands[1:]], "dog": deal["dog"]}) == "bad_deal"
    assert _bad({"hands": [[hands[1][0]] + hands[0][1:], *hands[1:]], "dog": deal["dog"]}) == "bad_deal"
    assert _bad({"hands": [[7] + hands[0][1:], *hands[1:]], "dog": deal["dog"]}) == "bad_deal"
    assert _bad({"hands": hands}) == "bad_deal"
    assert _bad(deal, dealer=4) == "bad_deal"
    assert _bad(deal, dealer=True) == "bad_deal"


def test_it_annuls_petit_sec_at_once_for_the_lowest_such_seat():  # vector 30
    state = GAME.new_round({}, load("v30a-petit-sec-annulled")["deal"], 0)
    assert GAME.phase(state) == "done"
    assert GAME.to_act(state) == frozenset()
    assert GAME.result(state) == {
        "status": "annulled",
        "reason": "petit_sec",
        "seat": 2,
        "scores": [0, 0, 0, 0],
        "payments": [],
    }


def test_it_does_not_call_petit_and_excuse_petit_sec():  # vector 30
    state = GAME.new_round({}, load("v30c-petit-and-excuse-not-petit-sec")["deal"], 0)
    assert GAME.phase(state) == "bidding"
    assert GAME.to_act(state) == frozenset({1})


def test_it_applies_petit_sec_in_both_profiles():
    deal = load("v30a-petit-sec-annulled")["deal"]
    assert GAME.result(GAME.new_round({"profile": "seed002"}, deal, 0))["reason"] == "petit_sec"
