"""One rule per test for what the case files do not pin down (docs/rules/jass.md §4, §5, §5.7, §7, §8, §10)."""

from __future__ import annotations

import random

import pytest

from games.engines.core import IllegalAction, InvalidAction
from games.engines.jass import DIFFERENZLER_GAME, SCHIEBER_GAME
from games.engines.jass.cards import DECK, sort_canonical
from games.engines.jass.legality import legal_cards, play_refusal
from games.engines.jass.state import DIFFERENZLER, SCHIEBER

from .helpers import ALICE_DEAL, SPADES_LEAD, play


def _differenzler_deal(trump_card: str = "QD", dealer: int = 0) -> dict:
    hands = [list(h) for h in ALICE_DEAL["hands"]]
    return {"hands": hands, "trump_card": trump_card}


# --- legality ---------------------------------------------------------------------------------------
def test_it_lets_a_differenzler_seat_void_in_the_lead_undertrump() -> None:
    trick, hand = ["KH", "JS"], ["AS", "7S", "7C", "6C"]
    assert set(legal_cards(hand, trick, "S", DIFFERENZLER)) == set(hand)
    assert play_refusal(hand, trick, "S", "7S", SCHIEBER) == "undertrump_forbidden"


def test_it_refuses_a_differenzler_undertrump_while_holding_the_lead() -> None:
    trick, hand = ["KH", "JS"], ["AS", "7S", "8H"]
    assert play_refusal(hand, trick, "S", "7S", DIFFERENZLER) == "undertrump_forbidden"
    assert set(legal_cards(hand, trick, "S", DIFFERENZLER)) == {"8H"}


def test_it_allows_an_overtrump_when_holding_the_lead() -> None:
    assert play_refusal(["9S", "8H"], ["KH", "AS"], "S", "9S", SCHIEBER) is None


def test_it_ignores_last_rounds_trump_in_unenufe() -> None:
    assert legal_cards(["10H", "10D", "JD"], ["6D"], "unenufe", SCHIEBER) == ["10D", "JD"]


# --- actions on the wire --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "payload",
    [
        {"predict": 45.0},
        {"predict": True},
        {"push": False},
        {"thanks": 1},
        {"play": "1S"},
        {"play": "T21"},
        {"weis": "6S"},
        {"weis": [["6S", "XX"]]},
        {"weis": ["6S"]},
        {"trump": "spades"},
        {"play": "6S", "push": True},
        {},
        [],
        {"bid": "garde"},
    ],
)
def test_it_refuses_malformed_actions_as_bad_action(payload) -> None:
    with pytest.raises(InvalidAction) as refused:
        SCHIEBER_GAME.parse_action(payload)
    assert refused.value.code == "bad_action"


def test_it_round_trips_actions_on_the_wire() -> None:
    for payload in [
        {"trump": "obenabe"},
        {"push": True},
        {"predict": 0},
        {"play": "10S"},
        {"thanks": True},
        {"weis": [["6S", "7S", "8S"], ["JS", "JH", "JD", "JC"]]},
    ]:
        assert SCHIEBER_GAME.parse_action(payload).to_wire() == payload


# --- deals and options ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "deal",
    [
        {"hands": ALICE_DEAL["hands"][:3]},
        {"hands": [h[:8] for h in ALICE_DEAL["hands"]]},
        {
            "hands": [
                ALICE_DEAL["hands"][0],
                ALICE_DEAL["hands"][0],
                ALICE_DEAL["hands"][2],
                ALICE_DEAL["hands"][3],
            ]
        },
        {"hands": ALICE_DEAL["hands"], "dog": []},
        {"hands": [["JS", "QS", "KS", "6H", "JH", "KH", "QD", "KD", "T1"], *ALICE_DEAL["hands"][1:]]},
    ],
)
def test_it_refuses_a_deal_that_is_not_the_deck(deal) -> None:
    with pytest.raises(IllegalAction) as refused:
        SCHIEBER_GAME.new_round({}, deal, 0)
    assert refused.value.code == "bad_deal"


def test_it_refuses_a_differenzler_deal_without_a_trump_card() -> None:
    with pytest.raises(IllegalAction) as refused:
        DIFFERENZLER_GAME.new_round({}, {"hands": ALICE_DEAL["hands"]}, 0)
    assert refused.value.code == "bad_deal"


