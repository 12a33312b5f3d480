"""Table options of Schieber and Differenzler (docs/rules/jass.md §10)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engines.core import IllegalAction

from .state import SCHIEBER

SCHIEBER_OPTIONS: dict[str, tuple[Any, ...]] = {
    "target": (2500, 1000, 1500, 3000),
    "multipliers": ("stargames", "swisslos", "none"),
    "auto_end": (False, True),
}
DIFFERENZLER_OPTIONS: dict[str, tuple[Any, ...]] = {"predictions": ("secret", "open")}


def normalize_options(variant: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Fill defaults (the first allowed value) for docs/rules/jass.md §10.

    Raises:
        IllegalAction: `bad_options` for an unknown option or value (a bool is not a target; the table's money
            limit is not an engine option).
    """
    allowed_values = SCHIEBER_OPTIONS if variant == SCHIEBER else DIFFERENZLER_OPTIONS
    given = dict(options or {})
    unknown = set(given) - set(allowed_values)
    if unknown:
        raise IllegalAction("bad_options", f"unknown option(s) {sorted(unknown)}")
    normalized = {}
    for name, allowed in allowed_values.items():
        value = given.get(name, allowed[0])
        if not any(value == a and type(value) is type(a) for a in allowed):
            raise IllegalAction("bad_options", f"{name} must be one of {list(allowed)}")
        normalized[name] = value
    return normalized
