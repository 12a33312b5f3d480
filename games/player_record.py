"""A player's rated record per game for their page (docs/decisions-ratings.md "The record page"): the displayed
rating and whether it is provisional, the history chart, the rated results won, the game's own statistics
(`Game.record_stats`) and the last 20 rated results with a link to each one's hand history. Read side only.

The page shows one game at a time (tabs: `rated_games_of`). Queries for a game's record: its rating, the player's
rated results in it (entrants with their results), those results' places and the deals behind them; not one per
match. The statistics are of rated play: the deals of the player's rated results (a game
rated per deal: those deals; per match: every deal of the matches rated at their end).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q
from django.utils.translation import gettext

from accounts.models import User
from games.declarations import game_title
from games.engines.core import all_games
from games.models import Round
from ratings.chart import Chart, history_chart
from ratings.models import RatedEntrant, RatedResult, Rating
from ratings.skill import Skill, displayed

LAST = 20
"""How many of the latest rated results the page lists."""


@dataclass(frozen=True)
class StatsTable:
    """A statistics table in the active language: `columns` (headers) and `lines` (label, figures)."""

    columns: list[str]
    lines: list[tuple[str, list[Any]]]


@dataclass(frozen=True)
class RecentResult:
    """One of the last rated results: `when`, `kind` (RatedResult.Kind value), `place` and `sides` (how many
    places the result had: 1 = won), `before`/`after` (displayed ratings), `change` (after − before), `moved`
    and `round_id` (the deal whose hand history shows it: the deal rated, or a match's last deal; None when
    gone)."""

    when: dt.datetime
    kind: str
    kind_label: str
    place: int
    sides: int
    before: int
    after: int
    change: int
    moved: bool
    round_id: int | None


@dataclass(frozen=True)
class GameRecord:
    """A player's rated record in one game (see the module's docstring)."""

    game: str
    title: str
    display: int
    provisional: bool
    results: int
    won: int
    chart: Chart | None
    stats: list[StatsTable]
    recent: list[RecentResult]


@dataclass(frozen=True)
class GameTab:
    """A game the player is rated in, for the record page's tabs: `game`, `title`, `display`, `provisional`."""

    game: str
    title: str
    display: int
    provisional: bool


def rated_games_of(player: User) -> list[GameTab]:
    """The registered games `player` has a rating in, by title. One query."""
    games = all_games()
    tabs = [
        GameTab(r.game, game_title(games[r.game]), r.display, r.provisional)
        for r in Rating.objects.filter(user=player, game__in=list(games))
    ]
    return sorted(tabs, key=lambda t: t.title)


def rated_record(player: User, key: str) -> GameRecord | None:
    """`player`'s GameRecord in game `key`; None when they have no rating in it or the game is not registered.
    Four queries: the rating, the player's entrants with their results, the places of those results, the deals."""
    game = all_games().get(key)
    rating = Rating.objects.filter(user=player, game=key).first() if game is not None else None
    if game is None or rating is None:
        return None
    rows = list(
        RatedEntrant.objects.filter(user=player, result__game=key)
        .select_related("result")
        .order_by("result_id")
    )
    sides = _side_counts(player, key)
    played = _deals(player, rows)
    last_deal = {rnd.match_id: rnd.pk for rnd in played}
    return GameRecord(
        game=key,
        title=game_title(game),
        display=rating.display,
        provisional=rating.provisional,
        results=rating.results,
        won=sum(1 for e in rows if e.moved and e.place == 1 and sides.get(e.result_id, 2) > 1),
        chart=history_chart(_history(rows)),
        stats=_translated(game.record_stats([(rnd.result or {}, _seat(rnd, player)) for rnd in played])),
        recent=[_recent(e, sides, last_deal) for e in reversed(rows[-LAST:])],
    )


def _history(rows: list[RatedEntrant]) -> list[tuple[dt.datetime, int]]:
    """The chart's points: the rating before the first result, then after each result that moved it."""
    moved = [e for e in rows if e.moved]
    if not moved:
        return []
    first = moved[0]
    start = (first.result.created_at, displayed(Skill(first.mu_before, first.sigma_before)))
    return [start, *((e.result.created_at, e.display_after) for e in moved)]


def _side_counts(player: User, key: str) -> dict[int, int]:
    """Per rated result of `player` in game `key`, how many distinct places it had (1: everyone tied). One
    query."""
    mine = RatedEntrant.objects.filter(user=player, result__game=key).values("result_id")
    counted = (
        RatedEntrant.objects.filter(result_id__in=mine)
        .values("result_id")
        .annotate(places=Count("place", distinct=True))
    )
    return {row["result_id"]: row["places"] for row in counted}


def _deals(player: User, rows: list[RatedEntrant]) -> list[Round]:
    """The finished deals behind the player's rated results `rows`, oldest first, the player dealt in: the deals
    rated (RatedResult kind "deal") and every deal of the matches rated at their end (kind "match"). One query."""
    rounds = [e.result.round_id for e in rows if e.result.kind == RatedResult.Kind.DEAL and e.result.round_id]
    matches = [
        e.result.match_id for e in rows if e.result.kind == RatedResult.Kind.MATCH and e.result.match_id
    ]
    query = (
        Round.objects.filter(Q(pk__in=rounds) | Q(match_id__in=matches))
        .filter(status=Round.Status.DONE)
        .only("id", "match_id", "players", "result")
        .order_by("id")
    )
    return [rnd for rnd in query if player.pk in (rnd.players or []) and isinstance(rnd.result, dict)]


def _seat(rnd: Round, player: User) -> int:
    return list(rnd.players).index(player.pk)


def _translated(tables: list[Any]) -> list[StatsTable]:
    return [
        StatsTable(
            columns=[gettext(c) for c in table.columns],
            lines=[(gettext(line.label), list(line.values)) for line in table.lines],
        )
        for table in tables
    ]


def _recent(entrant: RatedEntrant, sides: dict[int, int], last_deal: dict[int, int]) -> RecentResult:
    result = entrant.result
    round_id = result.round_id
    if result.kind == RatedResult.Kind.MATCH and result.match_id is not None:
        round_id = last_deal.get(result.match_id)
    before, after = entrant.display_before, entrant.display_after
    return RecentResult(
        when=result.created_at,
        kind=result.kind,
        kind_label=str(RatedResult.Kind(result.kind).label),
        place=entrant.place,
        sides=sides.get(result.pk, 2),
        before=before,
        after=after,
        change=after - before,
        moved=entrant.moved,
        round_id=round_id,
    )
