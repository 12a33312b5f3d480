"""The leaderboards of one game (docs/decisions-ratings.md "Leaderboards"): all time and per season (a calendar
quarter in the site's time zone), the top rows and the signed-in player's own place. Read side only; this app
knows no game: the caller names the game key.

Order: by the conservative estimate μ − 3σ (the displayed rating before rounding), best first; equal displayed
ratings share a place ("1, 2, 2, 4"): a player sees no reason why one of two equal numbers ranks higher, so the
underlying estimate orders the rows of a tie but not their places. Nobody appears who hid from the leaderboards
(Profile.hide_from_leaderboards) and no bot: a bot level's anchor has no user, and a bot account
(Profile.bot_level) is left out too.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from dataclasses import dataclass
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db.models import Count, F, Max, Q
from django.utils import timezone

from accounts.models import User
from ratings.models import RatedEntrant, RatedResult, Rating
from ratings.skill import DISPLAY_BASE, DISPLAY_SCALE, PROVISIONAL_SIGMA, Skill, displayed, is_provisional

ALL_TIME_MIN_RESULTS = 20
"""The rated results a player needs for the all-time board, besides not being provisional
(docs/decisions-ratings.md "Leaderboards")."""

SEASON_MIN_RESULTS = 10
"""The rated results in a quarter a player needs for that season's board (docs/decisions-ratings.md "Leaderboards")."""

TOP = 100
"""How many places a board lists."""

NOT_RATED = "not_rated"
PROVISIONAL = "provisional"
TOO_FEW = "too_few"
HIDDEN = "hidden"
"""Why a player has no place: no rated result (in the season), still provisional (all time), too few rated results,
or hidden by their own choice."""

_SEASON_KEY = re.compile(r"^(\d{4})-Q([1-4])$")


