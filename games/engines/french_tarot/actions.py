"""French Tarot actions and their strict wire reader (docs/rules/french_tarot.md §5 table).

Every action is a `SimpleAction(kind, value)`: `bid` (a bid name), `discard` (six codes), `slam` (bool),
`handful` (codes), `play` (a code). Whether an action is allowed now is `rules.FrenchTarot.apply`'s business.
"""

from __future__ import annotations

from typing import Any

from games.engines.core import SimpleAction
from games.engines.core.wire import read_bool, read_card, read_card_list, read_choice, single_key

from .cards import DECK_SET
from .state import BIDS

#: The phase each action kind belongs to (§5).
ACTION_PHASE: dict[str, str] = {
    "bid": "bidding",
    "discard": "discard",
    "slam": "slam",
    "play": "play",
    "handful": "play",
}


def parse_action(payload: Any) -> SimpleAction:
    """Read a wire action (§5 table).

    Raises:
        InvalidAction: `bad_action` for an unknown key, bid or card code, a slam answer that is not a JSON
            boolean, or a discard / handful that is not a list of card codes.
    """
    kind, value = single_key(payload, ACTION_PHASE)
    if kind == "bid":
        return SimpleAction("bid", read_choice(value, BIDS, "bid"))
    if kind == "slam":
        return SimpleAction("slam", read_bool(value, "slam"))
    if kind == "play":
        return SimpleAction("play", read_card(value, DECK_SET))
    return SimpleAction(kind, read_card_list(value, DECK_SET, allow_empty=True))
