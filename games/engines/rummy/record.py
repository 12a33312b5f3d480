"""A player's Rummy statistics (Game.record_stats), from docs/rules/rummy.md §6's deal results (`winner`,
`hand_jolly`, `penalties`; a void deal has none)."""

from __future__ import annotations

from collections.abc import Sequence

from games.engines.core.declaration import N_
from games.engines.core.record import PlayedDeal, StatLine, StatTable, average


def record_stats(deals: Sequence[PlayedDeal]) -> list[StatTable]:
    """Deals played (not void, the player still in), deals won, the average penalty per deal (0 for a deal
    won) and the hand-jollies (going out in one turn)."""
    played = won = penalty = jollies = 0
    for result, seat in deals:
        penalties = result.get("penalties") or []
        if result.get("void") or seat >= len(penalties) or penalties[seat] is None:
            continue
        played += 1
        penalty += int(penalties[seat])
        if result.get("winner") == seat:
            won += 1
            jollies += int(bool(result.get("hand_jolly")))
    facts = (
        StatLine(N_("Deals played"), (played,)),
        StatLine(N_("Deals won"), (won,)),
        StatLine(N_("Average penalty per deal"), (average(penalty, played),)),
        StatLine(N_("Hand-jollies (out in one turn)"), (jollies,)),
    )
    return [StatTable((N_("Statistic"), N_("Value")), facts)]
