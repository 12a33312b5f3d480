"""The vectors of docs/rules/rummy.md §11 that the worked cases do not check, each a test of its own."""

from __future__ import annotations

import pytest

from games.engines.core.errors import IllegalAction
from games.engines.rummy.actions import Discard, Draw, Knock, MeldAction, SwapJoker, parse_action
from games.engines.rummy.state import DONE

from .builders import edit, make_deal, replay_case
from .helpers import GAME, rejects


def test_it_shows_a_designated_joker_with_its_stand_in():  # §11.9
    state = replay_case("designated-joker", upto=2)
    assert GAME.view(state, 0)["melds"][0] == {"type": "run", "cards": ["5H", "6H", "JK=7H"], "by": 1}
    assert GAME.view(state, None)["melds"][1] == {
        "type": "set",
        "rank": "K",
        "cards": ["KS", "KH", "KC"],
        "by": 1,
    }


def test_it_gives_the_swapped_joker_to_the_hand():  # §11.10
    before = replay_case("swap-joker-in-run", upto=6)
    after = GAME.apply(before, 1, SwapJoker(0, "6H"))
    assert after.hands[1].count("JK") == before.hands[1].count("JK") + 1
    assert after.hands[1].count("6H") == before.hands[1].count("6H") - 1
    assert GAME.view(after, 0)["melds"][0]["cards"] == ["5H", "6H", "7H"]
    assert before.melds[0].cells == ("5H", "JK", "7H"), "apply leaves the given state untouched"


def test_it_refuses_swapping_a_set_card_already_present_and_accepts_a_missing_suit():  # §11.11
    state = replay_case("swap-joker-set", upto=6)
    assert rejects(state, 1, SwapJoker(0, "KS")) == "swap_card_mismatch"
    assert rejects(state, 1, SwapJoker(0, "KD")) is None
    assert rejects(state, 1, SwapJoker(0, "KC")) is None


def test_it_restocks_from_the_pile_with_the_top_card_left_alone():  # §11.18
    state = replay_case("restock-from-pile", upto=1)  # seat 1 drew; its main step
    state = edit(state, stock=[], pile=["9D", "AS", "2S", "QS"])  # the rule reads only the stock and the pile
    discard = state.hands[1][0]
    state = GAME.apply(state, 1, Discard(discard))
    assert state.pile == [discard]
    assert state.stock == ["9D", "AS", "2S", "QS"]
    assert state.restocks == 1 and state.step == "draw" and state.current == 0 and state.phase == "play"


def test_it_restocks_in_the_order_of_the_deal_permutation():  # §5.9, K-R5
    state = replay_case("restock-from-pile", upto=1)
    perm = list(range(110))
    perm[0], perm[2] = perm[2], perm[0]
    state = edit(state, stock=[], pile=["9D", "AS", "2S"], restock=[perm, list(range(110))])
    discard = state.hands[1][0]
    state = GAME.apply(state, 1, Discard(discard))
    assert state.stock == ["2S", "AS", "9D"] and state.pile == [discard]


def _kloppen_after_discard():
    return replay_case("kloppen-knock-skips-turn", upto=2)


def test_it_gives_the_klopper_the_pile_card_and_two_stock_cards():  # §11.19
    state = _kloppen_after_discard()
    assert GAME.to_act(state) == {2, 0, 3}
    stock_top = state.stock[:2]
    after = GAME.apply(state, 3, Knock())
    assert len(after.hands[3]) == 16
    assert after.taken == "8C" and after.current == 3 and after.step == "main"
    view = GAME.view(after, 3)
    assert sorted(view["drawn"]) == sorted(stock_top)
    assert GAME.view(after, 2)["drawn"] is None
    after = GAME.apply(after, 3, Discard("QC"))
    assert after.current == 0, "play goes on after the klopper; the skipped seat lost its turn"


def test_it_refuses_a_knock_once_the_current_seat_has_drawn_and_when_off():  # §11.19
    state = _kloppen_after_discard()
    drawn = GAME.apply(state, 2, Draw("stock"))
    assert rejects(drawn, 3, Knock()) == "cannot_knock"
    assert rejects(state, 1, Knock()) == "cannot_knock"
    off = replay_case("kloppen-off", upto=2)
    assert rejects(off, 3, Knock()) == "kloppen_off"


