"""A rated table's rating range (docs/decisions-ratings.md "Rating range"): the lowest and highest displayed rating a
person may join it with, and "established players only" (no provisional player). The one check of every way to a
seat (games.services.tables.join: the lobby's Play, a seat picked on a box, an accepted invitation, an approved seat
request, a rematch, the table socket's "sit" frame) and the lobby's reading of it for each box.

A person's rating is their displayed rating in the table's game (ratings.skill.displayed); a person without a rating
row there is at the prior: 1000, provisional. Bots filling seats are not subject to the range.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import OuterRef, Subquery
from django.utils.translation import gettext

from games.errors import ServiceError
from games.models import Table
from ratings.models import Rating
from ratings.skill import PRIOR, Skill, displayed, is_provisional

RATING_BOUNDS = (0, 4000)
"""The lowest and highest bound a range may name (displayed rating points, inclusive). The displayed rating starts at
1000 (ratings.skill.DISPLAY_BASE) and moves 40 points per unit of μ − 3σ; 0..4000 holds every rating the scale
reaches in practice with room to spare, and fits the table's small integer columns."""


@dataclass(frozen=True)
class Standing:
    """A person's standing in one game, as a range reads it: `display` (the displayed rating) and `provisional`."""

    display: int
    provisional: bool


PRIOR_STANDING = Standing(displayed(PRIOR), is_provisional(PRIOR))
"""The standing of a person with no rating row in a game: 1000, provisional."""


def has_range(table: Table) -> bool:
    """Whether `table` limits who may join by rating: a rated table with a bound or "established players only"."""
    return table.rated and (
        table.rating_min is not None or table.rating_max is not None or table.established_only
    )


def range_check_message(table: Table, standing: Standing) -> str | None:
    """Why a person of `standing` may not join `table` (translated, in the active language), or None when the
    table's range admits them (always None at a table without one)."""
    if not has_range(table):
        return None
    if table.established_only and standing.provisional:
        return gettext(
            "This table is for established players only: your rating in this game is still provisional."
        )
    low, high = table.rating_min, table.rating_max
    if (low is not None and standing.display < low) or (high is not None and standing.display > high):
        return gettext("Your rating in this game (%(rating)s) is outside this table's range (%(range)s).") % {
            "rating": standing.display,
            "range": range_text(low, high),
        }
    return None


def range_text(low: int | None, high: int | None) -> str:
    """A range's bounds as players read them: "1100–1400", "1100 or more", "up to 1400"; "" without bounds."""
    if low is not None and high is not None:
        return f"{low}–{high}"
    if low is not None:
        return gettext("%(low)s or more") % {"low": low}
    if high is not None:
        return gettext("up to %(high)s") % {"high": high}
    return ""


def range_label(table: Table) -> str | None:
    """A rated table's line on its lobby box, translated: "Rated", then its range and "established players only"
    when it has them, joined by " · "; None for an unrated table."""
    if not table.rated:
        return None
    parts = [gettext("Rated")]
    bounds = range_text(table.rating_min, table.rating_max)
    if bounds:
        parts.append(bounds)
    if table.established_only:
        parts.append(gettext("established players only"))
    return " · ".join(parts)


def standing_of(user_id: int, game: str) -> Standing:
    """A person's standing in `game` (PRIOR_STANDING without a rating row)."""
    return standings_of(user_id, [game]).get(game, PRIOR_STANDING)


def standings_of(user_id: int | None, games: Iterable[str]) -> dict[str, Standing]:
    """A person's standing in each of `games` (one query; PRIOR_STANDING for a game without a rating row, and for
    everyone when `user_id` is None)."""
    wanted = set(games)
    found: dict[str, Standing] = dict.fromkeys(wanted, PRIOR_STANDING)
    if user_id is None or not wanted:
        return found
    for game, mu, sigma in Rating.objects.filter(user_id=user_id, game__in=wanted).values_list(
        "game", "mu", "sigma"
    ):
        found[game] = _standing(mu, sigma)
    return found


def _standing(mu: float, sigma: float) -> Standing:
    """The standing of a stored rating's `mu` and `sigma`."""
    skill = Skill(mu, sigma)
    return Standing(displayed(skill), is_provisional(skill))


def viewer_range_refusal(table_id: int, user_id: int) -> str | None:
    """Why the person `user_id`, watching table `table_id`, may not sit there by its rating range (the same
    translated text as the lobby box's "range_refusal" and `join`'s "out_of_range" refusal), or None: the table
    admits them, has no range, or is gone. One query (the table's range with the viewer's rating row in its game
    as subqueries); it reads only the viewer's own rating. For the table socket of a spectator
    (games.services.socket_lifecycle.open_socket), so the table page offers Play only to someone who may sit."""
    mine = Rating.objects.filter(user_id=user_id, game=OuterRef("game"))
    row = (
        Table.objects.filter(pk=table_id)
        .annotate(viewer_mu=Subquery(mine.values("mu")[:1]), viewer_sigma=Subquery(mine.values("sigma")[:1]))
        .only("game", "rated", "rating_min", "rating_max", "established_only")
        .first()
    )
    if row is None or not has_range(row):
        return None
    if row.viewer_mu is None or row.viewer_sigma is None:  # type: ignore[attr-defined]
        return range_check_message(row, PRIOR_STANDING)
    return range_check_message(row, _standing(row.viewer_mu, row.viewer_sigma))  # type: ignore[attr-defined]


def check_rating_range(table: Table, user: Any) -> None:
    """Called by `join` with the table locked, for a person (never a bot): raise ServiceError("out_of_range") with
    `range_check_message`'s text when the table's range does not admit `user`."""
    if not has_range(table):
        return
    message = range_check_message(table, standing_of(user.pk, table.game))
    if message is not None:
        raise ServiceError("out_of_range", message)


def range_error(rated: bool, low: Any, high: Any, established_only: bool) -> str | None:
    """What is wrong with a range a host asks for (translated), or None: bounds that are not whole numbers within
    RATING_BOUNDS, a lowest bound above the highest, or a range (or "established players only") at an unrated
    table. The one check of the New game form (as a field error) and of games.services.tables.create_table (as a
    400)."""
    for bound in (low, high):
        if bound is None:
            continue
        if isinstance(bound, bool) or not isinstance(bound, int):
            return gettext("A rating bound is a whole number.")
        if not RATING_BOUNDS[0] <= bound <= RATING_BOUNDS[1]:
            return gettext("A rating bound is between %(low)s and %(high)s.") % {
                "low": RATING_BOUNDS[0],
                "high": RATING_BOUNDS[1],
            }
    if low is not None and high is not None and low > high:
        return gettext("The lowest rating is above the highest.")
    if not rated and (low is not None or high is not None or established_only):
        return gettext("A rating range is only for rated tables.")
    return None
