"""Bot strength in Jass: the expert against beginner and standard, on duplicate deals (docs/rules/jass.md §6).

Schieber: each deal is played twice with the same cards and dealer, the expert partnership first on seats 0/2,
then on 1/3; a deal's figure is the expert team's round points minus the other team's (`round_scores`, after
the multiplier), averaged over both seatings. Differenzler: each deal is played four times, the expert on each
seat in turn against three bots of the other level; a deal's figure is the other seats' mean penalty minus the
expert's (`round_scores` are minus penalties, so higher is better in both variants).

Prints the mean difference per deal and its 95% confidence interval; the expert is stronger when the whole
interval is above zero.

    python benchmarks/jass_bot_strength.py [--rounds 200] [--playouts 64] [--variant schieber|differenzler]
        [--rival beginner|standard]

Differenzler is played with its default `secret` predictions: each bot sees only its own value during the play
(docs/rules/jass.md §5.2), the expert estimates the others' (games/engines/jass/hidden_predictions.py).
"""

from __future__ import annotations

import argparse
import statistics
import time

from jass_common import jass_game, mean_ci, play_round_with_bots


def schieber_margin(deal_seed: int, rival: str, playouts: int) -> float:
    """Mean over both seatings of (expert team − rival team) round points for one deal."""
    game = jass_game("schieber")
    margins = []
    for expert_team in (0, 1):
        bots = [game.bot("expert" if s % 2 == expert_team else rival, playouts) for s in range(4)]
        state = play_round_with_bots(game, {}, deal_seed, bots)
        scores = game.round_scores(state)
        assert scores is not None
        margins.append(scores[expert_team] - scores[1 - expert_team])
    return statistics.fmean(margins)


def differenzler_margin(deal_seed: int, rival: str, playouts: int) -> float:
    """Mean over the expert's four seats of (rivals' mean penalty − expert's penalty) for one deal."""
    game = jass_game("differenzler")
    margins = []
    for expert_seat in range(4):
        bots = [game.bot("expert" if s == expert_seat else rival, playouts) for s in range(4)]
        state = play_round_with_bots(game, {}, deal_seed, bots)
        scores = game.round_scores(state)
        assert scores is not None
        others = [scores[s] for s in range(4) if s != expert_seat]
        margins.append(scores[expert_seat] - statistics.fmean(others))
    return statistics.fmean(margins)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200, help="rounds per pairing and variant (≥ 200)")
    parser.add_argument("--playouts", type=int, default=64, help="expert playouts per decision")
    parser.add_argument("--variant", choices=["schieber", "differenzler"], default=None)
    parser.add_argument("--rival", choices=["beginner", "standard"], default=None)
    args = parser.parse_args()
    variants = [args.variant] if args.variant else ["schieber", "differenzler"]
    for variant in variants:
        per_deal = 2 if variant == "schieber" else 4
        deals = max(1, -(-args.rounds // per_deal))
        margin = schieber_margin if variant == "schieber" else differenzler_margin
        for rival in [args.rival] if args.rival else ["beginner", "standard"]:
            began = time.perf_counter()
            values = [margin(1000 + d, rival, args.playouts) for d in range(deals)]
            mean, half = mean_ci(values)
            unit = "points per round (team margin)" if variant == "schieber" else "penalty points per round"
            verdict = "expert stronger" if mean - half > 0 else "not shown"
            print(
                f"jass-{variant} expert vs {rival}: {deals * per_deal} rounds on {deals} duplicate deals, "
                f"expert advantage {mean:+.1f} {unit}, 95% CI [{mean - half:+.1f}, {mean + half:+.1f}] -> {verdict} "
                f"({time.perf_counter() - began:.0f} s, {args.playouts} playouts)",
                flush=True,
            )


if __name__ == "__main__":
    main()
