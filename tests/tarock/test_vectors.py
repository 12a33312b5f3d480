"""The docs/rules/tarock.md §11 vectors that are not case files (the others run through tests/engine/test_cases.py)."""

from __future__ import annotations

import json

import pytest

from games.engines.core import IllegalAction
from games.engines.core.replay import replay
from games.engines.tarock.cards import DECK, GLATZEN, TRULL, card_points, points_of
from tests.engine.caselib import CASES_DIR, load_case

from .helpers import FOUR_GLATZEN_DEAL, GAME, act, deal_of, deal_with, play_out, run_calls, wires


def case(name: str) -> dict:
    return load_case(CASES_DIR / "tarock" / f"{name}.json")


def replay_case(name: str, options: dict | None = None):
    c = case(name)
    return replay(
        GAME, options if options is not None else c.get("options"), c["deal"], c["dealer"], c["actions"]
    )


def test_it_counts_88_card_points_over_the_deck():  # §11.1
    assert points_of(DECK) == 88
    assert sum(card_points(c) for c in DECK if c[0] == "T" and c not in TRULL) == 17
    assert sum(card_points(c) for c in GLATZEN) == 0
    assert len(DECK) == len(set(DECK)) == 40


def test_it_redeals_four_glatzen_with_the_same_dealer_next():  # §11.2
    state = GAME.new_round({}, FOUR_GLATZEN_DEAL, 2, {"totals": [3, -3, 0, 0], "deals_played": 5})
    assert GAME.result(state) == {"redeal": ["four_glatzen"]}
    assert GAME.to_act(state) == frozenset() and GAME.legal_actions(state, 3) == []
    assert GAME.settlement(state) is None
    nxt = GAME.next_round(state)
    assert nxt is not None and nxt.dealer == 2
    assert nxt.start == {"totals": [3, -3, 0, 0], "deals_played": 5}


def test_it_redeals_a_hand_with_one_tarock_and_reports_both_reasons_in_order():  # §11.3, §4.3
    one = deal_of(
        "T4 10S JS NS QS KS 10C JC NC QC",
        "T5 T6 T7 T8 KC AH JH NH QH KH",
        "T9 T10 T11 T12 T13 AD JD ND QD KD",
        "T1 T14 T15 T16 T17 T18 T19 T20 T21 T22",
    )
    assert GAME.result(GAME.new_round({}, one, 0)) == {"redeal": ["few_tarocks"]}
    both = deal_of(
        "10S 10C AH AD JS NS QS KS JC NC",
        "T4 T5 T6 T7 QC KC JH NH QH KH",
        "T8 T9 T10 T11 T12 JD ND QD KD T13",
        "T1 T14 T15 T16 T17 T18 T19 T20 T21 T22",
    )
    assert GAME.result(GAME.new_round({}, both, 0)) == {"redeal": ["few_tarocks", "four_glatzen"]}


def test_it_calls_the_highest_missing_rufer_tarock():  # §11.4
    state = GAME.new_round({}, deal_with({1: ["T20", "T19"], 2: ["T18"]}, 1), 0)
    state = act(state, 1, {"contract": "rufer"})
    assert state.called == "T18" and state.partner == 2


@pytest.mark.parametrize("suit_cards, farbensolo", [(5, True), (4, False)])
def test_it_refuses_a_rufer_when_forehand_holds_t20_to_t16(suit_cards, farbensolo):  # §11.4
    suits = ["KS", "QS", "KC", "QC", "KH"][:suit_cards]
    extra = ["T15", "T14", "T13", "T12", "T11"][: 5 - suit_cards]
    state = GAME.new_round({}, deal_with({1: ["T20", "T19", "T18", "T17", "T16", *extra, *suits]}, 2), 0)
    with pytest.raises(IllegalAction) as refused:
        act(state, 1, {"contract": "rufer"})
    assert refused.value.code == "rufer_unavailable"
    legal = wires(GAME.legal_actions(state, 1))
    assert {"contract": "solo"} in legal
    assert ({"contract": "farbensolo"} in legal) is farbensolo


def _suits_first_keep(*last: str):
    """A play policy: lowest canonical suit card first, tarocks after, the cards in `last` only when forced."""
    from games.engines.tarock.cards import ORDER

    def choose(state, seat, legal):
        return min(legal, key=lambda c: (c in last, c[0] == "T", ORDER[c]))

    return choose


def test_it_scores_a_defenders_still_pagat_lost_in_trick_10_as_plus_2_in_solo():  # §11.19
    deal = deal_with(
        {
            1: ["T22", "T21", "T20", "T19", "T18", "KS", "KC", "KH", "KD", "QS"],
            2: ["T1", "T4", "T5", "T6", "10S"],
        },
        0,
    )
    state = run_calls(
        GAME.new_round({}, deal, 0),
        [(1, {"contract": "solo"}), (2, {"pass": True}), (3, {"pass": True}), (0, {"pass": True})],
    )
    state = play_out(state, _suits_first_keep("T1", "T22"))
    last = state.tricks[9]
    assert (2, "T1") in last.cards and last.winner != 2
    pagat = [i for i in GAME.result(state)["items"] if i["item"] == "pagat"]
    assert pagat == [{"item": "pagat", "announced": False, "kontra": 0, "winner": "decl", "units": 2}]


def test_it_scores_a_still_valat_at_factor_one_when_still_valat_kontra_is_off():  # §11.24, §10
    result = GAME.result(replay_case("still-valat-with-kontra", {"still_valat_kontra": False}))
    assert result["items"] == [
        {"item": "valat", "announced": False, "kontra": 0, "winner": "decl", "units": 6}
    ]
    assert result["value"] == 6


def test_it_drops_absolut_in_solo_when_the_option_is_off():  # §10, D-T3
    result = GAME.result(replay_case("raise-after-overbid", {"absolut_in_solo": False}))
    assert [i["item"] for i in result["items"]] == ["game", "pagat"]
    assert result["value"] == -6
    state = run_calls(
        GAME.new_round({"absolut_in_solo": False}, deal_with({1: ["T22", "T21"]}, 4), 0),
        [(1, {"contract": "solo"})],
    )
    state = act(state, 2, {"kontra": "game"})
    with pytest.raises(IllegalAction) as refused:
        act(state, 3, {"announce": "absolut"})
    assert refused.value.code == "absolut_not_allowed"


MONEY_VECTORS = {  # §11 vector: case file, engine payments in game units (the ledger applies stake, caps, rake)
    21: ("rufer-calls-t18-declarers-47", [(0, 1, 1), (2, 3, 1)]),
    22: ("partner-pagat-won", [(0, 1, 3), (2, 3, 3)]),
    23: ("solo-52-with-trull", [(0, 1, 6), (2, 1, 6), (3, 1, 6)]),
    25: ("announced-valat-lost-with-kontra", [(1, 0, 24), (3, 2, 24)]),
    27: ("mondfang-by-own-partner", []),
    29: ("solo-rekontra-lost", [(1, 0, 16), (1, 2, 16), (1, 3, 16)]),
    33: ("pairing-declarers-1-3-win", [(0, 1, 2), (2, 3, 2)]),
}


@pytest.mark.parametrize("vector", sorted(MONEY_VECTORS))
def test_it_settles_the_money_vectors_in_game_units(vector):  # §9, §11.21–29
    name, payments = MONEY_VECTORS[vector]
    state = replay_case(name)
    assert GAME.settlement(state) == payments
    assert sum(GAME.round_scores(state)) == 0
    assert json.loads(json.dumps(GAME.result(state)))["payments"] == [list(p) for p in payments]
