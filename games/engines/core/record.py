"""A player's statistics in one game for their record page (docs/decisions-ratings.md "The record page"): what each
game's players ask for (contracts taken and made, trumps chosen, average penalty...), computed by the game from the
results of the deals the player was dealt into (`Game.record_stats`). Pure data; labels are English literals marked
with `N_` and translated at the Django edge, like the declarations' texts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

Stat = int | float | None
"""One figure: a count, an average (a float, shown with one decimal), or None when there is nothing to average."""

PlayedDeal = tuple[Mapping[str, Any], int]
"""A finished deal as a game's statistics read it: its result JSON (`Game.result`) and the player's seat in it."""


@dataclass(frozen=True, slots=True)
class StatLine:
    """One line of a statistics table: its `label` (marked with `N_`) and its figures, one per column after the
    first."""

    label: str
    values: tuple[Stat, ...]


@dataclass(frozen=True, slots=True)
class StatTable:
    """One table of a player's statistics: `columns` (headers marked with `N_`; the first heads the labels) and
    its `lines`."""

    columns: tuple[str, ...]
    lines: tuple[StatLine, ...]


def average(total: float, count: int) -> float | None:
    """`total / count` rounded to one decimal, None when `count` is 0."""
    return round(total / count, 1) if count else None