@pytest.mark.parametrize("start", [{"totals": [1, 2, 3]}, {"totals": [1.0, 2]}, {"totals": [0, 0], "x": 1}])
def test_it_refuses_a_malformed_start(start) -> None:
    with pytest.raises(IllegalAction) as refused:
        SCHIEBER_GAME.new_round({}, ALICE_DEAL, 0, start)
    assert refused.value.code == "bad_deal"


@pytest.mark.parametrize(
    "options",
    [
        {"target": 2000},
        {"target": True},
        {"auto_end": "yes"},
        {"multipliers": "double"},
        {"predictions": "secret"},
    ],
)
def test_it_refuses_options_the_rules_do_not_allow(options) -> None:
    with pytest.raises(IllegalAction) as refused:
        SCHIEBER_GAME.new_round(options, ALICE_DEAL, 0)
    assert refused.value.code == "bad_options"


def test_it_fills_default_options() -> None:
    assert SCHIEBER_GAME.normalize_options(None) == {
        "target": 2500,
        "multipliers": "stargames",
        "auto_end": False,
    }
    assert DIFFERENZLER_GAME.normalize_options({}) == {"predictions": "secret"}


def test_it_deals_packets_of_three_from_the_forehand_and_the_dealer_gets_the_last() -> None:
    rng = random.Random(7)
    order = DIFFERENZLER_GAME.shuffle_deck(random.Random(7), {})
    deal = DIFFERENZLER_GAME.deal_cards(rng, 2)
    assert sorted(order) == sorted(DECK)
    forehand = 3
    for j in range(12):
        assert set(order[3 * j : 3 * j + 3]) <= set(deal["hands"][(forehand + j) % 4])
    assert deal["trump_card"] == order[-1] and deal["trump_card"] in deal["hands"][2]
    assert all(h == sort_canonical(h) for h in deal["hands"])


# --- turns, apply and state ----------------------------------------------------------------------------
def test_it_never_changes_the_state_it_was_given() -> None:
    state = SCHIEBER_GAME.new_round({}, ALICE_DEAL, 0)
    before = SCHIEBER_GAME.to_json(state)
    with pytest.raises(IllegalAction):
        SCHIEBER_GAME.apply(state, 2, SCHIEBER_GAME.parse_action({"trump": "S"}))
    after = play(SCHIEBER_GAME, state, (1, {"trump": "S"}), (1, {"play": "9S"}))
    assert SCHIEBER_GAME.to_json(state) == before
    assert SCHIEBER_GAME.to_json(after) != before


def test_it_refuses_everything_once_the_round_is_over() -> None:
    state = DIFFERENZLER_GAME.new_round({}, _differenzler_deal(), 0)
    rng = random.Random(3)
    while DIFFERENZLER_GAME.phase(state) != "done":
        seat = min(DIFFERENZLER_GAME.to_act(state))
        state = DIFFERENZLER_GAME.apply(state, seat, rng.choice(DIFFERENZLER_GAME.legal_actions(state, seat)))
    with pytest.raises(IllegalAction) as refused:
        DIFFERENZLER_GAME.apply(state, 0, DIFFERENZLER_GAME.parse_action({"play": "6S"}))
    assert refused.value.code == "wrong_phase"
    assert DIFFERENZLER_GAME.to_act(state) == frozenset()


def test_it_takes_secret_predictions_from_all_four_at_once() -> None:
    state = DIFFERENZLER_GAME.new_round({}, _differenzler_deal(), 0)
    assert DIFFERENZLER_GAME.to_act(state) == {0, 1, 2, 3}
    state = play(DIFFERENZLER_GAME, state, (3, {"predict": 20}))
    assert DIFFERENZLER_GAME.to_act(state) == {0, 1, 2}
    assert DIFFERENZLER_GAME.view(state, 1)["predictions"] == [None, None, None, None]
    assert DIFFERENZLER_GAME.view(state, 3)["predictions"] == [None, None, None, 20]
    assert DIFFERENZLER_GAME.view(state, None)["predicted"] == [False, False, False, True]
    state = play(DIFFERENZLER_GAME, state, (0, {"predict": 30}), (2, {"predict": 40}), (1, {"predict": 50}))
    assert DIFFERENZLER_GAME.view(state, None)["predictions"] == [None] * 4, (
        "hidden until the round is scored"
    )
    assert DIFFERENZLER_GAME.view(state, None)["predicted"] == [True] * 4
    assert DIFFERENZLER_GAME.phase(state) == "play" and DIFFERENZLER_GAME.to_act(state) == {1}


