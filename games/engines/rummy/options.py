"""Table options of Rummy (docs/rules/rummy.md §10)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engines.core.declaration import N_, Choice, Option, normalize_with

from .melds import MAJORITY

#: Values of option `discard_before_opening` (rules §5.7).
ALWAYS = "always"
NEVER = "never"
ONLY_IF_USED = "only_if_used_in_opening"

#: The §10 options as the schema the New game dialog and `normalize_options` share; `players` is the seat count.
SCHEMA = (
    Option(
        "players",
        "choice",
        4,
        N_("Number of opponents"),
        choices=(
            Choice(2, N_("1 opponent")),
            Choice(3, N_("%(count)s opponents"), 2),
            Choice(4, N_("%(count)s opponents"), 3),
        ),
    ),
    Option(
        "kloppen",
        "flag",
        False,
        N_("Kloppen"),
        N_("Out of turn, a player may knock to take the top discard and two stock cards."),
    ),
    Option(
        "hand_jolly",
        "flag",
        True,
        N_("Hand-jolly doubling"),
        N_("Penalties are doubled when the winner opens and goes out in the same turn."),
    ),
    Option(
        "limit",
        "choice",
        100,
        N_("Play to"),
        N_(
            "A player is out of the match once their penalty points exceed this total; the last one left wins."
        ),
        choices=(
            Choice(1, N_("1 penalty point")),
            Choice(50, N_("%(count)s penalty points"), 50),
            Choice(100, N_("%(count)s penalty points"), 100),
        ),
    ),
    Option(
        "opening_min",
        "choice",
        30,
        N_("Opening"),
        N_("The points the first melds of a player must reach."),
        choices=(Choice(30, N_("%(count)s points"), 30), Choice(40, N_("%(count)s points"), 40)),
    ),
    Option(
        "max_jokers_per_meld",
        "choice",
        MAJORITY,
        N_("Jokers per meld"),
        choices=(
            Choice(MAJORITY, N_("no more jokers than natural cards")),
            Choice(1, N_("at most one joker")),
        ),
    ),
    Option(
        "discard_before_opening",
        "choice",
        ALWAYS,
        N_("Taking the discard before opening"),
        choices=(
            Choice(ALWAYS, N_("always")),
            Choice(ONLY_IF_USED, N_("only to use it in the opening")),
            Choice(NEVER, N_("never")),
        ),
    ),
)


def normalize_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options of rules §10 with defaults filled in (`limit` is the elimination total in penalty points,
    rules §8, not money).

    Raises:
        IllegalAction: `bad_options` for an unknown option or a value the rules do not allow (types are strict:
            `true` is not 1, `"4"` is not 4).
    """
    return normalize_with(SCHEMA, options)