@dataclass(frozen=True)
class Season:
    """A calendar quarter in the site's time zone (settings.TIME_ZONE): `year`, `quarter` 1-4."""

    year: int
    quarter: int

    @property
    def key(self) -> str:
        """The season as the page's address gives it: "2026-Q4"."""
        return f"{self.year}-Q{self.quarter}"

    @property
    def start(self) -> dt.datetime:
        """The first moment of the quarter, aware, in the site's time zone."""
        return dt.datetime(self.year, 3 * self.quarter - 2, 1, tzinfo=_site_zone())

    @property
    def end(self) -> dt.datetime:
        """The first moment after the quarter (the next quarter's start)."""
        if self.quarter == 4:
            return dt.datetime(self.year + 1, 1, 1, tzinfo=_site_zone())
        return dt.datetime(self.year, 3 * self.quarter + 1, 1, tzinfo=_site_zone())

    def previous(self) -> Season:
        """The quarter before this one."""
        return Season(self.year - 1, 4) if self.quarter == 1 else Season(self.year, self.quarter - 1)

    @classmethod
    def of(cls, moment: dt.datetime) -> Season:
        """The season `moment` (aware) falls in, by the site's calendar."""
        local = moment.astimezone(_site_zone())
        return cls(local.year, (local.month - 1) // 3 + 1)

    @classmethod
    def parse(cls, key: str) -> Season | None:
        """The season of a key like "2026-Q4"; None for anything else (the page then shows the current one)."""
        found = _SEASON_KEY.match(key or "")
        if found is None or not 2000 <= int(found.group(1)) <= 9999:
            return None
        return cls(int(found.group(1)), int(found.group(2)))


@dataclass(frozen=True)
class Row:
    """One place on a board: `place` (1 = best), the player (`user_id`, `username`, `name` as shown), `display`
    (the displayed rating), `provisional` and `results` (rated results counted for this board)."""

    place: int
    user_id: int
    username: str
    name: str
    display: int
    provisional: bool
    results: int


@dataclass(frozen=True)
class OwnPlace:
    """The signed-in player's place: `row` when they are on the board (also beyond the top rows), else `reason`
    (NOT_RATED, PROVISIONAL, TOO_FEW, HIDDEN) with `results` (rated results counted so far) and `needed` (the
    board's minimum)."""

    row: Row | None
    reason: str
    results: int
    needed: int


@dataclass(frozen=True)
class Board:
    """A board: its `rows` (at most TOP, best first), `total` (how many players it ranks) and `own` (None for no
    signed-in player)."""

    rows: list[Row]
    total: int
    own: OwnPlace | None


def _site_zone() -> ZoneInfo:
    return ZoneInfo(settings.TIME_ZONE)


def _listed(prefix: str = "user__") -> Q:
    """People who may be listed: not a bot account, not hidden."""
    return Q(**{f"{prefix}profile__bot_level": "", f"{prefix}profile__hide_from_leaderboards": False})


def all_time(game: str, viewer: User | None = None) -> Board:
    """The all-time board of `game`: people rated in it who are not provisional (σ ≤ PROVISIONAL_SIGMA) and have
    at least ALL_TIME_MIN_RESULTS rated results (`Rating.results`), by their current rating. Two queries for the
    rows and their count, one or two more for `viewer`'s place."""
    eligible = (
        Rating.objects.filter(
            game=game, user__isnull=False, sigma__lte=PROVISIONAL_SIGMA, results__gte=ALL_TIME_MIN_RESULTS
        )
        .filter(_listed())
        .annotate(estimate=F("mu") - 3 * F("sigma"))
    )
    top = list(eligible.select_related("user__profile").order_by("-estimate", "user_id")[:TOP])
    rows = _ranked([(r.user, r.skill, r.results, r.estimate) for r in top if r.user is not None])
    total = eligible.count() if len(top) == TOP else len(top)
    own = None
    if viewer is not None and viewer.is_authenticated:
        own = _own_all_time(game, viewer, eligible, rows)
    return Board(rows, total, own)


def _own_all_time(game: str, viewer: User, eligible, rows: list[Row]) -> OwnPlace:  # type: ignore[no-untyped-def]
    rating = Rating.objects.filter(game=game, user=viewer).first()
    results = rating.results if rating is not None else 0
    if rating is None or results == 0:
        return OwnPlace(None, NOT_RATED, 0, ALL_TIME_MIN_RESULTS)
    if _hidden(viewer):
        return OwnPlace(None, HIDDEN, results, ALL_TIME_MIN_RESULTS)
    if results < ALL_TIME_MIN_RESULTS:
        return OwnPlace(None, TOO_FEW, results, ALL_TIME_MIN_RESULTS)
    if rating.provisional:
        return OwnPlace(None, PROVISIONAL, results, ALL_TIME_MIN_RESULTS)
    row = next((r for r in rows if r.user_id == viewer.pk), None)
    if row is None:
        place = 1 + eligible.filter(estimate__gt=_above(displayed(rating.skill))).count()
        row = _row(place, viewer, rating.skill, results)
    return OwnPlace(row, "", results, ALL_TIME_MIN_RESULTS)


def season_board(game: str, season: Season, viewer: User | None = None) -> Board:
    """The board of `game` in `season`: people with at least SEASON_MIN_RESULTS rated results in that quarter
    (entrants that moved their rating, of results recorded within the quarter), each by the rating after their
    last rated result of the quarter (RatedEntrant's after-values); provisional people are listed, marked. Two
    queries (the counts and last results per person, then those entrants with their users)."""
    per_user = {
        row["user_id"]: (row["n"], row["last"])
        for row in _season_entrants(game, season)
        .values("user_id")
        .annotate(n=Count("id"), last=Max("result_id"))
        .filter(n__gte=SEASON_MIN_RESULTS)
    }
    lasts = (
        RatedEntrant.objects.filter(
            result_id__in={last for _n, last in per_user.values()}, user_id__in=per_user
        )
        .filter(_listed())
        .select_related("user__profile")
    )
    found: list[tuple[User, Skill, int, float]] = []
    for entrant in lasts:
        count, last = per_user[entrant.user_id]
        if entrant.result_id == last and entrant.user is not None:
            skill = Skill(entrant.mu_after, entrant.sigma_after)
            found.append((entrant.user, skill, count, skill.mu - 3 * skill.sigma))
    found.sort(key=lambda item: (-item[3], item[0].pk))
    ranked = _ranked(found)
    own = None
    if viewer is not None and viewer.is_authenticated:
        own = _own_season(game, season, viewer, ranked)
    return Board(ranked[:TOP], len(ranked), own)


def _own_season(game: str, season: Season, viewer: User, ranked: list[Row]) -> OwnPlace:
    row = next((r for r in ranked if r.user_id == viewer.pk), None)
    if row is not None:
        return OwnPlace(row, "", row.results, SEASON_MIN_RESULTS)
    results = _season_entrants(game, season).filter(user_id=viewer.pk).count()
    if results == 0:
        return OwnPlace(None, NOT_RATED, 0, SEASON_MIN_RESULTS)
    reason = HIDDEN if _hidden(viewer) else TOO_FEW
    return OwnPlace(None, reason, results, SEASON_MIN_RESULTS)


def _season_entrants(game: str, season: Season):  # type: ignore[no-untyped-def]
    """The moved entrants of people in `game`'s results recorded within `season`."""
    return RatedEntrant.objects.filter(
        result__game=game,
        result__created_at__gte=season.start,
        result__created_at__lt=season.end,
        moved=True,
        user__isnull=False,
    )


def seasons(game: str, now: dt.datetime | None = None) -> list[Season]:
    """The seasons a picker offers for `game`: the current quarter and every earlier one with a rated result,
    newest first. Reads the game's results by time (index `rated_result_by_game_time`): the first result, then
    one existence probe per quarter since, never a scan of every result."""
    current = Season.of(now or timezone.now())
    found = [current]
    first = (
        RatedResult.objects.filter(game=game)
        .order_by("created_at")
        .values_list("created_at", flat=True)
        .first()
    )
    if first is None:
        return found
    season = current.previous()
    oldest = Season.of(first)
    while (season.year, season.quarter) >= (oldest.year, oldest.quarter):
        if RatedResult.objects.filter(
            game=game, created_at__gte=season.start, created_at__lt=season.end
        ).exists():
            found.append(season)
        season = season.previous()
    return found


def _hidden(viewer: User) -> bool:
    profile = getattr(viewer, "profile", None)
    return bool(profile is not None and profile.hide_from_leaderboards)


def _above(display: int) -> float:
    """The estimate μ − 3σ above which a rating is displayed higher than `display` (the rounding boundary of
    `ratings.skill.displayed`; an estimate exactly on it, a half, is left to the database's float compare)."""
    return (display - DISPLAY_BASE + 0.5) / DISPLAY_SCALE


def _ranked(items: list[tuple[User, Skill, int, float]]) -> list[Row]:
    """Rows of `items` (user, skill, results, estimate), already in order: equal displayed ratings share a place."""
    rows: list[Row] = []
    for index, (user, skill, results, _estimate) in enumerate(items):
        row = _row(index + 1, user, skill, results)
        if rows and row.display == rows[-1].display:
            row = dataclasses.replace(row, place=rows[-1].place)
        rows.append(row)
    return rows


def _row(place: int, user: User, skill: Skill, results: int) -> Row:
    return Row(
        place=place,
        user_id=user.pk,
        username=user.username,
        name=user.display_name,
        display=displayed(skill),
        provisional=is_provisional(skill),
        results=results,
    )
