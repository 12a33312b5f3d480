"""Jass's own properties over seeded random rounds (docs/rules/jass.md §2, §5, §6; docs/style.md "Engine tests in
five kinds").

Per variant 200 rounds in the quick tier, 1,000 in the long tier (tests/volume.py): 157 card points in every mode,
all 36 cards accounted for at every step, `legal_actions` never empty for a seat that must act and the listed
cards exactly those `play_refusal` accepts. What every game shares (listed actions apply, the JSON round trip,
replay, zero-sum payments, no leak) is tests/engine/test_conformance.py's.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from games.engines.jass import DIFFERENZLER_GAME, SCHIEBER_GAME
from games.engines.jass.cards import DECK
from games.engines.jass.legality import legal_cards, play_refusal
from games.engines.jass.rules import JassGame
from games.engines.jass.state import JassState
from tests.volume import seeded, volume

from .randomplay import random_round

ROUNDS = volume(200, 1000)


def _played_cards(log: list[dict[str, Any]]) -> list[str]:
    return [step["action"]["play"] for step in log if "play" in step["action"]]


def _check_step(game: JassGame, state: JassState, log: list[dict[str, Any]]) -> None:
    held = [c for hand in state.hands for c in hand]
    played = _played_cards(log)
    assert sorted(held + played) == sorted(DECK), "every card is in one hand or played, exactly once"
    assert list(state.trick) == (played[len(played) - len(state.trick) :] if state.trick else [])
    if state.phase != "done":
        to_act = game.to_act(state)
        if state.phase == "play":
            assert state.to_play() in to_act
        for seat in to_act:
            assert game.legal_actions(state, seat), f"no legal action for seat {seat} in {state.phase}"
        if state.phase == "play":
            hand, mode = state.hands[state.to_play()], state.mode or ""
            checked = [c for c in hand if play_refusal(hand, state.trick, mode, c, state.variant) is None]
            assert legal_cards(hand, state.trick, mode, state.variant) == checked


@pytest.mark.parametrize("game", [SCHIEBER_GAME, DIFFERENZLER_GAME], ids=lambda g: g.key)
def test_it_keeps_invariants_over_random_rounds(game: JassGame) -> None:
    rng = random.Random(seeded(f"properties-{game.key}"))
    modes: Counter[str] = Counter()
    for n in range(ROUNDS):
        options = (
            {"predictions": rng.choice(["secret", "open"])}
            if game is DIFFERENZLER_GAME
            else {"multipliers": rng.choice(["stargames", "swisslos", "none"])}
        )
        rnd = random_round(game, rng, options, on_step=lambda s, log: _check_step(game, s, log))
        state = rnd.state
        assert state.tricks_done == 9 and state.ended is None
        assert sum(c["cards"] for c in state.credits) == 157, f"round {n}: card points add to 157"
        modes[state.mode or ""] += 1
    expected_modes = 6 if game is SCHIEBER_GAME else 4
    assert len(modes) == expected_modes, modes


def test_it_keeps_invariants_when_games_end_early() -> None:
    rng = random.Random(seeded("properties-endings"))
    ended = Counter()
    for n in range(ROUNDS // 2):
        auto_end = n % 2 == 1
        options = {"target": 1000, "auto_end": auto_end}
        start = {"totals": [rng.randrange(700, 1000), rng.randrange(700, 1000)]}
        rnd = random_round(
            SCHIEBER_GAME,
            rng,
            options,
            start,
            thanks_chance=0.3 if n % 4 == 0 else 0.0,
            on_step=lambda s, log: _check_step(SCHIEBER_GAME, s, log),
        )
        result = SCHIEBER_GAME.result(rnd.state)
        assert result is not None
        if result["ended"] is not None:
            ended[result["ended"]["by"]] += 1
            assert SCHIEBER_GAME.settlement(rnd.state) == [tuple(p) for p in result["ended"]["payments"]]
            assert SCHIEBER_GAME.next_round(rnd.state) is None
        else:
            assert SCHIEBER_GAME.settlement(rnd.state) is None
    assert set(ended) == {"thanks", "auto", "round_end"}, ended
