"""Table options of French Tarot (docs/rules/french_tarot.md §10) and the match-end rule they name (§8)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from games.engines.core import IllegalAction

PROFILES = ("fft", "seed002")
TARGETS = (100, 250, 500, 1000)
DEFAULT_OPTIONS: dict[str, Any] = {"profile": "fft", "match_end": "deals:8"}

_DEALS = re.compile(r"deals:([1-9][0-9]?)")
_TARGET = re.compile(r"target:([1-9][0-9]*)")


def parse_match_end(value: Any) -> tuple[str, int | None]:
    """Read a `match_end` option: `("deals", N)`, `("target", N)` or `("open", None)`.

    Raises:
        IllegalAction: `bad_options` for anything outside §10 (deals 1-40; target 100, 250, 500, 1000).
    """
    if value == "open":
        return "open", None
    if isinstance(value, str):
        deals = _DEALS.fullmatch(value)
        if deals and 1 <= int(deals.group(1)) <= 40:
            return "deals", int(deals.group(1))
        target = _TARGET.fullmatch(value)
        if target and int(target.group(1)) in TARGETS:
            return "target", int(target.group(1))
    raise IllegalAction(
        "bad_options", f"match_end {value!r} is not deals:1..40, target:100|250|500|1000 or open"
    )


def normalize_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Return the options with defaults filled in (§10).

    Args:
        options: `{"profile": "fft" | "seed002", "match_end": "deals:N" | "target:N" | "open"}`, every key
            optional; None means all defaults. The table's money limit (§9, §10 "limit (table)") is the ledger's
            setting, not an engine option.
    Returns:
        A new dict with exactly `profile` and `match_end`.
    Raises:
        IllegalAction: `bad_options` for an unknown option or value.
    """
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise IllegalAction("bad_options", "options must be an object")
    unknown = sorted(set(options) - set(DEFAULT_OPTIONS))
    if unknown:
        raise IllegalAction("bad_options", f"unknown option(s): {', '.join(map(str, unknown))}")
    normalized = {**DEFAULT_OPTIONS, **options}
    if normalized["profile"] not in PROFILES:
        raise IllegalAction("bad_options", f"profile {normalized['profile']!r} is not fft or seed002")
    parse_match_end(normalized["match_end"])
    return normalized