def test_it_makes_nobody_eligible_to_knock_with_two_players():  # §5.8
    state = replay_case("opening-exactly-30", upto=5)
    state = edit(state, options={**state.options, "kloppen": True})
    assert GAME.to_act(state) == {state.current}
    other = 1 - state.current
    assert rejects(state, other, Knock()) == "cannot_knock"


def test_it_doubles_the_penalty_after_hand_jolly_in_settlement():  # §11.20, money vector
    state = replay_case("hand-jolly-doubles-58")
    assert GAME.settlement(state) == [(0, 1, 116)]
    plain = replay_case("hand-jolly-option-off")
    assert GAME.settlement(plain) == [(0, 1, 58)]


def test_it_pays_uneven_losers_to_the_winner():  # settlement.md example 5 in game units
    state = replay_case("kloppen-knock-skips-turn")
    state = edit(state, hands=[[], ["KS", "10S"], ["10H"], ["2C"]], hand_jolly=False)
    assert GAME.settlement(state) == [(1, 0, 20), (2, 0, 10), (3, 0, 2)]
    assert GAME.result(state)["deltas"] == [32, -20, -10, -2]


def test_it_eliminates_every_loser_with_limit_one():  # §11.22
    state = replay_case("kloppen-knock-skips-turn")
    state = edit(state, options={**state.options, "limit": 1})
    standings = GAME.standings(state)
    assert standings["over"] is True
    assert standings["eliminated"] == [False, True, True, True]
    assert standings["ranking"][0] == 1
    assert GAME.next_round(state) is None


def test_it_places_seats_out_in_the_same_deal_by_their_totals():  # §11.23
    deal = make_deal([_hand(0), _hand(1), _hand(2)], [], "KC")
    state = GAME.new_round({"players": 3, "limit": 50}, deal, 2, {"totals": [0, 45, 40], "deals_played": 3})
    done = edit(state, phase=DONE, winner=0, hand_jolly=False, hands=[[], ["10S", "10H"], ["10D", "10C"]])
    standings = GAME.standings(done)
    assert standings["scores"] == [0, 65, 60]
    assert standings["ranking"] == [1, 3, 2]
    assert standings["over"] is True and GAME.next_round(done) is None


def _hand(seat: int) -> list[str]:
    suits = "SHD"
    return [r + suits[seat] for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]


def test_it_shares_a_place_on_equal_totals_and_keeps_the_others_in_the_match():  # §8
    deal = make_deal([_hand(0), _hand(1), _hand(2), None], [], "KC")
    state = GAME.new_round(
        {"players": 4},
        deal,
        0,
        {"totals": [0, 45, 45, 120], "deals_played": 3, "eliminated_in": [None, None, None, 2]},
    )
    done = edit(state, phase=DONE, winner=0, hand_jolly=False, hands=[[], ["10S"], ["10H"], None])
    assert GAME.standings(done)["ranking"] == [1, 2, 2, 4]
    nxt = GAME.next_round(done)
    assert nxt is not None and nxt.dealer == 1
    assert nxt.start == {
        "totals": [0, 55, 55, 120],
        "deals_played": 4,
        "eliminated_in": [None, None, None, 2],
    }


def test_it_keeps_totals_and_the_dealer_after_a_void_deal():  # §11.24
    state = replay_case("void-deal")
    assert GAME.result(state) == {"void": True}
    assert GAME.settlement(state) is None
    nxt = GAME.next_round(state)
    assert nxt is not None and nxt.dealer == 0 and nxt.start["totals"] == [0, 0]
    assert GAME.round_scores(state) == [0, 0]


def test_it_shows_each_seat_its_hand_and_only_sizes_of_others():  # §11.25
    state = replay_case("kloppen-knock-skips-turn", upto=3)
    for seat in range(4):
        view = GAME.view(state, seat)
        assert view["hand"] == state.hands[seat]
        assert view["hand_sizes"] == [13, 13, 13, 16]
        assert view["options"]["kloppen"] is True and view["options"]["players"] == 4
        assert view["hands"] is None
    spectator = GAME.view(state, None)
    assert spectator["hand"] is None and spectator["legal"] is None and spectator["options"]["players"] == 4


