"""Table options of Tarock (docs/rules/tarock.md §10)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engines.core import IllegalAction
from games.engines.core.wire import is_json_int

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
        if not is_json_int(deals) or deals < 0:
            raise IllegalAction("bad_options", "deals is an integer ≥ 0")
        result["deals"] = deals
    return result