def test_it_takes_open_predictions_in_play_order_and_shows_them_at_once() -> None:
    state = DIFFERENZLER_GAME.new_round({"predictions": "open"}, _differenzler_deal(), 0)
    assert DIFFERENZLER_GAME.to_act(state) == {1}
    with pytest.raises(IllegalAction) as refused:
        DIFFERENZLER_GAME.apply(state, 2, DIFFERENZLER_GAME.parse_action({"predict": 3}))
    assert refused.value.code == "not_your_turn"
    state = play(DIFFERENZLER_GAME, state, (1, {"predict": 33}))
    assert DIFFERENZLER_GAME.view(state, None)["predictions"] == [None, 33, None, None]
    assert DIFFERENZLER_GAME.to_act(state) == {2}


def test_it_credits_stoeck_mid_trick_and_auto_end_stops_there() -> None:
    # seat 0 holds KS and QS (trump S); team 0 starts 20 short of the target.
    state = SCHIEBER_GAME.new_round({"target": 1000, "auto_end": True}, ALICE_DEAL, 0, {"totals": [980, 0]})
    state = play(
        SCHIEBER_GAME,
        state,
        *SPADES_LEAD,
        (0, {"play": "KS"}),
        (1, {"play": "AS"}),
        (2, {"play": "8S"}),
    )
    assert SCHIEBER_GAME.phase(state) == "play"
    state = play(SCHIEBER_GAME, state, (3, {"play": "7H"}), (0, {"play": "QS"}))
    result = SCHIEBER_GAME.result(state)
    assert result["teams"][0]["stoeck"] == 20 and result["totals"][0] == 1000
    assert result["ended"]["by"] == "auto" and result["ended"]["winner_team"] == 0
    assert result["tricks_played"] == 1, "the trick in which Stöck ended the game is not credited"
    assert SCHIEBER_GAME.view(state, None)["stoeck"] == {"seat": 0, "points": 20}


def test_it_keeps_the_callers_win_when_the_other_team_reached_in_an_earlier_trick() -> None:
    # team 0 reaches with trick 1 and does not call; team 1 reaches with trick 2 and calls: team 1 wins.
    state = SCHIEBER_GAME.new_round({"target": 1000}, ALICE_DEAL, 0, {"totals": [990, 990]})
    state = play(SCHIEBER_GAME, state, *SPADES_LEAD, (0, {"play": "JS"}))
    assert SCHIEBER_GAME.view(state, None)["totals"] == [990 + 34, 990]
    state = play(
        SCHIEBER_GAME,
        state,
        (0, {"play": "6H"}),
        (1, {"play": "AH"}),
        (2, {"play": "10H"}),
        (3, {"play": "7H"}),
    )
    state = play(SCHIEBER_GAME, state, (3, {"thanks": True}))
    result = SCHIEBER_GAME.result(state)
    assert result["ended"] == {
        "by": "thanks",
        "caller": 3,
        "winner_team": 1,
        "payments": [[0, 1, 1], [2, 3, 1]],
    }


# --- timeouts (§5.7) -------------------------------------------------------------------------------------
def test_it_times_out_the_forehand_with_a_push_and_the_partner_with_its_longest_suit() -> None:
    state = SCHIEBER_GAME.new_round({}, ALICE_DEAL, 0)
    assert SCHIEBER_GAME.timeout_action(state, 1).to_wire() == {"push": True}
    state = play(SCHIEBER_GAME, state, (1, {"push": True}))
    # seat 3: S 1, H 2, D 3, C 3 -> D (first of the tie in S H D C order)
    assert SCHIEBER_GAME.timeout_action(state, 3).to_wire() == {"trump": "D"}


def test_it_times_out_a_prediction_with_39() -> None:
    state = DIFFERENZLER_GAME.new_round({}, _differenzler_deal(), 0)
    assert DIFFERENZLER_GAME.timeout_action(state, 2).to_wire() == {"predict": 39}


