"""What a rated table's play gives the ratings (docs/decisions-ratings.md "What is rated"), recorded through
ratings.services.record in the transaction that records the deal, the match end or the leave (table locked).

Each game's declaration says what is rated (`rated_unit`): a game rated per deal rates every deal its engine gives
sides for (`Game.deal_sides`: French Tarot's taker against the defence, Tarock's declaring side against the others;
annulled deals and redeals have none); a game rated per match rates the finished match by its seat groups and
final places (`games.engines.core.standings.match_sides`: Schieber's pairs, everyone alone in Differenzler and
Rummy). A person who leaves a rated match before its end is rated as last (`left_match`); the others of that
match are held, and are not rated for that match from then on. A match the table's closing aborts is not rated
(it never ends). A game without `rated_unit` (the tests' own game) is not rated.

Bots take part through the anchor of their level, which results never move (ratings.services).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engines.core import get_game
from games.engines.core.standings import match_sides
from games.models import Match, Round, Table
from ratings.models import RatedResult
from ratings.services import Outcome, Participant, match_forfeited, record

__all__ = ["left_match", "match_sides", "round_finished"]


def round_finished(table: Table, rnd: Round, scored: bool, match_over: bool) -> None:
    """After `rnd` finished (games.services.round_flow.finish_round_if_over, its result and its match's standings
    stored on the objects): record the rated result it completes, if any (the game's declaration `rated_unit`):
    its deal when `scored` (it has payments) in a game rated per deal, by `Game.deal_sides`; its match when
    `match_over` in a game rated per match, by `match_sides`. Nothing at an
    unrated table, nor once a person has left this match (`left_match`)."""
    game = get_game(table.game)
    unit = game.declaration.rated_unit
    if not table.rated or unit is None or match_forfeited(rnd.match_id):
        return
    if scored and unit == "deal":
        sides = game.deal_sides(rnd.result or {})
        kind = RatedResult.Kind.DEAL
    elif match_over and unit == "match":
        sides = match_sides(game.seat_groups(table.options), rnd.match.standings)
        kind = RatedResult.Kind.MATCH
    else:
        return
    if sides is None:
        return
    people = _people(table, rnd.players or [])
    if all(user is None for user, _level in people):
        return  # bots only: a result that would move nobody
    record(
        Outcome(
            table.game,
            kind,
            table.pk,
            rnd.match_id,
            rnd.pk,
            [Participant(seat, *people[seat], side, place) for seat, (side, place) in enumerate(sides)],
        )
    )


def left_match(table: Table, seat: int, user_id: int) -> None:
    """`user_id` gives up seat `seat` of `table` (games.services.tables.leave, or an absence that frees the seat):
    when the table is rated and its match is under way and not over, record a forfeit: the leaver's side (their
    seat group, Game.seat_groups: at Schieber their pair) last, the other sides before it each in its own place
    (`_forfeit_places`); only the leaver moves,
    everyone else of the match's latest deal is held (ratings.services.Participant.moves), and that match rates
    nobody from then on. Inside the caller's transaction, table locked."""
    game = get_game(table.game)
    if not table.rated or game.declaration.rated_unit is None:
        return
    if table.status in (Table.Status.CLOSED, Table.Status.FINISHED):
        return
    match = Match.objects.filter(table=table).order_by("-number").first()
    if match is None or match.over:
        return
    latest = Round.objects.filter(match=match).order_by("-number").first()
    if latest is None:
        return
    people = _people(table, latest.players or [])
    people[seat] = (user_id, "")
    groups = game.seat_groups(table.options)
    side = {s: index for index, group in enumerate(groups) for s in group}
    place = _forfeit_places(groups, side[seat], match.standings or {})
    participants = [
        Participant(s, *people[s], side[s], place[side[s]], moves=s == seat) for s in range(len(people))
    ]
    record(Outcome(table.game, RatedResult.Kind.FORFEIT, table.pk, match.pk, latest.pk, participants))


def _forfeit_places(
    groups: Sequence[Sequence[int]], leaver: int, standings: Mapping[str, Any]
) -> dict[int, int]:
    """Per side (index into `groups`) its place in a forfeit: the leaver's side last, the other sides before it in
    the order of the match's standings so far (by side where they tie or where the standings hold no ranking
    yet), each its own place, so that leaving costs what a last place costs: against tied opponents a last
    place cost a fraction of it (Differenzler from 1000: -29 against -132 for a fourth place)."""
    now = match_sides(groups, standings) or []
    best = {side: min((p for s, p in now if s == side), default=0) for side in range(len(groups))}
    others = sorted(
        (side for side in range(len(groups)) if side != leaver), key=lambda side: (best[side], side)
    )
    return {**{side: place for place, side in enumerate(others, start=1)}, leaver: len(groups)}


def _people(table: Table, players: Sequence[int | None]) -> list[tuple[int | None, str]]:
    """Per seat `(user id, "")` for the person dealt in (also when a bot stands in for them), or `(None, bot
    level)` for a bot's seat: every bot at a table plays at the table's level (games.services.seating), so no
    seat is read."""
    return [(user, "") if user is not None else (None, table.bot_level) for user in players]
