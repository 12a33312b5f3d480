"""Auction rules, one per test (docs/rules/tarock.md §5.3–§5.7)."""

from __future__ import annotations

import pytest

from games.engines.core import IllegalAction

from .helpers import GAME, act, deal_with, run_calls, wires

# Seat 1 is F (dealer 0). Seat 2 holds the Trull; seat 3 holds the called T20 and T1 is with seat 2.
TRULL_AT_2 = deal_with({1: ["T19", "T18", "KS", "KC", "KH"], 2: ["T1", "T21", "T22"], 3: ["T20", "T4"]}, 5)
PLAIN = deal_with({1: ["T22", "T21", "T1"], 3: ["T20"], 0: ["10S", "JS", "NS", "QS", "KS", "10C"]}, 6)


def refused(state, seat, wire) -> str:
    with pytest.raises(IllegalAction) as error:
        act(state, seat, wire)
    return error.value.code


def test_it_requires_the_forehand_to_open_with_a_contract():
    state = GAME.new_round({}, PLAIN, 0)
    for wire in ({"pass": True}, {"announce": "valat"}, {"kontra": "game"}):
        assert refused(state, 1, wire) == "must_bid"
    assert refused(state, 2, {"pass": True}) == "not_your_turn"
    assert refused(state, 1, {"play": "T1"}) == "wrong_phase"


def test_it_refuses_a_rufer_after_the_opening_as_too_low():
    state = run_calls(GAME.new_round({}, PLAIN, 0), [(1, {"contract": "solo"})])
    assert refused(state, 2, {"contract": "rufer"}) == "contract_too_low"
    assert refused(state, 2, {"contract": "farbensolo"}) == "contract_too_low"
    assert refused(state, 2, {"contract": "solo"}) == "contract_too_low"


def test_it_ends_the_auction_after_three_consecutive_passes_with_forehand_leading():
    state = run_calls(
        GAME.new_round({}, PLAIN, 0), [(1, {"contract": "rufer"}), (2, {"pass": True}), (3, {"pass": True})]
    )
    assert GAME.phase(state) == "auction"
    state = act(state, 0, {"pass": True})
    assert GAME.phase(state) == "play" and GAME.to_act(state) == {1}


def test_it_resets_the_pass_count_on_an_announcement():
    state = run_calls(
        GAME.new_round({}, PLAIN, 0),
        [(1, {"contract": "rufer"}), (2, {"pass": True}), (3, {"pass": True}), (0, {"announce": "valat"})],
    )
    state = run_calls(state, [(1, {"pass": True}), (2, {"pass": True})])
    assert GAME.phase(state) == "auction"
    assert GAME.phase(act(state, 3, {"pass": True})) == "play"


def test_it_walks_the_kontra_chain_to_subkontra_and_then_refuses():
    state = run_calls(
        GAME.new_round({}, PLAIN, 0),
        [
            (1, {"contract": "rufer"}),
            (2, {"kontra": "game"}),
            (3, {"kontra": "game"}),
            (0, {"kontra": "game"}),
        ],
    )
    assert state.item("game").kontra == 3
    assert refused(state, 1, {"kontra": "game"}) == "kontra_maxed"
    assert refused(state, 1, {"kontra": "pagat"}) == "no_such_item"


def test_it_refuses_the_whole_bundled_bid_when_one_announcement_fails_and_changes_nothing():
    state = GAME.new_round({}, PLAIN, 0)
    before = GAME.to_json(state)
    assert refused(state, 1, {"contract": "rufer", "announce": ["valat", "pagat"]}) == "valat_lock"
    assert refused(state, 1, {"contract": "rufer", "announce": ["pagat", "pagat"]}) == "already_announced"
    assert GAME.to_json(state) == before


def test_it_lets_a_bundled_bid_set_agreed_for_the_bidder():
    state = run_calls(GAME.new_round({}, PLAIN, 0), [(1, {"contract": "rufer", "announce": ["pagat"]})])
    assert state.agreed == [False, True, False, False]
    assert [i.item for i in state.items] == ["game", "pagat"]


def test_it_locks_every_overbid_after_a_valat():  # K-T4
    state = run_calls(GAME.new_round({}, PLAIN, 0), [(1, {"contract": "rufer"}), (2, {"announce": "valat"})])
    assert refused(state, 3, {"contract": "solo"}) == "valat_lock"
    assert wires(GAME.legal_actions(state, 3)) == [{"pass": True}, {"kontra": "valat"}]


def test_it_refuses_a_pagat_in_farbensolo_and_from_a_seat_without_t1():
    state = run_calls(
        GAME.new_round({}, PLAIN, 0), [(1, {"contract": "rufer"}), (2, {"pass": True}), (3, {"pass": True})]
    )
    assert refused(state, 0, {"announce": "pagat"}) == "not_pagat_holder"
    state = act(state, 0, {"contract": "farbensolo"})
    assert refused(state, 1, {"announce": "pagat"}) == "pagat_not_in_farbensolo"


def test_it_ends_the_mandatory_kontra_once_anyone_gives_it():  # §5.6
    state = act(GAME.new_round({}, TRULL_AT_2, 0), 1, {"contract": "rufer"})
    legal = wires(GAME.legal_actions(state, 2))
    assert {"kontra": "game"} in legal and {"pass": True} not in legal
    assert all(w == {"kontra": "game"} or "contract" in w for w in legal)
    assert GAME.timeout_action(state, 2).to_wire() == {"kontra": "game"}
    state = act(state, 2, {"kontra": "game"})
    state = run_calls(state, [(3, {"kontra": "game"}), (0, {"kontra": "game"}), (1, {"pass": True})])
    assert {"pass": True} in wires(GAME.legal_actions(state, 2))


def test_it_lets_the_trull_holder_escape_the_mandatory_kontra_only_by_an_overbid():  # K-T3
    state = act(GAME.new_round({}, TRULL_AT_2, 0), 1, {"contract": "rufer"})
    assert refused(state, 2, {"announce": "valat"}) == "kontra_required"
    assert refused(state, 2, {"kontra": "valat"}) == "kontra_required"
    state = act(state, 2, {"contract": "solo"})
    assert state.declarer == 2 and [i.item for i in state.items] == ["game"]


def test_it_never_lets_partners_kontra_each_other():  # §5.5
    state = run_calls(GAME.new_round({}, PLAIN, 0), [(1, {"contract": "rufer"}), (2, {"pass": True})])
    assert state.partner == 3
    assert refused(state, 3, {"kontra": "game"}) == "not_your_kontra"


def test_it_lets_an_agreed_seat_still_announce_and_kontra():
    state = run_calls(
        GAME.new_round({}, PLAIN, 0),
        [
            (1, {"contract": "rufer"}),
            (2, {"pass": True}),
            (3, {"pass": True}),
            (0, {"kontra": "game"}),
            (1, {"pass": True}),
        ],
    )
    state = act(state, 2, {"announce": "absolut"})
    assert state.item("absolut").owner == "def"
    assert refused(run_calls(state, [(3, {"pass": True}), (0, {"pass": True})]), 1, {"contract": "solo"}) == (
        "already_agreed"
    )
