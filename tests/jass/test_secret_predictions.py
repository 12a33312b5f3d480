"""Secret Differenzler predictions stay hidden until the round is scored (docs/rules/jass.md §5.2, §7): every view
of every step of the Differenzler case files, and the estimates the expert makes for the values it cannot see."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.engines.core.replay import run_replay_document
from games.engines.jass import DIFFERENZLER_GAME
from games.engines.jass.cards import DECK
from games.engines.jass.heuristics import estimate_points
from games.engines.jass.hidden_predictions import filled_predictions
from tests.engine.caselib import CASES_DIR, load_case

from .helpers import ALICE_DEAL, play

CASES = sorted(CASES_DIR.glob("jass-differenzler/*.json"))


def _expected_predictions(view: dict[str, Any], predicted: list[int | None]) -> list[int | None]:
    """What the rules file lets the view's viewer see of `predicted` (the values made so far)."""
    if view["phase"] == "done" or view["options"]["predictions"] == "open":
        return predicted
    return [p if s == view["seat"] else None for s, p in enumerate(predicted)]


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
@pytest.mark.parametrize("mode", ["secret", "open"])
def test_every_view_of_a_case_file_shows_only_the_predictions_its_viewer_may_see(path, mode) -> None:
    case = {**load_case(path), "options": {"predictions": mode}}
    body, _ = run_replay_document(case, with_views=True)
    predicted: list[int | None] = [None] * 4
    steps = [None, *case["actions"]]
    secret_seen = done_seen = 0
    for step, views in zip(steps, body["views"], strict=False):
        if step is not None and "predict" in step["action"]:
            predicted[step["seat"]] = step["action"]["predict"]
        for view in [*views["seats"], views["spectator"]]:
            assert view["predictions"] == _expected_predictions(view, predicted), (path.stem, view["seat"])
            assert view["predicted"] == [p is not None for p in predicted]
            if view["phase"] == "play" and mode == "secret":
                secret_seen += 1
            done_seen += view["phase"] == "done"
    if "result" in body and "predictions" in body["result"]:
        assert done_seen and body["result"]["predictions"] == predicted
        assert mode == "open" or secret_seen, "a finished secret round has views in play to check"


def test_a_secret_round_shows_the_others_values_only_once_scored() -> None:
    deal = {"hands": [list(h) for h in ALICE_DEAL["hands"]], "trump_card": "QD"}
    state = DIFFERENZLER_GAME.new_round({}, deal, 0)
    state = play(DIFFERENZLER_GAME, state, (3, {"predict": 20}), (0, {"predict": 30}), (2, {"predict": 40}))
    state = play(DIFFERENZLER_GAME, state, (1, {"predict": 50}))
    assert DIFFERENZLER_GAME.phase(state) == "play"
    assert DIFFERENZLER_GAME.view(state, None)["predictions"] == [None] * 4
    assert DIFFERENZLER_GAME.view(state, 2)["predictions"] == [None, None, 40, None]
    assert DIFFERENZLER_GAME.view(state, 2)["predicted"] == [True] * 4
    rng = random.Random(5)
    while DIFFERENZLER_GAME.phase(state) != "done":
        assert DIFFERENZLER_GAME.view(state, 0)["predictions"] == [30, None, None, None]
        seat = state.to_play()
        state = DIFFERENZLER_GAME.apply(state, seat, rng.choice(DIFFERENZLER_GAME.legal_actions(state, seat)))
    for viewer in (0, 1, 2, 3, None):
        assert DIFFERENZLER_GAME.view(state, viewer)["predictions"] == [30, 50, 40, 20]


def _secret_round(seed: int, moves: int) -> tuple[Any, int]:
    """A secret round after all four predictions (seat s predicted 10 + s) and `moves` random cards, and the
    seat to play."""
    rng = random.Random(seed)
    state = DIFFERENZLER_GAME.new_round({}, DIFFERENZLER_GAME.deal_cards(rng, seed % 4), seed % 4)
    for seat in range(4):
        state = DIFFERENZLER_GAME.apply(state, seat, DIFFERENZLER_GAME.parse_action({"predict": 10 + seat}))
    for _ in range(moves):
        seat = state.to_play()
        state = DIFFERENZLER_GAME.apply(state, seat, rng.choice(DIFFERENZLER_GAME.legal_actions(state, seat)))
    return state, state.to_play()


@pytest.mark.parametrize("seed", range(6))
def test_before_any_card_the_expert_estimates_a_hidden_value_as_the_standard_bot_predicts_that_hand(seed):
    state, seat = _secret_round(seed, 0)
    view = DIFFERENZLER_GAME.view(state, seat)
    world = [list(h) for h in state.hands]  # the true world is one the view allows
    wants = filled_predictions(view, world, view["trump"], random.Random(seed))
    assert wants[seat] == 10 + seat, "the own value is the one the view shows"
    for other in (s for s in range(4) if s != seat):
        assert wants[other] == estimate_points(state.hands[other], view["trump"])


@pytest.mark.parametrize("seed", range(6))
def test_mid_round_the_expert_estimates_every_hidden_value_in_range(seed) -> None:
    state, seat = _secret_round(seed, 5 + 3 * seed)
    view = DIFFERENZLER_GAME.view(state, seat)
    wants = filled_predictions(view, [list(h) for h in state.hands], view["trump"], random.Random(seed))
    assert wants[seat] == 10 + seat
    assert all(0 <= w <= 157 for w in wants)


def test_the_expert_rebuilds_dealt_hands_that_partition_the_deck() -> None:
    from games.engines.jass.hidden_predictions import _dealt_hands

    state, seat = _secret_round(7, 0)
    while state.tricks_done < 3:
        state = DIFFERENZLER_GAME.apply(
            state, state.to_play(), DIFFERENZLER_GAME.legal_actions(state, state.to_play())[0]
        )
    view = DIFFERENZLER_GAME.view(state, seat)
    dealt = _dealt_hands(view, [list(h) for h in state.hands], random.Random(1))
    assert sorted(c for h in dealt for c in h) == sorted(DECK)
    assert all(len(h) == 9 for h in dealt)
    for s in range(4):
        assert set(state.hands[s]) <= set(dealt[s])
    last = view["last_trick"]
    for i, card in enumerate(last["cards"]):
        assert card in dealt[(last["leader"] + i) % 4]


def test_the_expert_keeps_every_value_a_view_shows() -> None:
    state, seat = _secret_round(3, 6)
    view = {**DIFFERENZLER_GAME.view(state, seat), "predictions": [10, 11, 12, 13]}
    assert filled_predictions(view, [list(h) for h in state.hands], "S", random.Random(0)) == [10, 11, 12, 13]
