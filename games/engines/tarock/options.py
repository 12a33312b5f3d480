"""Table options of Tarock (docs/rules/tarock.md §10)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engines.core.declaration import N_, Option, normalize_with

DEFAULT_OPTIONS: dict[str, Any] = {"absolut_in_solo": True, "still_valat_kontra": True, "deals": 0}
MAX_DEALS = 1000
"""The most played deals a match may be set to (the rules file leaves n unbounded; docs/decisions-tarock.md)."""

#: The §10 options as the schema the New game dialog and `normalize_options` share.
SCHEMA = (
    Option(
        "absolut_in_solo",
        "flag",
        DEFAULT_OPTIONS["absolut_in_solo"],
        N_("Absolut in Solo and Farbensolo"),
        N_("Absolut (announced and still) exists in Solo and Farbensolo."),
    ),
    Option(
        "still_valat_kontra",
        "flag",
        DEFAULT_OPTIONS["still_valat_kontra"],
        N_("A still Valat takes the game's Kontra"),
        N_("Off: a still Valat counts with factor 1."),
    ),
    Option(
        "deals",
        "number",
        DEFAULT_OPTIONS["deals"],
        N_("Number of deals"),
        N_("0: no fixed number, the table plays until it closes. Redeals do not count."),
        minimum=0,
        maximum=MAX_DEALS,
        zero_label=N_("until the table closes"),
    ),
)


def normalize_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Options with defaults filled in (§10).

    Raises:
        IllegalAction("bad_options"): an unknown option, a flag that is not a JSON boolean, or `deals` that is
            not a JSON integer from 0 to MAX_DEALS.
    """
    return normalize_with(SCHEMA, options)
