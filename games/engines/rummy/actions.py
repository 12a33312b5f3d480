"""Rummy actions and their strict wire codec (docs/rules/rummy.md §5.1).

Every action is a frozen, hashable value with `to_wire()`. `parse_action` raises `InvalidAction`
(`bad_action`) for anything malformed; whether an action is allowed now is `rules.apply`'s business.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.engines.core.errors import BAD_ACTION, InvalidAction
from games.engines.core.wire import read_card, read_choice, read_int, read_true

from .cards import JOKER, NATURALS

NATURAL_SET = frozenset(NATURALS)
STOCK = "stock"
PILE = "discard"

MeldList = tuple[tuple[str, ...], ...]


def _melds_wire(melds: MeldList) -> list[list[str]]:
    return [list(m) for m in melds]


@dataclass(frozen=True, slots=True)
class Draw:
    """`{"draw": "stock" | "discard"}`, with `"meld"` for the combined pile draw of rules §5.7."""

    source: str
    meld: MeldList | None = None

    def to_wire(self) -> dict[str, Any]:
        """The wire object."""
        wire: dict[str, Any] = {"draw": self.source}
        if self.meld is not None:
            wire["meld"] = _melds_wire(self.meld)
        return wire


@dataclass(frozen=True, slots=True)
class MeldAction:
    """`{"meld": [[e, …], …]}`: lay one or more new melds (rules §5.3.2–3)."""

    melds: MeldList

    def to_wire(self) -> dict[str, Any]:
        """The wire object."""
        return {"meld": _melds_wire(self.melds)}


@dataclass(frozen=True, slots=True)
class LayOff:
    """`{"lay_off": {"meld": i, "cards": [e, …]}}` (rules §5.3.4)."""

    meld: int
    cards: tuple[str, ...]

    def to_wire(self) -> dict[str, Any]:
        """The wire object."""
        return {"lay_off": {"meld": self.meld, "cards": list(self.cards)}}


@dataclass(frozen=True, slots=True)
class SwapJoker:
    """`{"swap_joker": {"meld": i, "card": c}}` (rules §5.3.5)."""

    meld: int
    card: str

    def to_wire(self) -> dict[str, Any]:
        """The wire object."""
        return {"swap_joker": {"meld": self.meld, "card": self.card}}


@dataclass(frozen=True, slots=True)
class Discard:
    """`{"discard": c}`: ends the turn (rules §5.3.6)."""

    card: str

    def to_wire(self) -> dict[str, Any]:
        """The wire object."""
        return {"discard": self.card}


@dataclass(frozen=True, slots=True)
class Knock:
    """`{"knock": true}`: kloppen (rules §5.8)."""

    def to_wire(self) -> dict[str, Any]:
        """The wire object."""
        return {"knock": True}


RummyAction = Draw | MeldAction | LayOff | SwapJoker | Discard | Knock


def read_entry(value: Any) -> str:
    """One meld or lay-off entry: a natural code, `"JK"` or `"JK=<natural>"`.

    Raises:
        InvalidAction: anything else.
    """
    if isinstance(value, str) and (
        value == JOKER or value in NATURAL_SET or (value.startswith(JOKER + "=") and value[3:] in NATURAL_SET)
    ):
        return value
    raise InvalidAction(BAD_ACTION, f"unknown meld entry {value!r}")


def _read_entries(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise InvalidAction(BAD_ACTION, "expected a non-empty list of cards")
    return tuple(read_entry(v) for v in value)


def read_melds(value: Any) -> MeldList:
    """A non-empty list of non-empty entry lists.

    Raises:
        InvalidAction: wrong shape or an unknown entry.
    """
    if not isinstance(value, list) or not value:
        raise InvalidAction(BAD_ACTION, "meld takes a non-empty list of melds")
    return tuple(_read_entries(m) for m in value)


def _read_object(value: Any, keys: set[str], what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping) or set(value) != keys:
        raise InvalidAction(BAD_ACTION, f"{what} takes an object with keys {sorted(keys)}")
    return value


def parse_action(payload: Any) -> RummyAction:
    """Turn a wire object into an action (rules §5.1).

    Raises:
        InvalidAction: unknown keys or codes, empty lists, wrong JSON types, `"JK"` as the swap card,
            `"meld"` beside `{"draw": "stock"}`.
    """
    if not isinstance(payload, Mapping) or not payload:
        raise InvalidAction(BAD_ACTION, "an action is a non-empty object")
    if "draw" in payload:
        extra = set(payload) - {"draw", "meld"}
        if extra:
            raise InvalidAction(BAD_ACTION, f"unknown key(s) {sorted(extra)} in a draw")
        source = read_choice(payload["draw"], (STOCK, PILE), "draw source")
        if "meld" in payload:
            if source != PILE:
                raise InvalidAction(BAD_ACTION, "only a draw from the discard pile carries a meld")
            return Draw(source, read_melds(payload["meld"]))
        return Draw(source)
    if len(payload) != 1:
        raise InvalidAction(BAD_ACTION, "an action is an object with exactly one key")
    ((key, value),) = payload.items()
    if key == "meld":
        return MeldAction(read_melds(value))
    if key == "lay_off":
        obj = _read_object(value, {"meld", "cards"}, "lay_off")
        return LayOff(read_int(obj["meld"], "meld index", lo=0), _read_entries(obj["cards"]))
    if key == "swap_joker":
        obj = _read_object(value, {"meld", "card"}, "swap_joker")
        return SwapJoker(read_int(obj["meld"], "meld index", lo=0), read_card(obj["card"], NATURAL_SET))
    if key == "discard":
        return Discard(read_card(value, NATURAL_SET | {JOKER}))
    if key == "knock":
        read_true(value, "knock")
        return Knock()
    raise InvalidAction(BAD_ACTION, f"unknown action {key!r}")
