"""The match around the deals (docs/rules/french_tarot.md §3 rotation, §8 match end; §11 vectors 17, 29, 30)."""

from __future__ import annotations

import pytest

from games.engines.core import IllegalAction

from .helpers import GAME, load, replay_case

V17 = "v17-seed002-target-100-petite-made-by-10"


def test_it_ends_a_target_100_match_after_the_first_deal_reaching_it():  # vector 17
    state = replay_case(V17)
    assert GAME.round_scores(state) == [-35, 105, -35, -35]
    assert GAME.next_round(state) is None
    standings = GAME.standings(state)
    assert standings["over"] is True
    assert standings["scores"] == [-35, 105, -35, -35]
    assert standings["ranking"][0] == {"seat": 1, "score": 105, "place": 1}
    assert [row["place"] for row in standings["ranking"]] == [1, 2, 2, 2]


def test_it_ends_a_target_match_across_a_start_only_when_the_total_reaches_the_target():  # vector 17 with a start
    ended = replay_case(V17, start={"scores": [60, -10, -20, -30], "deals_played": 3})
    assert GAME.view(ended, None)["scores"] == [25, 95, -55, -65]
    running = GAME.next_round(ended)
    assert running is not None
    assert running.dealer == 1
    assert running.start == {"scores": [25, 95, -55, -65], "deals_played": 4}
    exactly = replay_case(V17, start={"scores": [0, -5, 5, 0], "deals_played": 3})
    assert GAME.standings(exactly)["scores"] == [-35, 100, -30, -35]
    assert GAME.next_round(exactly) is None
    assert [(r["seat"], r["place"]) for r in GAME.standings(exactly)["ranking"]] == [
        (1, 1),
        (2, 2),
        (0, 3),
        (3, 3),
    ]
    tied = replay_case(V17, start={"scores": [140, 0, -70, -70], "deals_played": 3})
    assert GAME.standings(tied)["scores"] == [105, 105, -105, -105]
    assert GAME.next_round(tied) is None
    assert [(r["seat"], r["place"]) for r in GAME.standings(tied)["ranking"]] == [
        (0, 1),
        (1, 1),
        (2, 3),
        (3, 3),
    ]


def test_it_ends_a_deals_match_after_n_scored_deals():
    options = {"profile": "seed002", "match_end": "deals:4"}
    assert (
        GAME.next_round(replay_case(V17, options=options, start={"scores": [0] * 4, "deals_played": 3}))
        is None
    )
    going_on = GAME.next_round(
        replay_case(V17, options=options, start={"scores": [0] * 4, "deals_played": 2})
    )
    assert going_on is not None and going_on.start["deals_played"] == 3


def test_it_never_ends_an_open_match():
    state = replay_case(
        V17,
        options={"profile": "seed002", "match_end": "open"},
        start={"scores": [5000, -5000, 0, 0], "deals_played": 40},
    )
    assert GAME.next_round(state) is not None
    assert GAME.standings(state)["over"] is False


def test_it_moves_the_deal_on_after_all_passed_without_counting_it():  # vector 29
    state = replay_case(
        "v29c-all-pass-annulled",
        options={"match_end": "deals:3"},
        start={"scores": [10, -10, 0, 0], "deals_played": 2},
    )
    following = GAME.next_round(state)
    assert following is not None
    assert following.dealer == 1
    assert following.start == {"scores": [10, -10, 0, 0], "deals_played": 2}
    assert GAME.settlement(state) is None
    assert GAME.round_scores(state) == [0, 0, 0, 0]


def test_it_redeals_by_the_same_dealer_after_petit_sec():  # vector 30
    for dealer in range(4):
        state = replay_case("v30a-petit-sec-annulled", dealer=dealer)
        assert GAME.result(state)["reason"] == "petit_sec"
        following = GAME.next_round(state)
        assert following is not None and following.dealer == dealer
        assert following.start == {"scores": [0, 0, 0, 0], "deals_played": 0}


def test_it_settles_each_scored_deal_by_its_payments():
    state = replay_case("v03-petite-two-bouts-38-lost-by-3")
    assert GAME.settlement(state) == [(1, 0, 28), (1, 2, 28), (1, 3, 28)]
    assert GAME.settlement(replay_case("v03-petite-two-bouts-38-lost-by-3", upto=70)) is None


def test_it_refuses_next_round_while_the_deal_is_played():
    with pytest.raises(IllegalAction) as error:
        GAME.next_round(replay_case(V17, upto=10))
    assert error.value.code == "wrong_phase"
    assert GAME.standings(replay_case(V17, upto=10))["over"] is False


@pytest.mark.parametrize(
    "start",
    [
        {"scores": [0, 0, 0], "deals_played": 0},
        {"scores": [0, 0, 0, 1.5], "deals_played": 0},
        {"scores": [0, 0, 0, 0], "deals_played": -1},
        {"scores": [0, 0, 0, 0], "deals_played": True},
    ],
)
def test_it_refuses_a_malformed_start(start):
    case = load(V17)
    with pytest.raises(IllegalAction) as error:
        GAME.new_round(case["options"], case["deal"], case["dealer"], start)
    assert error.value.code == "bad_deal"
