"""Tarock actions and their wire codec (docs/rules/tarock.md §5.1).

`{"contract": c}` (optionally with `"announce": [...]`) is a `Bid`; the one-key calls and card plays are
`games.engines.core.SimpleAction` values: `pass`, `announce`, `kontra`, `play`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.engines.core import BAD_ACTION, InvalidAction, SimpleAction
from games.engines.core.wire import read_card, read_choice, read_true, single_key

from .cards import DECK_SET

CONTRACTS: tuple[str, ...] = ("rufer", "farbensolo", "solo")
CONTRACT_RANK: dict[str, int] = {c: i for i, c in enumerate(CONTRACTS)}
ANNOUNCEMENTS: tuple[str, ...] = ("absolut", "pagat", "valat")
ITEMS: tuple[str, ...] = ("game", *ANNOUNCEMENTS)


@dataclass(frozen=True, slots=True)
class Bid:
    """A contract bid, possibly with bundled announcements (docs/rules/tarock.md §5.4).

    Attributes:
        contract: `rufer`, `farbensolo` or `solo`.
        announce: announcements applied in order after the contract, as if the bidder made them.
    """

    contract: str
    announce: tuple[str, ...] = ()

    def to_wire(self) -> dict[str, Any]:
        """`{"contract": c}` or `{"contract": c, "announce": [...]}`."""
        if self.announce:
            return {"contract": self.contract, "announce": list(self.announce)}
        return {"contract": self.contract}


TarockAction = Bid | SimpleAction
PASS = SimpleAction("pass", True)


def parse_action(payload: Any) -> TarockAction:
    """Turn a wire object into a Tarock action (docs/rules/tarock.md §5.1).

    Returns:
        a `Bid`, or a `SimpleAction` of kind `pass` (value True), `announce`, `kontra` or `play`.
    Raises:
        InvalidAction: not an object, unknown or several action keys, unknown values or card codes, a flag
            other than `true`, a bundled announcement list that is empty or not a list of known names.
    """
    if isinstance(payload, Mapping) and "contract" in payload:
        extra = set(payload) - {"contract", "announce"}
        if extra:
            raise InvalidAction(BAD_ACTION, f"unexpected key(s) {sorted(extra)} beside a contract")
        contract = read_choice(payload["contract"], CONTRACTS, "contract")
        if "announce" not in payload:
            return Bid(contract)
        bundled = payload["announce"]
        if not isinstance(bundled, list) or not bundled:
            raise InvalidAction(BAD_ACTION, "bundled announcements are a non-empty list")
        return Bid(contract, tuple(read_choice(a, ANNOUNCEMENTS, "announcement") for a in bundled))
    key, value = single_key(payload, ("pass", "announce", "kontra", "play"))
    if key == "pass":
        return SimpleAction("pass", read_true(value, "pass"))
    if key == "announce":
        return SimpleAction("announce", read_choice(value, ANNOUNCEMENTS, "announcement"))
    if key == "kontra":
        return SimpleAction("kontra", read_choice(value, ITEMS, "item"))
    return SimpleAction("play", read_card(value, DECK_SET))
