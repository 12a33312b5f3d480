"""Table options of Rummy (docs/rules/rummy.md §10)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engines.core import IllegalAction

from .melds import MAJORITY

#: Values of option `discard_before_opening` (rules §5.7).
ALWAYS = "always"
NEVER = "never"
ONLY_IF_USED = "only_if_used_in_opening"

DEFAULTS: dict[str, Any] = {
    "players": 4,
    "kloppen": False,
    "hand_jolly": True,
    "limit": 100,
    "opening_min": 30,
    "max_jokers_per_meld": MAJORITY,
    "discard_before_opening": ALWAYS,
}
CHOICES: dict[str, tuple[Any, ...]] = {
    "players": (2, 3, 4),
    "kloppen": (True, False),
    "hand_jolly": (True, False),
    "limit": (1, 50, 100),
    "opening_min": (30, 40),
    "max_jokers_per_meld": (MAJORITY, 1),
    "discard_before_opening": (ALWAYS, ONLY_IF_USED, NEVER),
}


def normalize_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options of rules §10 with defaults filled in (`limit` is the elimination total in penalty points,
    rules §8, not money).

    Raises:
        IllegalAction: `bad_options` for an unknown option or a value the rules do not allow (types are strict:
            `true` is not 1, `"4"` is not 4).
    """
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise IllegalAction("bad_options", "options are an object")
    unknown = set(options) - set(DEFAULTS)
    if unknown:
        raise IllegalAction("bad_options", f"unknown option(s) {sorted(unknown)}")
    out = dict(DEFAULTS)
    for key, value in options.items():
        if not any(type(value) is type(choice) and value == choice for choice in CHOICES[key]):
            raise IllegalAction("bad_options", f"option {key} cannot be {value!r}")
        out[key] = value
    return out
