"""What each seat and a spectator sees (docs/rules/tarock.md §7)."""

from __future__ import annotations

from .helpers import FOUR_GLATZEN_DEAL, GAME, act, deal_with, run_calls

# F = 1 calls T20, held by seat 3 (the partner); defenders 0 and 2.
DEAL = deal_with(
    {1: ["T22", "T21", "T19", "KS", "KC"], 3: ["T20", "T4"], 0: ["T5", "T6"], 2: ["T7", "T8"]}, 12
)
OPEN = [(1, {"contract": "rufer"})]
PASSES = [(2, {"pass": True}), (3, {"pass": True}), (0, {"pass": True})]


def test_it_shows_the_partner_only_to_the_partner_before_the_partnership_is_public():
    state = run_calls(GAME.new_round({}, DEAL, 0), OPEN + PASSES)
    assert GAME.view(state, 3)["partner"] == 3
    assert GAME.view(state, 3)["sides"] == ["def", "decl", "def", "decl"]
    for viewer in (0, 1, 2, None):
        view = GAME.view(state, viewer)
        assert view["partner"] is None and view["sides"][3] is None
    assert GAME.view(state, 0)["sides"] == ["def", "decl", None, None]
    assert GAME.view(state, None)["sides"] == [None, "decl", None, None]


def test_it_makes_the_partnership_public_when_the_called_card_is_played():
    state = run_calls(GAME.new_round({}, DEAL, 0), OPEN + PASSES)
    state = play_out_until(state, lambda s: "T20" in {c for _, c in s.trick.cards} if s.trick else True)
    for viewer in (0, 1, 2, None):
        assert GAME.view(state, viewer)["partner"] == 3


def play_out_until(state, stop):
    from games.engines.tarock.cards import ORDER

    while not stop(state):
        (seat,) = GAME.to_act(state)
        legal = [a.value for a in GAME.legal_actions(state, seat)]
        card = "T20" if "T20" in legal else min(legal, key=lambda c: (c[0] == "T", ORDER[c]))
        state = act(state, seat, {"play": card})
    return state


def test_it_makes_the_partnership_public_when_the_partner_calls():
    state = run_calls(GAME.new_round({}, DEAL, 0), OPEN + [(2, {"pass": True}), (3, {"announce": "valat"})])
    for viewer in (0, 1, 2, None):
        assert GAME.view(state, viewer)["partner"] == 3
    assert GAME.view(state, None)["auction"][-1] == {"seat": 3, "call": {"announce": "valat"}, "side": "decl"}


def test_it_makes_the_partnership_public_when_both_defenders_have_called():
    state = run_calls(GAME.new_round({}, DEAL, 0), OPEN + [(2, {"kontra": "game"}), (3, {"pass": True})])
    assert GAME.view(state, 1)["partner"] is None
    assert GAME.view(state, 1)["sides"] == [None, "decl", "def", None]
    state = act(state, 0, {"announce": "valat"})
    assert GAME.view(state, 1)["partner"] == 3


def test_it_shows_own_won_tricks_always_and_a_teammates_only_once_public():
    state = run_calls(GAME.new_round({}, DEAL, 0), OPEN + PASSES)
    seen_before_public = False
    while GAME.phase(state) == "play":
        public = GAME.view(state, None)["partner"] is not None
        for viewer in range(4):
            won = GAME.view(state, viewer)["won_tricks"]
            assert won[viewer] == [t.to_json() for t in state.tricks if t.winner == viewer]
            mate = {0: 2, 2: 0, 1: 3, 3: 1}[viewer]
            assert (won[mate] is not None) is public
            assert all(won[s] is None for s in range(4) if s not in (viewer, mate))
        seen_before_public |= not public and bool(state.tricks)
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.timeout_action(state, seat))
    assert seen_before_public
    view = GAME.view(state, None)
    assert view["dealt"] == state.dealt and view["result"] == GAME.result(state)
    assert all(w is not None for w in view["won_tricks"])


def test_it_shows_only_own_won_tricks_in_a_solo():
    state = run_calls(GAME.new_round({}, DEAL, 0), [(1, {"contract": "solo"}), *PASSES])
    for _ in range(24):
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.timeout_action(state, seat))
    for viewer in range(4):
        view = GAME.view(state, viewer)
        assert view["sides"] == ["def", "decl", "def", "def"]
        assert all(view["won_tricks"][s] is None for s in range(4) if s != viewer)
    assert GAME.view(state, None)["won_tricks"] == [None] * 4


def test_it_shows_a_redeal_as_reason_codes_only():
    state = GAME.new_round({}, FOUR_GLATZEN_DEAL, 0)
    for viewer in (0, 1, None):
        view = GAME.view(state, viewer)
        assert view["redeal"] == ["four_glatzen"] and view["hand"] is None and view["dealt"] is None
        assert view["result"] == {"redeal": ["four_glatzen"]} and view["legal"] == []


def test_it_gives_a_spectator_no_hand_and_no_legal_actions():
    state = GAME.new_round({}, DEAL, 0)
    view = GAME.view(state, None)
    assert view["hand"] is None and view["legal"] == [] and view["hand_sizes"] == [10] * 4
    assert {"contract": "rufer"} in GAME.view(state, 1)["legal"]