def test_it_times_out_with_a_stock_draw_then_the_highest_key_discard():  # §5.10
    state = replay_case("cannot-discard-taken-card", upto=0)
    assert GAME.timeout_action(state, 1) == Draw("stock")
    after = GAME.apply(state, 1, Draw("discard"))  # took 9C
    after = edit(after, hands=[after.hands[0], ["2S", "KS", "KC", "AH", "9C", "AS"]])
    assert GAME.timeout_action(after, 1) == Discard("AH")
    after = edit(after, hands=[after.hands[0], ["JK", "AS", "9C"]])
    assert GAME.timeout_action(after, 1) == Discard("JK")
    after = edit(after, hands=[after.hands[0], ["9C", "9C"]])
    assert GAME.timeout_action(after, 1) == Discard("9C")
    with pytest.raises(IllegalAction) as refused:
        GAME.timeout_action(after, 0)
    assert refused.value.code == "not_your_turn"


@pytest.mark.parametrize(
    "payload",
    [
        {"draw": "stock", "meld": [["5H", "6H", "7H"]]},
        {"draw": "pile"},
        {"meld": []},
        {"meld": [[]]},
        {"meld": [["5H", "XX", "7H"]]},
        {"lay_off": {"meld": 0.0, "cards": ["5H"]}},
        {"lay_off": {"meld": 0}},
        {"swap_joker": {"meld": 0, "card": "JK"}},
        {"swap_joker": {"meld": 0, "card": "JK=5H"}},
        {"discard": "JK=5H"},
        {"knock": False},
        {"knock": 1},
        {"pass": True},
        {"discard": "5H", "knock": True},
        {"meld": [["JK=JK", "5H", "6H"]]},
        {"lay_off": {"meld": True, "cards": ["5H"]}},
    ],
)
def test_it_refuses_malformed_actions_as_bad_action(payload):  # §5.1
    from games.engines.core.errors import InvalidAction

    with pytest.raises(InvalidAction) as error:
        parse_action(payload)
    assert error.value.code == "bad_action"


def test_it_round_trips_actions_through_the_wire():
    for payload in (
        {"draw": "discard", "meld": [["5H", "JK=6H", "7H"]]},
        {"knock": True},
        {"lay_off": {"meld": 2, "cards": ["JK=AH", "2H"]}},
        {"swap_joker": {"meld": 0, "card": "AS"}},
    ):
        assert parse_action(payload).to_wire() == payload


