"""A player's Jass statistics (Game.record_stats), from docs/rules/jass.md §6.5's round results. Schieber: the
team's average points per round and the trumps the player chose (`chooser`, `mode`). Differenzler: the average
distance between prediction and card points (`predictions`, `points`) and the exact predictions."""

from __future__ import annotations

from collections.abc import Sequence

from games.engines.core.declaration import N_
from games.engines.core.record import PlayedDeal, StatLine, StatTable, average

MODE_LABELS = {
    "H": N_("♥ Hearts / Shields"),
    "S": N_("♠ Spades / Roses"),
    "D": N_("♦ Diamonds / Bells"),
    "C": N_("♣ Clubs / Acorns"),
    "obenabe": N_("Obenabe"),
    "unenufe": N_("Unenufe"),
}


def schieber_stats(deals: Sequence[PlayedDeal]) -> list[StatTable]:
    """Rounds played, the player's team's average points per round (its round total after the multiplier) and,
    per mode, how often the player named it."""
    rounds = points = 0
    chosen = dict.fromkeys(MODE_LABELS, 0)
    for result, seat in deals:
        teams = result.get("teams") or []
        if len(teams) == 2:
            rounds += 1
            points += int(teams[seat % 2].get("total", 0))
        if result.get("chooser") == seat and result.get("mode") in chosen:
            chosen[str(result["mode"])] += 1
    facts = (
        StatLine(N_("Rounds played"), (rounds,)),
        StatLine(N_("Average points per round (your team)"), (average(points, rounds),)),
    )
    trumps = tuple(StatLine(label, (chosen[mode],)) for mode, label in MODE_LABELS.items())
    return [
        StatTable((N_("Statistic"), N_("Value")), facts),
        StatTable((N_("Trump chosen"), N_("Times")), trumps),
    ]


def differenzler_stats(deals: Sequence[PlayedDeal]) -> list[StatTable]:
    """Rounds played, the average distance |prediction − card points| and how many predictions were exact."""
    rounds = distance = exact = 0
    for result, seat in deals:
        predictions, points = result.get("predictions") or [], result.get("points") or []
        if seat < len(predictions) and seat < len(points) and predictions[seat] is not None:
            gap = abs(int(predictions[seat]) - int(points[seat]))
            rounds += 1
            distance += gap
            exact += int(gap == 0)
    facts = (
        StatLine(N_("Rounds played"), (rounds,)),
        StatLine(N_("Average distance from the prediction"), (average(distance, rounds),)),
        StatLine(N_("Exact predictions"), (exact,)),
    )
    return [StatTable((N_("Statistic"), N_("Value")), facts)]
