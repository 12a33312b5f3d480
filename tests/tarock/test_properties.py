"""Invariants over 1,000 seeded random deals with random announcements and Kontras (docs/rules/tarock.md §5, §6)."""

from __future__ import annotations

import json
import random

from games.engines.core.replay import replay
from games.engines.tarock.cards import DECK, points_of

from .helpers import GAME, random_action, random_options

DEALS = 1000


def test_it_keeps_the_invariants_over_a_thousand_random_deals():
    rng = random.Random(20261130)
    contracts: dict[str, int] = {}
    kontras = announced = redeals = 0
    for n in range(DEALS):
        dealer = n % 4
        options = random_options(rng)
        deal = GAME.deal_cards(rng, dealer)
        state = GAME.new_round(options, deal, dealer)
        log = []
        while GAME.phase(state) != "done":
            to_act = GAME.to_act(state)
            assert len(to_act) == 1
            (seat,) = to_act
            legal = GAME.legal_actions(state, seat)
            assert legal, f"deal {n}: no legal action for seat {seat}"
            assert all(GAME.legal_actions(state, s) == [] for s in range(4) if s != seat)
            assert GAME.timeout_action(state, seat) in legal
            action = random_action(state, seat, rng)
            before = json.dumps(GAME.to_json(state), sort_keys=True)
            after = GAME.apply(state, seat, action)
            assert json.dumps(GAME.to_json(state), sort_keys=True) == before, "apply changed its input"
            log.append({"seat": seat, "action": action.to_wire()})
            state = after
        result = GAME.result(state)
        stored = json.loads(json.dumps(GAME.to_json(state)))
        assert GAME.to_json(GAME.from_json(stored)) == GAME.to_json(state)
        replayed = replay(GAME, options, deal, dealer, log)
        assert GAME.to_json(replayed) == stored
        if "redeal" in result:
            redeals += 1
            assert GAME.settlement(state) is None and GAME.round_scores(state) == [0, 0, 0, 0]
            continue
        assert sum(result["points"]) == 88 and sum(result["tricks"]) == 10
        assert len(state.tricks) == 10 and not any(state.hands)
        assert sorted(c for t in state.tricks for _, c in t.cards) == sorted(DECK)
        assert points_of(c for t in state.tricks for _, c in t.cards) == 88
        assert sum(result["deltas"]) == 0
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
    assert kontras > 100 and announced > 100 and 0 < redeals < DEALS // 5
