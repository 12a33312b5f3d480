"""Engine speed and bot decision times, for every registered game (or `--game KEY`).

- Random full deals per second on one core: seeded; each step a random legal action, or the timeout action
  when `legal_actions` is empty (actions too many to list, e.g. a discard).
- Each bot level's decision time p50 / p95 in milliseconds over seeded all-bot deals of that level.

    python benchmarks/engine_bench.py --game french-tarot --deals 2000 --bot-deals 10
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from common import Game, percentile, play_round, seat_rng, selected_games

from games.engines.core import BOT_LEVELS


def random_deals_per_second(game: Game, options: dict[str, Any], deals: int, seed: int) -> tuple[float, int]:
    """Play `deals` random rounds; returns (rounds per second, actions applied)."""
    rng = random.Random(seed)
    actions = 0

    def choose(state: Any, seat: int) -> Any:
        nonlocal actions
        actions += 1
        legal = game.legal_actions(state, seat)
        return rng.choice(legal) if legal else game.timeout_action(state, seat)

    started = time.process_time()
    for deal in range(seed, seed + deals):
        play_round(game, options, deal, choose)
    return deals / (time.process_time() - started), actions


def decision_times(
    game: Game, options: dict[str, Any], level: str, deals: int, seed: int, playouts: int | None
) -> tuple[list[float], list[float]]:
    """Milliseconds per `choose` call of `level` bots filling every seat for `deals` rounds: (wall, CPU).

    Wall-clock time grows with the machine's load; CPU time is what one decision costs on one core.
    """
    bot = game.bot(level, playouts)
    times: list[float] = []
    cpu: list[float] = []
    for deal in range(seed, seed + deals):
        rngs = [seat_rng(deal, seat) for seat in range(game.seat_count(options))]

        def choose(state: Any, seat: int, rngs: list[random.Random] = rngs) -> Any:
            view = game.view(state, seat)
            legal = game.legal_actions(state, seat)
            started, started_cpu = time.perf_counter(), time.thread_time()
            action = bot.choose(view, seat, legal, rngs[seat])
            times.append((time.perf_counter() - started) * 1000)
            cpu.append((time.thread_time() - started_cpu) * 1000)
            return action

        play_round(game, options, deal, choose)
    return times, cpu


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", help="registry key (default: every registered game)")
    parser.add_argument("--deals", type=int, default=2000, help="random deals to time (default 2000)")
    parser.add_argument("--bot-deals", type=int, default=10, help="all-bot deals per level (default 10)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--playouts", type=int, default=None, help="expert playout budget (default: the bot's)"
    )
    parser.add_argument(
        "--options", default="{}", help="table options as JSON (default: the game's defaults)"
    )
    args = parser.parse_args()
    for key, game in selected_games(args.game):
        options = game.normalize_options(json.loads(args.options))
        rate, actions = random_deals_per_second(game, options, args.deals, args.seed)
        print(f"== {key} options={json.dumps(options)}")
        print(
            f"  random deals: {rate:.0f} deals/s on one core ({args.deals} deals, {actions} actions, "
            f"{rate * actions / args.deals:.0f} actions/s)"
        )
        for level in BOT_LEVELS:
            times, cpu = decision_times(game, options, level, args.bot_deals, args.seed, args.playouts)
            print(
                f"  {level:9s} decisions: wall p50 {percentile(times, 0.5):7.2f} ms  p95 {percentile(times, 0.95):7.2f} ms"
                f"  max {max(times, default=float('nan')):7.2f} ms | CPU p50 {percentile(cpu, 0.5):7.2f} ms  p95 {percentile(cpu, 0.95):7.2f} ms"
                f"  ({len(times)} decisions, {args.bot_deals} deals)",
                flush=True,
            )


if __name__ == "__main__":
    main()
