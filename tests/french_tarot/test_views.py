"""Views of docs/rules/french_tarot.md §7: keys, who sees the dog, the discard, tricks, scores and the result."""

from __future__ import annotations

from games.engines.core import SimpleAction

from .helpers import GAME, VIEW_KEYS, load, replay_case

V01 = "v01-garde-two-bouts-43-points"


def test_it_gives_each_seat_its_own_hand_and_the_spectator_none():
    state = replay_case(V01, upto=0)
    deal = load(V01)["deal"]
    for seat in range(4):
        view = GAME.view(state, seat)
        assert set(view) == VIEW_KEYS
        assert sorted(view["hand"]) == sorted(deal["hands"][seat])
        assert view["hand_sizes"] == [18, 18, 18, 18]
        assert view["to_act"] == [1] and view["forehand"] == 1 and view["dealer"] == 0
    spectator = GAME.view(state, None)
    assert spectator["hand"] is None and spectator["dog"] is None and spectator["result"] is None


def test_it_keeps_hands_in_canonical_order():
    hand = GAME.view(replay_case(V01, upto=0), 2)["hand"]
    assert hand == [
        "2S",
        "8S",
        "9S",
        "QS",
        "AH",
        "4H",
        "3D",
        "7D",
        "ND",
        "QD",
        "7C",
        "JC",
        "QC",
        "T5",
        "T6",
        "T10",
        "T16",
        "EX",
    ]


def test_it_shows_a_garde_dog_to_all_from_the_end_of_bidding_and_the_discard_to_the_taker():
    bidding = replay_case(V01, upto=3)
    assert all(GAME.view(bidding, s)["dog"] is None for s in (0, 1, 2, 3, None))
    discard = replay_case(V01, upto=4)
    dog = sorted(load(V01)["deal"]["dog"])
    for seat in (0, 1, 2, 3, None):
        view = GAME.view(discard, seat)
        assert sorted(view["dog"]) == dog and view["phase"] == "discard"
        assert (
            view["bids"][0] == {"seat": 1, "bid": "garde"}
            and view["taker"] == 1
            and view["contract"] == "garde"
        )
    assert GAME.view(discard, 1)["hand_sizes"] == [18, 24, 18, 18]
    after = replay_case(V01, upto=5)
    assert GAME.view(after, 1)["discard"] == ["AS", "5S", "6S", "7S", "10S", "6H"]
    assert GAME.view(after, 1)["discard_trumps"] == []
    assert all(GAME.view(after, s)["discard"] is None for s in (0, 2, 3, None))


def test_it_hides_a_garde_sans_or_contre_dog_until_done():
    for stem in ("v04-garde-sans-t1-t21-56-points", "v05-garde-contre-three-bouts-66"):
        case = load(stem)
        playing = replay_case(stem, upto=len(case["actions"]) - 1)
        assert all(GAME.view(playing, s)["dog"] is None for s in (0, 1, 2, 3, None))
        done = replay_case(stem)
        assert all(
            sorted(GAME.view(done, s)["dog"]) == sorted(case["deal"]["dog"]) for s in (0, 1, 2, 3, None)
        )


def test_it_shows_the_current_trick_and_only_the_last_completed_one():
    state = replay_case(V01, upto=6 + 4 + 2)  # trick 1 done, two cards of trick 2
    view = GAME.view(state, None)
    assert view["trick"] == [{"seat": 0, "card": "10C"}, {"seat": 1, "card": "3C"}]
    assert view["last_trick"] == {
        "winner": 0,
        "cards": [
            {"seat": 1, "card": "2C"},
            {"seat": 2, "card": "JC"},
            {"seat": 3, "card": "9C"},
            {"seat": 0, "card": "NC"},
        ],
    }
    assert view["tricks_won"] == [1, 0, 0, 0]
    assert "tricks" not in view


def test_it_adds_the_result_all_tricks_and_match_totals_when_done():
    state = replay_case(V01, start={"scores": [10, 20, 30, -60], "deals_played": 1})
    view = GAME.view(state, 3)
    assert view["phase"] == "done" and view["to_act"] == []
    assert view["result"] == GAME.result(state)
    assert len(view["tricks"]) == 18 and sum(view["tricks_won"]) == 18
    assert view["scores"] == [-44, 182, -24, -114]
    assert view["discard"] == ["AS", "5S", "6S", "7S", "10S", "6H"]
    playing = replay_case(V01, upto=20, start={"scores": [10, 20, 30, -60], "deals_played": 1})
    assert GAME.view(playing, 3)["scores"] == [10, 20, 30, -60]


def test_it_reveals_no_other_hand_after_an_annulment():
    state = replay_case("v29c-all-pass-annulled")
    deal = load("v29c-all-pass-annulled")["deal"]
    for seat in range(4):
        view = GAME.view(state, seat)
        assert view["dog"] is None and "tricks" not in view and view["result"]["reason"] == "all_passed"
        assert sorted(view["hand"]) == sorted(deal["hands"][seat])
    assert GAME.view(state, None)["hand"] is None


def test_it_shows_a_handful_to_everyone_once_shown():
    case = load("v08-defender-handful-garde-made-by-zero")
    index = next(i for i, a in enumerate(case["actions"]) if "handful" in a["action"])
    state = replay_case("v08-defender-handful-garde-made-by-zero", upto=index + 1)
    shown = case["actions"][index]
    for seat in (0, 1, 2, 3, None):
        (handful,) = GAME.view(state, seat)["handfuls"]
        assert handful["seat"] == shown["seat"] and sorted(handful["cards"]) == sorted(
            shown["action"]["handful"]
        )
        assert handful["size"] == 10
    assert GAME.view(state, shown["seat"])["to_act"] == [shown["seat"]]


def test_it_reports_the_slam_answer():
    state = replay_case("v24-slam-announced-taker-leads-forehand-refused", upto=6)
    assert GAME.view(state, None)["slam_announced"] is True
    assert GAME.view(state, None)["to_act"] == [2]
    assert GAME.legal_actions(state, 2)[0] == SimpleAction("play", "QS")
