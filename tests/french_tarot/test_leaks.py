"""No view shows a card its seat may not see (docs/rules/french_tarot.md §7; docs/style.md "Secrets leave only through
view()"): seeded random deals (200 in the quick tier, 1,000 in the long tier: tests/volume.py), every step, every
seat and the spectator, checked against `oracle.py`."""

from __future__ import annotations

import json
import random

from games.engines.core import SimpleAction
from games.engines.core.replay import replay
from games.engines.french_tarot.cards import sort_canonical
from tests.engine.caselib import CASES_DIR
from tests.volume import seeded, volume

from .helpers import VIEW_KEYS
from .oracle import cards_in, visible_cards
from .randomplay import GAME, random_bid, random_handful, random_legal_discard, random_options

DEALS = volume(200, 1000)
CASES = CASES_DIR / "french-tarot"


def _random_action(state, seat: int, rng: random.Random) -> SimpleAction:
    legal = GAME.legal_actions(state, seat)
    phase = GAME.phase(state)
    if phase == "bidding":
        return random_bid(legal, rng)
    if phase == "discard":
        return SimpleAction("discard", random_legal_discard(state.hands[seat], rng))
    if phase == "play" and not state.tricks and rng.random() < 0.5:
        shown = random_handful(state.hands[seat], rng, legal=True)
        if (
            shown is not None
            and state.options["profile"] == "fft"
            and all(s != seat for s, _ in state.handfuls)
        ):
            return SimpleAction("handful", shown)
    return rng.choice(legal)


def test_it_shows_no_seat_a_card_it_may_not_see():
    checked = 0
    for seed in range(DEALS):
        rng = random.Random(seeded(f"french-tarot-leaks:{seed}"))
        options = random_options(rng)
        dealer = rng.randrange(4)
        state = GAME.new_round(options, GAME.deal_cards(rng, dealer, options), dealer)
        while True:
            data = GAME.to_json(state)
            for seat in (0, 1, 2, 3, None):
                view = GAME.view(state, seat)
                extra = set(view) - VIEW_KEYS - ({"tricks"} if view["phase"] == "done" else set())
                assert not extra and set(view) >= VIEW_KEYS, (
                    f"seed {seed}: view keys {sorted(set(view) ^ VIEW_KEYS)}"
                )
                leaked = cards_in(view) - visible_cards(data, seat)
                assert not leaked, f"seed {seed}, seat {seat}, phase {view['phase']}: leaked {sorted(leaked)}"
                checked += 1
            if GAME.phase(state) == "done":
                break
            (seat,) = GAME.to_act(state)
            state = GAME.apply(state, seat, _random_action(state, seat, rng))
    assert checked >= 300 * DEALS


def test_it_catches_a_leaky_view_with_the_oracle():
    rng = random.Random(7)
    state = GAME.new_round({}, GAME.deal_cards(rng, 0), 0)
    while GAME.phase(state) == "bidding":
        (seat,) = GAME.to_act(state)
        action = SimpleAction("bid", "garde_sans") if not state.bids else SimpleAction("bid", "pass")
        state = GAME.apply(state, seat, action)
    if GAME.phase(state) == "done":  # petit sec: the seed is fixed, so this does not happen
        raise AssertionError("seed 7 deals a petit sec")
    data = GAME.to_json(state)
    view = GAME.view(state, 2)
    assert view["dog"] is None
    leaky = {**view, "dog": list(state.dog)}
    assert cards_in(leaky) - visible_cards(data, 2) == set(state.dog)
    assert cards_in(GAME.view(state, None)) == set()


def test_it_reveals_the_discard_to_the_taker_only_and_its_trumps_to_all():
    case = json.loads((CASES / "v25j-discard-unavoidable-trumps-accepted.json").read_text())
    state = replay(GAME, case["options"], case["deal"], case["dealer"], case["actions"][:5])
    discard = case["actions"][4]["action"]["discard"]
    trumps = [c for c in sort_canonical(discard) if c.startswith("T")]
    assert trumps
    for seat in (0, 2, 3, None):
        view = GAME.view(state, seat)
        assert view["discard"] is None
        assert view["discard_trumps"] == trumps
    assert GAME.view(state, 1)["discard"] == sort_canonical(discard)
    assert GAME.view(state, 1)["discard_trumps"] == trumps
