"""Schieber rounds per second: our engine beside the public `jass-kit` package, in the same run.

Both play the same random deals with uniformly random legal cards after a random mode: ours through the Game
protocol (`new_round`, `legal_actions`, `apply`, which copies the state at every action), jass-kit through its
`GameSim` with `RuleSchieber` (numpy arrays, mutated in place). Blocks of deals alternate between the two so
the load of a shared machine falls on both alike.

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

from games.engines.core import SimpleAction

KIT_MODE = {"D": 0, "H": 1, "S": 2, "C": 3, "obenabe": 4, "unenufe": 5}
MODES = list(KIT_MODE)


def deals(rounds: int, offset: int) -> list[tuple[int, dict]]:
    """`(dealer, deal JSON)` for deal numbers `offset .. offset + rounds - 1`."""
    game = jass_game("schieber")
    return [(n % 4, game.deal_cards(random.Random(n), n % 4)) for n in range(offset, offset + rounds)]


def ours(block: list[tuple[int, dict]], rng: random.Random) -> float:
    """Seconds our engine takes to play the block's deals."""
    game = jass_game("schieber")
    began = time.perf_counter()
    for dealer, deal in block:
        state = game.new_round(None, deal, dealer)
        state = game.apply(state, (dealer + 1) % 4, game.parse_action({"trump": rng.choice(MODES)}))
        while game.phase(state) != "done":
            seat = state.to_play()
            cards = [
                a for a in game.legal_actions(state, seat) if isinstance(a, SimpleAction) and a.kind == "play"
            ]
            state = game.apply(state, seat, rng.choice(cards))
    return time.perf_counter() - began


def jass_kit(block: list[tuple[int, dict]], rng: random.Random) -> float:
    """Seconds jass-kit takes to play the same deals (our seat s is its player -s mod 4)."""
    rule = RuleSchieber()
    encoded = []
    for dealer, deal in block:
        hands = np.zeros((4, 36), np.int32)
        for seat, hand in enumerate(deal["hands"]):
            for card in hand:
                hands[(-seat) % 4, card_ids[card[-1] + card[:-1]]] = 1
        encoded.append(((-dealer) % 4, hands))
    began = time.perf_counter()
    for dealer, hands in encoded:
        sim = GameSim(rule=rule)
        sim.init_from_cards(hands=hands, dealer=dealer)
        sim.action_trump(KIT_MODE[rng.choice(MODES)])
        while not sim.is_done():
            valid = np.flatnonzero(rule.get_valid_cards_from_state(sim.state))
            sim.action_play_card(int(valid[rng.randrange(len(valid))]))
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument(
        "--blocks", type=int, default=20, help="alternate blocks so machine load hits both alike"
    )
    args = parser.parse_args()
    size = max(1, args.rounds // args.blocks)
    ours_rng, kit_rng = random.Random(1), random.Random(1)
    ours_time = kit_time = 0.0
    for b in range(args.blocks):
        block = deals(size, b * size)
        ours_time += ours(block, ours_rng)
        kit_time += jass_kit(block, kit_rng)
    rounds = size * args.blocks
    kibitz, kit = rounds / ours_time, rounds / kit_time
    print(
        f"jass-schieber random rounds: ours {kibitz:,.0f} rounds/s, jass-kit {kit:,.0f} rounds/s "
        f"(ratio {kibitz / kit:.2f}) over {rounds} rounds each, in {args.blocks} alternating blocks"
    )


if __name__ == "__main__":
    main()
