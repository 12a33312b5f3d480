"""A player's French Tarot statistics (Game.record_stats): contracts taken and made, by contract (rules §6.5's
result: `taker`, `contract`, `made`; annulled deals have no taker)."""

from __future__ import annotations

from collections.abc import Sequence

from games.engines.core.declaration import N_
from games.engines.core.record import PlayedDeal, StatLine, StatTable

CONTRACT_LABELS = {
    "petite": N_("Petite"),
    "garde": N_("Garde"),
    "garde_sans": N_("Garde sans"),
    "garde_contre": N_("Garde contre"),
}


def record_stats(deals: Sequence[PlayedDeal]) -> list[StatTable]:
    """Per contract (and in all): how many scored deals the player took and how many of them they made."""
    taken = dict.fromkeys(CONTRACT_LABELS, 0)
    made = dict.fromkeys(CONTRACT_LABELS, 0)
    for result, seat in deals:
        if result.get("status") != "scored" or result.get("taker") != seat:
            continue
        contract = str(result.get("contract"))
        if contract in taken:
            taken[contract] += 1
            made[contract] += int(bool(result.get("made")))
    lines = [StatLine(label, (taken[key], made[key])) for key, label in CONTRACT_LABELS.items()]
    lines.append(StatLine(N_("All contracts"), (sum(taken.values()), sum(made.values()))))
    return [StatTable((N_("Contract"), N_("Taken"), N_("Made")), tuple(lines))]
