"""An independent reading of docs/rules/french_tarot.md §7: which card codes a seat (or a spectator) may see.

Written from the §7 table against `to_json` output, without calling the engine's `view`, so a leak test can
compare the two; the table service can reuse `visible_cards` to check socket frames.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from games.engines.french_tarot.cards import DECK_SET

# A JSON string whose whole content looks like a card code (codes hold no quote or backslash).
_CODE_STRING = re.compile(r'"((?:10|[2-9AJNQK])[SHDC]|T[0-9]{1,2}|EX)"')


def visible_cards(state_json: Mapping[str, Any], seat: int | None) -> set[str]:
    """Card codes `seat` (None: spectator) may see now, per the §7 table.

    Args:
        state_json: `FrenchTarot().to_json(state)`.
        seat: 0-3, or None for a spectator.
    Returns:
        The set of card codes allowed to appear in that seat's view.
    """
    s = state_json
    phase = s["phase"]
    annulled = s["annulment"] is not None
    scored_done = phase == "done" and not annulled
    contract = s["contract"]
    taker = s["taker"]
    visible: set[str] = set()
    if seat is not None:
        visible |= set(s["hands"][seat])
    # dog: Petite/Garde from the end of bidding; Garde Sans/Contre only in done.
    if contract in ("petite", "garde") and phase != "bidding" and not annulled:
        visible |= set(s["deal"]["dog"])
    if scored_done:
        visible |= set(s["deal"]["dog"])
    if s["discard"] is not None:
        visible |= {c for c in s["discard"] if c.startswith("T")}
        if scored_done or (seat is not None and seat == taker):
            visible |= set(s["discard"])
    for _, cards in s["handfuls"]:
        visible |= set(cards)
    visible |= {card for _, card in s["trick"]}
    if s["tricks"]:
        visible |= {card for _, card in s["tricks"][-1]}
    if scored_done:
        visible |= {card for trick in s["tricks"] for _, card in trick}
    return visible


def cards_in(document: Any) -> set[str]:
    """Every card code that appears as a JSON string anywhere in `document` (after `json.dumps`)."""
    text = json.dumps(document)
    return {m for m in _CODE_STRING.findall(text) if m in DECK_SET}
