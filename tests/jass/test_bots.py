"""Jass bots: legal moves from a view alone, reproducible search, and the calls they must make
(docs/rules/jass.md §5)."""

from __future__ import annotations

import json
import random

import pytest

from games.engines.core import BOT_LEVELS
from games.engines.jass import DIFFERENZLER_GAME, SCHIEBER_GAME
from games.engines.jass.rules import JassGame
from games.engines.jass.state import JassState

from .helpers import ALICE_DEAL, SPADES_LEAD, WEIS_DEAL, deal, play


def _play_with_bots(game: JassGame, level: str, seed: int, playouts: int = 8) -> tuple[JassState, list]:
    rng = random.Random(seed)
    dealer = seed % 4
    state = game.new_round({}, game.deal_cards(rng, dealer), dealer)
    bots = [game.bot(level, playouts) for _ in range(4)]
    log = []
    while game.phase(state) != "done":
        due = state.to_play() if game.phase(state) == "play" else min(game.to_act(state))
        for seat in sorted(game.to_act(state), key=lambda s: s == due):
            view = json.loads(json.dumps(game.view(state, seat)))  # a bot gets the wire view, nothing more
            action = bots[seat].choose(view, seat, game.legal_actions(state, seat), rng)
            if action is None:
                assert seat != due, "the seat with a move due always gets an action"
                continue
            state = game.apply(state, seat, action)
            log.append(action.to_wire())
            break
    return state, log


@pytest.mark.parametrize("level", BOT_LEVELS)
@pytest.mark.parametrize("game", [SCHIEBER_GAME, DIFFERENZLER_GAME], ids=lambda g: g.key)
def test_it_plays_whole_rounds_with_actions_the_engine_accepts(game: JassGame, level: str) -> None:
    for seed in range(4 if level == "expert" else 20):
        state, _ = _play_with_bots(game, level, seed)
        assert game.result(state) is not None
        if game is DIFFERENZLER_GAME:
            assert all(0 <= p <= 157 for p in state.predictions)


def test_it_reproduces_the_expert_from_a_seeded_rng() -> None:
    assert _play_with_bots(SCHIEBER_GAME, "expert", 3)[1] == _play_with_bots(SCHIEBER_GAME, "expert", 3)[1]
    assert (
        _play_with_bots(DIFFERENZLER_GAME, "expert", 2)[1]
        == _play_with_bots(DIFFERENZLER_GAME, "expert", 2)[1]
    )


def test_it_declares_weis_at_standard_level() -> None:
    state = play(SCHIEBER_GAME, SCHIEBER_GAME.new_round({}, WEIS_DEAL, 0), (1, {"trump": "C"}))
    bot = SCHIEBER_GAME.bot("standard")
    action = bot.choose(
        SCHIEBER_GAME.view(state, 1), 1, SCHIEBER_GAME.legal_actions(state, 1), random.Random(1)
    )
    assert action is not None and action.to_wire() == {"weis": [["6S", "7S", "8S", "9S"]]}


def test_it_says_thanks_once_the_team_reached_the_target() -> None:
    state = SCHIEBER_GAME.new_round({"target": 1000}, ALICE_DEAL, 0, {"totals": [990, 0]})
    state = play(SCHIEBER_GAME, state, *SPADES_LEAD, (0, {"play": "JS"}))
    for seat in (0, 2):
        for level in BOT_LEVELS:
            bot = SCHIEBER_GAME.bot(level, 4)
            legal = SCHIEBER_GAME.legal_actions(state, seat)
            action = bot.choose(SCHIEBER_GAME.view(state, seat), seat, legal, random.Random(0))
            assert action is not None and action.to_wire() == {"thanks": True}


def test_it_lets_the_partner_decline_the_call_below_the_target() -> None:
    state = SCHIEBER_GAME.new_round({}, ALICE_DEAL, 0)
    state = play(SCHIEBER_GAME, state, *SPADES_LEAD, (0, {"play": "JS"}))
    bot = SCHIEBER_GAME.bot("standard")
    assert (
        bot.choose(SCHIEBER_GAME.view(state, 2), 2, SCHIEBER_GAME.legal_actions(state, 2), random.Random(0))
        is None
    )


def test_it_pushes_a_weak_hand_at_standard_level() -> None:
    weak_seat_1 = deal(
        "JS QS KS 6H JH KH QD KD 6C",
        "6S 7S 7H 8H 6D 7D 8D 7C 8C",
        "8S 9S 10S AS 9H 10H QH AH 10D",
        "9D JD AD 9C 10C JC QC KC AC",
    )
    state = SCHIEBER_GAME.new_round({}, weak_seat_1, 0)
    bot = SCHIEBER_GAME.bot("standard")
    action = bot.choose(
        SCHIEBER_GAME.view(state, 1), 1, SCHIEBER_GAME.legal_actions(state, 1), random.Random(0)
    )
    assert action is not None and action.to_wire() == {"push": True}
