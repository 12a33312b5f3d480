"""Schieber rounds per second: our engine beside the public `jass-kit` package, in the same run.

Both play the same random deals with uniformly random legal cards after a random mode: ours through the Game
protocol (`new_round`, `legal_actions`, `apply`, which copies the state at every action), jass-kit through its
`GameSim` with `RuleSchieber` (numpy arrays, mutated in place).

    python benchmarks/jass_kit_bench.py [--rounds 2000]
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
from jass.game.const import card_ids
from jass.game.game_sim import GameSim
from jass.game.rule_schieber import RuleSchieber
from jass_common import jass_game

KIT_MODE = {"D": 0, "H": 1, "S": 2, "C": 3, "obenabe": 4, "unenufe": 5}
MODES = list(KIT_MODE)


def ours(rounds: int) -> float:
    """Rounds per second of our engine."""
    game = jass_game("schieber")
    rng = random.Random(1)
    deals = [game.deal_cards(random.Random(n), n % 4) for n in range(rounds)]
    began = time.perf_counter()
    for n, deal in enumerate(deals):
        state = game.new_round(None, deal, n % 4)
        state = game.apply(state, (n % 4 + 1) % 4, game.parse_action({"trump": rng.choice(MODES)}))
        while game.phase(state) != "done":
            seat = state.to_play()
            cards = [a for a in game.legal_actions(state, seat) if a.kind == "play"]
            state = game.apply(state, seat, rng.choice(cards))
    return rounds / (time.perf_counter() - began)


def jass_kit(rounds: int) -> float:
    """Rounds per second of jass-kit on the same deals."""
    game = jass_game("schieber")
    rng = random.Random(1)
    rule = RuleSchieber()
    hands_list = []
    for n in range(rounds):
        deal = game.deal_cards(random.Random(n), n % 4)
        hands = np.zeros((4, 36), np.int32)
        for seat, hand in enumerate(deal["hands"]):
            for card in hand:
                hands[(-seat) % 4, card_ids[card[-1] + card[:-1]]] = 1
        hands_list.append(hands)
    began = time.perf_counter()
    for n, hands in enumerate(hands_list):
        sim = GameSim(rule=rule)
        sim.init_from_cards(hands=hands, dealer=(-(n % 4)) % 4)
        sim.action_trump(KIT_MODE[rng.choice(MODES)])
        while not sim.is_done():
            valid = np.flatnonzero(rule.get_valid_cards_from_state(sim.state))
            sim.action_play_card(int(valid[rng.randrange(len(valid))]))
    return rounds / (time.perf_counter() - began)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000)
    args = parser.parse_args()
    kibitz, kit = ours(args.rounds), jass_kit(args.rounds)
    print(f"jass-schieber random rounds: ours {kibitz:,.0f} rounds/s, jass-kit {kit:,.0f} rounds/s "
          f"(ratio {kibitz / kit:.2f}) over {args.rounds} rounds each")


if __name__ == "__main__":
    main()