def test_it_opens_with_the_pile_card_in_one_action_under_only_if_used():  # §5.7, K-R3
    hands = [_hand(0), ["KH", "KD", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC"]]
    deal = make_deal(hands, ["AC"], "KS")
    opts = {"players": 2, "discard_before_opening": "only_if_used_in_opening"}
    state = GAME.new_round(opts, deal, 0)
    assert rejects(state, 1, Draw("discard")) == "must_open_with_taken_card"
    assert rejects(state, 1, Draw("discard", (("2C", "3C", "4C"),))) == "must_open_with_taken_card"
    assert rejects(state, 1, Draw("discard", (("KS", "KH", "2C"),))) == "invalid_meld"
    assert rejects(state, 1, Draw("discard", (("KS", "KH", "KC"),))) == "not_in_hand"
    opened = GAME.apply(state, 1, Draw("discard", (("KS", "KH", "KD"),)))
    assert opened.opened[1] and opened.step == "main" and len(opened.hands[1]) == 11
    assert GAME.view(opened, 0)["melds"][0]["cards"] == ["KS", "KH", "KD"]
    assert Draw("discard") not in GAME.legal_actions(state, 1)


def test_it_refuses_the_pile_before_opening_under_never():  # §5.7
    deal = make_deal([_hand(0), _hand(1)], [], "KC")
    state = GAME.new_round({"players": 2, "discard_before_opening": "never"}, deal, 0)
    assert rejects(state, 1, Draw("discard")) == "not_opened"
    assert GAME.legal_actions(state, 1) == [Draw("stock")]


def test_it_counts_an_opening_of_several_melds_only_in_one_action():  # §11.3, K-R2
    hands = [_hand(0), ["7C", "7D", "7H", "2S", "3S", "4S", "8H", "9H", "10H", "JH", "JC", "QC", "KC"]]
    state = GAME.new_round({"players": 2}, make_deal(hands, ["5D"], "KS"), 0)
    state = GAME.apply(state, 1, Draw("stock"))
    assert rejects(state, 1, MeldAction((("7C", "7D", "7H"),))) == "opening_below_minimum"
    assert rejects(state, 1, MeldAction((("7C", "7D", "7H"), ("2S", "3S", "4S")))) is None


@pytest.mark.parametrize("players,stock", [(2, 83), (3, 70), (4, 57)])
def test_it_deals_thirteen_each_from_the_first_player_with_an_upcard(players, stock):  # §4
    import random

    from games.engines.rummy import deal_cards

    deal = deal_cards(random.Random(5), players - 1, list(range(players)))
    assert [len(h) for h in deal["hands"]] == [13] * players
    assert len(deal["stock"]) == stock and len(deal["discard"]) == 1
    assert all(sorted(p) == list(range(110)) for p in deal["restock"])
    order = GAME.shuffle_deck(random.Random(5), {"players": players})
    assert order[0:13] == deal["hands"][0], "seat 0 is the first player after the last seat dealt"
    assert order[13 * players] == deal["discard"][0]
    assert GAME.deal_cards(random.Random(5), players - 1, {"players": players}) == deal


def test_it_deals_no_hand_to_an_eliminated_seat():  # §4, §8
    import random

    start = {"totals": [120, 30, 0], "deals_played": 2, "eliminated_in": [2, None, None]}
    deal = GAME.deal_cards(random.Random(1), 1, {"players": 3}, start)
    assert deal["hands"][0] is None and len(deal["stock"]) == 83
    state = GAME.new_round({"players": 3}, deal, 1, start)
    assert state.current == 2 and state.next_seat(2) == 1
    assert rejects(state, 0, Draw("stock")) == "not_your_turn"


@pytest.mark.parametrize("change", ["short", "extra", "two_upcards", "bad_restock", "one_seat"])
def test_it_refuses_a_deal_that_is_not_the_pack(change):  # §4
    deal = make_deal([_hand(0), _hand(1)], [], "KC")
    if change == "short":
        deal["stock"].pop()
    elif change == "extra":
        deal["stock"].append("JK")
    elif change == "two_upcards":
        deal["discard"].append(deal["stock"].pop())
    elif change == "bad_restock":
        deal["restock"] = [list(range(110)), list(range(109)) + [0]]
    else:
        deal["stock"] += deal["hands"][1]
        deal["hands"][1] = None
    from games.engines.core.errors import IllegalAction

    with pytest.raises(IllegalAction) as error:
        GAME.new_round({"players": 2}, deal, 0)
    assert error.value.code == "bad_deal"


@pytest.mark.parametrize(
    "options",
    [
        {"players": 5},
        {"players": "4"},
        {"limit": 60},
        {"kloppen": "on"},
        {"max_jokers_per_meld": 2},
        {"max_jokers_per_meld": True},
        {"color": "red"},
    ],
)
def test_it_refuses_options_the_rules_do_not_allow(options):  # §10
    from games.engines.core.errors import IllegalAction

    with pytest.raises(IllegalAction) as error:
        GAME.normalize_options(options)
    assert error.value.code == "bad_options"


def test_it_refuses_every_action_after_the_deal_ended():  # §5.1
    state = replay_case("go-out-by-meld")
    assert state.phase == DONE and GAME.to_act(state) == frozenset()
    for seat in (0, 1):
        assert rejects(state, seat, Draw("stock")) == "wrong_phase"
        assert rejects(state, seat, Knock()) == "wrong_phase"
        assert GAME.legal_actions(state, seat) == []
    view = GAME.view(state, None)
    assert view["hands"][0] == state.hands[0] and view["result"]["winner"] == 1
