"""Table options of French Tarot (docs/rules/french_tarot.md §10) and the match-end rule they name (§8)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from games.engines.core import IllegalAction
from games.engines.core.declaration import N_, Choice, Option, normalize_with

TARGETS = (100, 250, 500, 1000)
MAX_DEALS = 40
DEFAULT_OPTIONS: dict[str, Any] = {"profile": "fft", "match_end": "deals:8"}

#: The §10 options as the schema the New game dialog and `normalize_options` share.
SCHEMA = (
    Option(
        "profile",
        "choice",
        DEFAULT_OPTIONS["profile"],
        N_("Rules"),
        choices=(Choice("fft", N_("FFT (official)")), Choice("seed002", N_("Classic, no handful or slam"))),
    ),
    Option(
        "match_end",
        "choice",
        DEFAULT_OPTIONS["match_end"],
        N_("Match"),
        N_("A fixed number of deals, the first to a score, or open-ended until the table closes."),
        choices=(
            Choice("deals:1", N_("1 deal")),
            *(Choice(f"deals:{n}", N_("%(count)s deals"), n) for n in range(2, MAX_DEALS + 1)),
            *(Choice(f"target:{n}", N_("first to %(count)s points"), n) for n in TARGETS),
            Choice("open", N_("open-ended")),
        ),
    ),
)

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
        if deals and 1 <= int(deals.group(1)) <= MAX_DEALS:
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
    normalized = normalize_with(SCHEMA, options)
    parse_match_end(
        normalized["match_end"]
    )  # the schema's choices are the values §10 allows; this reads them
    return normalized
