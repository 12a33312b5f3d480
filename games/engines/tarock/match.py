"""Options and the match around the deals (docs/rules/tarock.md §8, §10)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engines.core import IllegalAction

DEFAULT_OPTIONS: dict[str, Any] = {"absolut_in_solo": True, "still_valat_kontra": True, "deals": 0}


def normalize_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Options with defaults filled in (§10).

    Raises:
        IllegalAction("bad_options"): an unknown option, a flag that is not a JSON boolean, or `deals` that is
            not a JSON integer ≥ 0.
    """
    if options is None:
        return dict(DEFAULT_OPTIONS)
    if not isinstance(options, Mapping):
        raise IllegalAction("bad_options", "options are an object")
    unknown = set(options) - set(DEFAULT_OPTIONS)
    if unknown:
        raise IllegalAction("bad_options", f"unknown option(s) {sorted(unknown)}")
    result = dict(DEFAULT_OPTIONS)
    for key in ("absolut_in_solo", "still_valat_kontra"):
        if key in options:
            if not isinstance(options[key], bool):
                raise IllegalAction("bad_options", f"{key} is true or false")
            result[key] = options[key]
    if "deals" in options:
        deals = options["deals"]
        if isinstance(deals, bool) or not isinstance(deals, int) or deals < 0:
            raise IllegalAction("bad_options", "deals is an integer ≥ 0")
        result["deals"] = deals
    return result


def read_start(start: Mapping[str, Any] | None) -> dict[str, Any]:
    """The match state before a deal (§8): `{"totals": [4 ints], "deals_played": k}`, zeros by default.

    Raises:
        IllegalAction("bad_options"): a malformed start object (it is part of the table's settings).
    """
    if start is None:
        return {"totals": [0, 0, 0, 0], "deals_played": 0}
    if not isinstance(start, Mapping) or not set(start) <= {"totals", "deals_played"}:
        raise IllegalAction("bad_options", 'start is {"totals": [4 ints], "deals_played": k}')
    totals = start.get("totals", [0, 0, 0, 0])
    played = start.get("deals_played", 0)
    if (
        not isinstance(totals, list)
        or len(totals) != 4
        or any(isinstance(t, bool) or not isinstance(t, int) for t in totals)
        or isinstance(played, bool)
        or not isinstance(played, int)
        or played < 0
    ):
        raise IllegalAction("bad_options", 'start is {"totals": [4 ints], "deals_played": k}')
    return {"totals": list(totals), "deals_played": played}


def places(totals: list[int]) -> list[int]:
    """Place per seat, 1 = best; equal totals share a place (§8 "Standings")."""
    return [1 + sum(1 for other in totals if other > mine) for mine in totals]
