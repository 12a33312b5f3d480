"""Tarock's own invariants over seeded random deals with random announcements and Kontras (docs/rules/tarock.md §5,
§6): 200 deals in the quick tier, 1,000 in the long tier (tests/volume.py). What every game shares (listed actions
apply, the JSON round trip, replay, zero-sum payments, no leak) is tests/engine/test_conformance.py's."""

from __future__ import annotations

import random

from games.engines.tarock.cards import DECK, points_of
from tests.volume import seeded, volume

from .helpers import GAME, random_action, random_options

DEALS = volume(200, 1000)


def test_it_keeps_the_invariants_over_random_deals():
    rng = random.Random(seeded("tarock-properties"))
    contracts: dict[str, int] = {}
    kontras = announced = redeals = 0
    for n in range(DEALS):
        dealer = n % 4
        options = random_options(rng)
        deal = GAME.deal_cards(rng, dealer)
        state = GAME.new_round(options, deal, dealer)
        while GAME.phase(state) != "done":
            to_act = GAME.to_act(state)
            assert len(to_act) == 1  # §5: one seat at a time
            (seat,) = to_act
            legal = GAME.legal_actions(state, seat)
            assert legal, f"deal {n}: no legal action for seat {seat}"  # every kind is listed
            assert GAME.timeout_action(state, seat) in legal
            state = GAME.apply(state, seat, random_action(state, seat, rng))
        result = GAME.result(state)
        if "redeal" in result:
            redeals += 1
            assert GAME.settlement(state) is None and GAME.round_scores(state) == [0, 0, 0, 0]
            continue
        assert sum(result["points"]) == 88 and sum(result["tricks"]) == 10
        assert len(state.tricks) == 10 and not any(state.hands)
        assert sorted(c for t in state.tricks for _, c in t.cards) == sorted(DECK)
        assert points_of(c for t in state.tricks for _, c in t.cards) == 88
        assert result["value"] == sum(i["units"] for i in result["items"])
        net = [0, 0, 0, 0]
        for payer, payee, units in result["payments"]:
            assert units > 0 and payer != payee
            net[payer] -= units
            net[payee] += units
        assert net == result["deltas"] == GAME.round_scores(state)
        assert GAME.settlement(state) == [tuple(p) for p in result["payments"]]
        assert result["payments"] == sorted(result["payments"])
        contracts[result["contract"]] = contracts.get(result["contract"], 0) + 1
        kontras += sum(1 for i in result["items"] if i["kontra"] > 0)
        announced += sum(1 for i in result["items"] if i["announced"])
    # the random walk really covers the ground it claims to
    assert set(contracts) == {"rufer", "farbensolo", "solo"}
    assert kontras > DEALS // 10 and announced > DEALS // 10 and 0 < redeals < DEALS // 5
