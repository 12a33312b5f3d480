"""Table options of Schieber and Differenzler (docs/rules/jass.md §10)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engines.core.declaration import N_, Choice, Option, normalize_with

from .state import DIFFERENZLER, SCHIEBER

#: The §10 options of each variant, as the schema the New game dialog and `normalize_options` share.
SCHEMAS: dict[str, tuple[Option, ...]] = {
    SCHIEBER: (
        Option(
            "target",
            "choice",
            2500,
            N_("Target"),
            N_("The points a team needs to win the match."),
            choices=tuple(Choice(n, N_("%(count)s points"), n) for n in (1000, 1500, 2500, 3000)),
        ),
        Option(
            "multipliers",
            "choice",
            "stargames",
            N_("Multipliers"),
            N_("How much each trump mode counts."),
            choices=(
                Choice("stargames", N_("StarGames")),
                Choice("swisslos", N_("Swisslos")),
                Choice("none", N_("none (everything counts once)")),
            ),
        ),
        Option(
            "auto_end",
            "choice",
            False,
            N_("End of the match"),
            choices=(
                Choice(False, N_("a team calls “Enough, thanks”")),
                Choice(True, N_("automatic, as soon as a team reaches the target")),
            ),
        ),
    ),
    DIFFERENZLER: (
        Option(
            "predictions",
            "choice",
            "secret",
            N_("Calls"),
            N_("Whether the players see each other's predicted points during the round."),
            choices=(Choice("secret", N_("secret")), Choice("open", N_("open"))),
        ),
    ),
}


def normalize_options(variant: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Fill defaults for docs/rules/jass.md §10.

    Raises:
        IllegalAction: `bad_options` for an unknown option or value (a bool is not a target; the table's money
            limit is not an engine option).
    """
    return normalize_with(SCHEMAS[variant], options)
