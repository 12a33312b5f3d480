"""Tarock bots: legal at every level, mandatory Kontra, the Pagat kept for trick 10, the expert's worlds."""

from __future__ import annotations

import random

import pytest

from games.engines.core import BOT_LEVELS
from games.engines.tarock.worlds import sample_world

from .helpers import GAME, act, deal_with, random_action, run_calls

TRULL_AT_2 = deal_with({1: ["T19", "T18", "KS", "KC", "KH"], 2: ["T1", "T21", "T22"], 3: ["T20", "T4"]}, 5)


def play_deal(bots, deal, dealer, rng):
    state = GAME.new_round({}, deal, dealer)
    while GAME.phase(state) != "done":
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        action = bots[seat].choose(GAME.view(state, seat), seat, legal, rng)
        assert action in legal or ("contract" in action.to_wire() and "announce" in action.to_wire())
        state = GAME.apply(state, seat, action)
    return state


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_it_plays_only_legal_actions_at_every_level(level):
    rng = random.Random(31)
    bot = GAME.bot(level, 16)
    deals = 3 if level == "expert" else 40
    for n in range(deals):
        state = play_deal([bot] * 4, GAME.deal_cards(rng, n % 4), n % 4, rng)
        assert GAME.result(state) is not None


@pytest.mark.parametrize("level", ["beginner", "standard"])
def test_it_gives_the_mandatory_kontra(level):
    state = act(GAME.new_round({}, TRULL_AT_2, 0), 1, {"contract": "rufer"})
    legal = GAME.legal_actions(state, 2)
    choice = GAME.bot(level).choose(GAME.view(state, 2), 2, legal, random.Random(1))
    assert choice.to_wire() == {"kontra": "game"}


def test_it_never_lets_the_expert_pass_under_mandatory_kontra():
    state = act(GAME.new_round({}, TRULL_AT_2, 0), 1, {"contract": "rufer"})
    legal = GAME.legal_actions(state, 2)
    choice = GAME.bot("expert", 24).choose(GAME.view(state, 2), 2, legal, random.Random(1))
    assert choice in legal and choice.to_wire() != {"pass": True}


def test_it_announces_a_strong_pagat_and_keeps_t1_for_the_last_trick():
    deal = deal_with({2: ["T1", "T22", "T21", "T20", "T19", "T18", "T17", "T16", "T15", "KS"]}, 13)
    rng = random.Random(2)
    state = play_deal([GAME.bot("standard")] * 4, deal, 0, rng)
    pagat = state.item("pagat")
    assert pagat is not None and pagat.by == 2
    assert (2, "T1") in state.tricks[9].cards


def test_it_makes_the_expert_reproducible_with_a_seeded_rng():
    rng = random.Random(8)
    state = GAME.new_round({}, GAME.deal_cards(rng, 0), 0)
    state = run_calls(
        state, [(1, {"contract": "rufer"}), (2, {"pass": True}), (3, {"pass": True}), (0, {"pass": True})]
    )
    view, legal = GAME.view(state, 1), GAME.legal_actions(state, 1)
    picks = {
        GAME.bot("expert", 40).choose(view, 1, legal, random.Random(99)).to_wire()["play"] for _ in range(3)
    }
    assert len(picks) == 1


def test_it_samples_worlds_that_look_exactly_like_the_view():
    """Every sampled world gives the acting seat the very view it was sampled from (§7), and deals 40 cards."""
    rng = random.Random(17)
    checked = 0
    for n in range(150):
        state = GAME.new_round({}, GAME.deal_cards(rng, n % 4), n % 4)
        stop = rng.randrange(45)
        for _ in range(stop):
            if GAME.phase(state) == "done":
                break
            (seat,) = GAME.to_act(state)
            state = GAME.apply(state, seat, random_action(state, seat, rng))
        if GAME.phase(state) == "done":
            continue
        (seat,) = GAME.to_act(state)
        view = GAME.view(state, seat)
        world = sample_world(view, seat, rng)
        assert GAME.view(world, seat) == view
        assert sorted(c for h in world.dealt for c in h) == sorted(c for h in state.dealt for c in h)
        if world.contract == "rufer":
            assert world.called in world.dealt[world.partner] and world.partner != world.declarer
        checked += 1
    assert checked > 100


def test_it_rejects_an_unknown_level():
    with pytest.raises(ValueError):
        GAME.bot("grandmaster")


def test_it_searches_only_one_of_equivalent_plain_tarocks():
    from games.engines.core import SimpleAction
    from games.engines.tarock.search import distinct_candidates

    state = GAME.new_round({}, deal_with({1: ["T4", "T5", "T7", "T9", "T10", "KS"], 2: ["T6"]}, 21), 0)
    view = GAME.view(state, 1)
    legal = [SimpleAction("play", c) for c in ("T4", "T5", "T7", "T9", "T10", "KS")]
    kept = [a.value for a in distinct_candidates(view, legal)]
    # T4 ~ T5 (adjacent); T6 is hidden, so T7 differs; T8 is hidden, so T9 differs; T9 ~ T10
    assert kept == ["T4", "T7", "T9", "KS"]