def test_it_times_out_a_card_with_the_smallest_points_then_strength_then_suit() -> None:
    state = SCHIEBER_GAME.new_round({}, ALICE_DEAL, 0)
    state = play(SCHIEBER_GAME, state, (1, {"trump": "H"}))
    # seat 1 leads: 9S 6D 9C are 0 points; strength 9 (9S, 9C) vs 6 (6D) -> 6D
    assert SCHIEBER_GAME.timeout_action(state, 1).to_wire() == {"play": "6D"}
    state = play(
        SCHIEBER_GAME,
        state,
        (1, {"play": "AS"}),
        (2, {"play": "6S"}),
        (3, {"play": "7S"}),
        (0, {"play": "JS"}),
    )
    assert SCHIEBER_GAME.to_act(state) == {1, 3}
    with pytest.raises(IllegalAction):
        SCHIEBER_GAME.timeout_action(state, 3)


# --- views (§7) and match (§8) -----------------------------------------------------------------------------
def test_it_gives_every_view_the_same_keys() -> None:
    state = SCHIEBER_GAME.new_round({}, ALICE_DEAL, 0)
    keys = {
        "game",
        "seat",
        "phase",
        "dealer",
        "forehand",
        "to_act",
        "options",
        "hand",
        "hand_sizes",
        "totals",
        "trick",
        "last_trick",
        "tricks_played",
        "tricks_won",
        "result",
    }
    schieber = keys | {
        "mode",
        "chooser",
        "pushed",
        "multiplier",
        "tricks_won_team",
        "credited",
        "weis",
        "stoeck",
    }
    assert set(SCHIEBER_GAME.view(state, 0)) == schieber == set(SCHIEBER_GAME.view(state, None))
    assert SCHIEBER_GAME.view(state, None)["hand"] is None
    d_state = DIFFERENZLER_GAME.new_round({}, _differenzler_deal(), 0)
    differenzler = keys | {"trump_card", "trump", "predictions", "predicted", "points"}
    assert set(DIFFERENZLER_GAME.view(d_state, 2)) == differenzler
    assert DIFFERENZLER_GAME.view(d_state, None)["trump_card"] == "QD"


def test_it_plays_four_differenzler_rounds_then_ends_the_match() -> None:
    rng = random.Random(11)
    game, start, dealer, rounds = DIFFERENZLER_GAME, None, 0, 0
    while True:
        state = game.new_round({}, game.deal_cards(rng, dealer), dealer, start)
        while game.phase(state) != "done":
            seat = min(game.to_act(state))
            state = game.apply(state, seat, game.timeout_action(state, seat))
        rounds += 1
        assert all(s <= 0 for s in game.round_scores(state)), "Differenzler round scores are minus penalties"
        following = game.next_round(state)
        if following is None:
            break
        assert following.dealer == (dealer + 1) % 4
        dealer, start = following.dealer, following.start
    standings = game.standings(state)
    assert rounds >= 4 and standings["over"] and standings["ranking"].count(1) == 1
    assert game.settlement(state) == [tuple(p) for p in game.result(state)["ended"]["payments"]]


def test_it_carries_schieber_totals_to_the_next_round() -> None:
    rng = random.Random(5)
    state = SCHIEBER_GAME.new_round({}, SCHIEBER_GAME.deal_cards(rng, 3), 3, {"totals": [100, 200]})
    while SCHIEBER_GAME.phase(state) != "done":
        seat = min(SCHIEBER_GAME.to_act(state))
        seat = state.to_play() if SCHIEBER_GAME.phase(state) == "play" else seat
        state = SCHIEBER_GAME.apply(state, seat, SCHIEBER_GAME.timeout_action(state, seat))
    following = SCHIEBER_GAME.next_round(state)
    result = SCHIEBER_GAME.result(state)
    assert following is not None and following.dealer == 0
    assert following.start == {"totals": result["totals"]}
    assert result["totals"] == [100 + result["teams"][0]["total"], 200 + result["teams"][1]["total"]]
    assert SCHIEBER_GAME.round_scores(state) == [result["teams"][s % 2]["total"] for s in range(4)]
