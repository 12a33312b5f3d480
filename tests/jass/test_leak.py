"""No view leaks a secret (docs/rules/jass.md §7; docs/style.md "Secrets leave only through view()").

The oracle is independent of `views.py`: it reads the stored state (`to_json`) and decides which cards each
viewer may not see — every card still in another seat's hand, except the scoring team's Weis once trick 1 is
over — and then scans every string of the serialised view (card codes hold no quote, so splitting the JSON text at
quotes yields every string). Secret Differenzler predictions and hidden hands
are also checked by non-interference: changing them in the stored state must not change the view.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.engines.jass import DIFFERENZLER_GAME, SCHIEBER_GAME
from games.engines.jass.rules import JassGame
from games.engines.jass.state import JassState
from tests.volume import seeded, volume

from .helpers import WEIS_DEAL
from .randomplay import random_round

ROUNDS = volume(200, 1000)  # per variant (tests/volume.py)
VIEWERS: list[int | None] = [0, 1, 2, 3, None]


def forbidden_cards(data: dict[str, Any], viewer: int | None) -> set[str]:
    """Cards `viewer` may not see, computed from `to_json` output alone."""
    revealed: set[str] = set()
    if data["variant"] == "differenzler":
        revealed.add(data["deal"]["trump_card"])  # dealt face up (docs/rules/jass.md §4)
    if data["tricks_done"] >= 1 and data["weis_team"] is not None:
        for seat, groups in enumerate(data["weis"]):
            if groups and seat % 2 == data["weis_team"]:
                revealed.update(c for g in groups for c in g)
    hidden: set[str] = set()
    for seat, hand in enumerate(data["hands"]):
        if seat != viewer:
            hidden.update(hand)
    return hidden - revealed


def secret_predictions(data: dict[str, Any], viewer: int | None) -> list[int]:
    """Seats whose prediction `viewer` may not know yet: with secret predictions every other seat's value until the
    round is scored (phase `done`, docs/rules/jass.md §5.2, §7), even once all four are in."""
    if data["variant"] != "differenzler" or data["options"]["predictions"] != "secret":
        return []
    if data["phase"] == "done":
        return []
    return [s for s, p in enumerate(data["predictions"]) if p is not None and s != viewer]


def _check(game: JassGame, state: JassState, rng: random.Random) -> None:
    data = game.to_json(state)
    for viewer in VIEWERS:
        view = game.view(state, viewer)
        text = json.dumps(view)
        leaked = forbidden_cards(data, viewer).intersection(text.split('"'))
        assert not leaked, f"viewer {viewer} sees {sorted(leaked)} in phase {state.phase}"
        hidden_seats = secret_predictions(data, viewer)
        if hidden_seats:
            changed = {**data, "predictions": list(data["predictions"])}
            for seat in hidden_seats:
                changed["predictions"][seat] = (changed["predictions"][seat] + 1 + rng.randrange(156)) % 158
            assert game.view(game.from_json(changed), viewer) == view, (
                f"viewer {viewer} sees a secret prediction"
            )
    if rng.random() < 0.1:
        _check_hidden_hands(game, state, data, rng)


def _check_hidden_hands(game: JassGame, state: JassState, data: dict[str, Any], rng: random.Random) -> None:
    """Swapping a hidden card between two other seats changes nothing in a viewer's view."""
    viewer = rng.choice(VIEWERS)
    others = [s for s in range(4) if s != viewer and data["hands"][s]]
    if len(others) < 2:
        return
    a, b = rng.sample(others, 2)
    allowed = forbidden_cards(data, viewer)
    cards_a = [c for c in data["hands"][a] if c in allowed]
    cards_b = [c for c in data["hands"][b] if c in allowed]
    if not cards_a or not cards_b:
        return
    changed = {**data, "hands": [list(h) for h in data["hands"]]}
    ca, cb = rng.choice(cards_a), rng.choice(cards_b)
    changed["hands"][a][changed["hands"][a].index(ca)] = cb
    changed["hands"][b][changed["hands"][b].index(cb)] = ca
    assert game.view(game.from_json(changed), viewer) == game.view(state, viewer)


@pytest.mark.parametrize("game", [SCHIEBER_GAME, DIFFERENZLER_GAME], ids=lambda g: g.key)
def test_it_shows_no_view_a_secret_over_random_rounds(game: JassGame) -> None:
    rng = random.Random(seeded(f"leak-{game.key}"))
    for n in range(ROUNDS):
        if game is SCHIEBER_GAME:
            options = {"target": 1000, "auto_end": n % 3 == 0}
            start = {"totals": [rng.randrange(600, 1000), rng.randrange(600, 1000)]}
        else:
            options, start = {"predictions": rng.choice(["secret", "open"])}, None
        random_round(
            game,
            rng,
            options,
            start,
            weis_chance=0.7,
            thanks_chance=0.1,
            on_step=lambda state, log: _check(game, state, rng),
        )


def test_it_hides_a_declared_weis_until_trick_one_and_the_losing_teams_cards_forever() -> None:
    game = SCHIEBER_GAME
    state = game.new_round({}, WEIS_DEAL, 0)
    for seat, wire in [
        (1, {"trump": "D"}),
        (1, {"weis": [["6S", "7S", "8S"]]}),
        (1, {"play": "QS"}),
        (2, {"weis": [["7D", "8D", "9D"]]}),
    ]:
        state = game.apply(state, seat, game.parse_action(wire))
    spectator = game.view(state, None)
    assert spectator["weis"]["announced"] == [None, {"best": 20}, {"best": 20}, None]
    assert spectator["weis"]["scored"] is None
    assert game.view(state, 2)["weis"]["own"] == [["7D", "8D", "9D"]]
    for seat, wire in [(2, {"play": "AS"}), (3, {"play": "10S"}), (0, {"play": "8C"})]:
        state = game.apply(state, seat, game.parse_action(wire))
    text = json.dumps(game.view(state, 0))
    assert game.view(state, 0)["weis"]["scored"] == {
        "team": 0,
        "declarations": [{"seat": 2, "weis": [["7D", "8D", "9D"]], "values": [20]}],
    }
    assert '"6S"' not in text and '"7S"' not in text, "the losing team's Weis cards stay hidden"
