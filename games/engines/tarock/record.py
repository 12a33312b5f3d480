"""A player's Tarock statistics (Game.record_stats): games called and won, by contract (rules §6.5's result:
`declarer`, `contract`, `deltas`; a redeal has no declarer)."""

from __future__ import annotations

from collections.abc import Sequence

from games.engines.core.declaration import N_
from games.engines.core.record import PlayedDeal, StatLine, StatTable

CONTRACT_LABELS = {"rufer": N_("Rufer"), "solo": N_("Solo"), "farbensolo": N_("Farbensolo")}


def record_stats(deals: Sequence[PlayedDeal]) -> list[StatTable]:
    """Per contract (and in all): the played deals the player declared, and how many of them the declaring side
    won (the declarer's `deltas` entry positive)."""
    called = dict.fromkeys(CONTRACT_LABELS, 0)
    won = dict.fromkeys(CONTRACT_LABELS, 0)
    for result, seat in deals:
        if result.get("declarer") != seat:
            continue
        contract = str(result.get("contract"))
        if contract in called:
            called[contract] += 1
            deltas = result.get("deltas") or []
            won[contract] += int(seat < len(deltas) and deltas[seat] > 0)
    lines = [StatLine(label, (called[key], won[key])) for key, label in CONTRACT_LABELS.items()]
    lines.append(StatLine(N_("All games"), (sum(called.values()), sum(won.values()))))
    return [StatTable((N_("Game"), N_("Called"), N_("Won")), tuple(lines))]
