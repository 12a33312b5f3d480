"""A player's rated record per game for their page (docs/decisions-ratings.md "The record page"): the displayed
rating and whether it is provisional, the history chart, the rated results won, the game's own statistics
(`Game.record_stats`) and the last 20 rated results with a link to each one's hand history. Read side only.

Queries: one for the ratings, one for all their rated results (entrants with their results), one for the deals
behind them; not one per match. The statistics are of rated play: the deals of the player's rated results (a game
rated per deal: those deals; per match: every deal of the matches rated at their end).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
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


def rated_record(player: User) -> list[GameRecord]:
    """Per game the player has a rating in (by title), their GameRecord. Games no longer registered are left
    out."""
    games = all_games()
    ratings = {r.game: r for r in Rating.objects.filter(user=player, game__in=list(games))}
    entrants = (
        RatedEntrant.objects.filter(user=player, result__game__in=list(ratings))
        .select_related("result")
        .order_by("result_id")
    )
    by_game: dict[str, list[RatedEntrant]] = defaultdict(list)
    for entrant in entrants:
        by_game[entrant.result.game].append(entrant)
    sides = _side_counts(player)
    deals = _deals(player, by_game)
    records = []
    for key, rating in ratings.items():
        game = games[key]
        rows = by_game.get(key, [])
        played = deals.get(key, [])
        last_deal = {rnd.match_id: rnd.pk for rnd in played}
        records.append(
            GameRecord(
                game=key,
                title=game_title(game),
                display=rating.display,
                provisional=rating.provisional,
                results=rating.results,
                won=sum(1 for e in rows if e.moved and e.place == 1 and sides.get(e.result_id, 2) > 1),
                chart=history_chart(_history(rows)),
                stats=_translated(
                    game.record_stats([(rnd.result or {}, _seat(rnd, player)) for rnd in played])
                ),
                recent=[_recent(e, sides, last_deal) for e in reversed(rows[-LAST:])],
            )
        )
    return sorted(records, key=lambda r: r.title)


def _history(rows: list[RatedEntrant]) -> list[tuple[dt.datetime, int]]:
    """The chart's points: the rating before the first result, then after each result that moved it."""
    moved = [e for e in rows if e.moved]
    if not moved:
        return []
    first = moved[0]
    start = (first.result.created_at, displayed(Skill(first.mu_before, first.sigma_before)))
    return [start, *((e.result.created_at, e.display_after) for e in moved)]


def _side_counts(player: User) -> dict[int, int]:
    """Per rated result of `player`, how many distinct places it had (1: everyone tied). One query."""
    mine = RatedEntrant.objects.filter(user=player).values("result_id")
    counted = (
        RatedEntrant.objects.filter(result_id__in=mine)
        .values("result_id")
        .annotate(places=Count("place", distinct=True))
    )
    return {row["result_id"]: row["places"] for row in counted}


def _deals(player: User, by_game: dict[str, list[RatedEntrant]]) -> dict[str, list[Round]]:
    """Per game, the finished deals behind the player's rated results, oldest first, the player dealt in: the
    deals rated (RatedResult kind "deal") and every deal of the matches rated at their end (kind "match")."""
    rounds = [
        e.result.round_id for rows in by_game.values() for e in rows if e.result.kind == RatedResult.Kind.DEAL
    ]
    matches = [
        e.result.match_id
        for rows in by_game.values()
        for e in rows
        if e.result.kind == RatedResult.Kind.MATCH
    ]
    found: dict[str, list[Round]] = defaultdict(list)
    query = (
        Round.objects.filter(Q(pk__in=[r for r in rounds if r]) | Q(match_id__in=[m for m in matches if m]))
        .filter(status=Round.Status.DONE)
        .select_related("table")
        .only("id", "match_id", "players", "result", "table__game")
        .order_by("id")
    )
    for rnd in query:
        if player.pk in (rnd.players or []) and isinstance(rnd.result, dict):
            found[rnd.table.game].append(rnd)
    return found


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
