"""Wire parsing, options and deal checks (docs/rules/tarock.md §4.2, §5.1, §10; docs/design.md conventions)."""

from __future__ import annotations

import pytest

from games.engines.core import IllegalAction, InvalidAction
from games.engines.tarock.actions import Bid

from .helpers import GAME, deal_with


@pytest.mark.parametrize(
    "payload",
    [
        {"pass": False},
        {"pass": 1},
        {"play": "T2"},
        {"play": "EX"},
        {"play": 45.0},
        {"contract": "garde"},
        {"contract": "rufer", "announce": []},
        {"contract": "rufer", "announce": "pagat"},
        {"contract": "rufer", "announce": ["trull"]},
        {"contract": "rufer", "pass": True},
        {"pass": True, "play": "T4"},
        {"kontra": "trull"},
        {"announce": "game"},
        {},
        [],
        "pass",
        {"bid": "rufer"},
    ],
)
def test_it_refuses_malformed_actions_as_bad_action(payload):
    with pytest.raises(InvalidAction) as error:
        GAME.parse_action(payload)
    assert error.value.code == "bad_action"


def test_it_round_trips_actions_through_the_wire():
    for payload in (
        {"contract": "solo"},
        {"contract": "rufer", "announce": ["pagat", "valat"]},
        {"pass": True},
        {"announce": "absolut"},
        {"kontra": "valat"},
        {"play": "10S"},
        {"play": "T22"},
    ):
        action = GAME.parse_action(payload)
        assert action.to_wire() == payload
        assert hash(action) == hash(GAME.parse_action(payload))
    assert GAME.parse_action({"contract": "rufer"}) == Bid("rufer")


@pytest.mark.parametrize(
    "options",
    [
        {"deals": -1},
        {"deals": 2.0},
        {"deals": True},
        {"absolut_in_solo": 1},
        {"still_valat_kontra": "yes"},
        {"stake": 1},
    ],
)
def test_it_refuses_bad_options(options):
    with pytest.raises(IllegalAction) as error:
        GAME.new_round(options, deal_with({}, 1), 0)
    assert error.value.code == "bad_options"


def test_it_fills_default_options():
    assert GAME.normalize_options({}) == {"absolut_in_solo": True, "still_valat_kontra": True, "deals": 0}


def test_it_refuses_deals_that_are_not_a_partition_of_the_40_cards():
    good = deal_with({}, 1)["hands"]
    bad = [
        {"hands": good[:3]},
        {"hands": [good[0][:9], good[1], good[2], good[3] + [good[0][9]]]},
        {"hands": [good[0], good[1], good[2], good[3][:9] + [good[0][0]]]},
        {"hands": [good[0], good[1], good[2], good[3][:9] + ["T2"]]},
        {"hands": good, "dog": []},
        {"hands": [good[0], good[1], good[2], None]},
    ]
    for deal in bad:
        with pytest.raises(IllegalAction) as error:
            GAME.new_round({}, deal, 0)
        assert error.value.code == "bad_deal"


def test_it_deals_two_rounds_of_five_card_packets_from_forehand():  # §4.2
    order = list(range(40))
    deal = GAME.deal_from_order(order, 2, {}, None)
    assert deal["hands"][3] == [0, 1, 2, 3, 4, 20, 21, 22, 23, 24]
    assert deal["hands"][0] == [5, 6, 7, 8, 9, 25, 26, 27, 28, 29]
    assert deal["hands"][2] == [15, 16, 17, 18, 19, 35, 36, 37, 38, 39]
