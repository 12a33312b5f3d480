"""What happens after each change of a round's state: the next turn's deadlines, or the end of the round
and of the match (rules file §8 through the engine's `next_round` / `standings`)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from games.engines.core import get_game
from games.engines.core.protocol import Game
from games.models import Round, Seat, Table

from . import rated_results, seating, settlement, sweep_alarm
from .events import append_event


def schedule_turn(
    table: Table,
    rnd: Round,
    game: Game,
    state: Any,
    acted: int | None = None,
    bot_seats: set[int] | None = None,
) -> None:
    """Set the turn deadlines and, when a bot has something to do, its due time; the sweeper reads both from the
    database.

    Every seat in `game.due(state)` (a move due) has its own deadline: one it already had while due is kept
    (several seats' deadlines run at the same time, e.g. Differenzler's secret predictions); the seat that just
    acted (`acted`) and a seat newly due get now + the table's turn time. A seat holding only an optional call
    has none. `rnd.deadline` is the earliest of them. The bot's due time (now + a short human-like pause) is
    set when a bot is in `to_act`, for a move or an optional call. `bot_seats` are the table's bot seat numbers
    when the caller has read them (else they are read here).
    """
    now = timezone.now()
    fresh = (now + timedelta(seconds=table.turn_seconds)).isoformat()
    kept = rnd.deadlines or {}
    rnd.deadlines = {
        str(seat): kept[str(seat)] if str(seat) in kept and seat != acted else fresh
        for seat in sorted(game.due(state))
    }
    rnd.deadline = min(map(seat_deadline_at, rnd.deadlines.values()), default=None)
    if bot_seats is None:
        bot_seats = set(
            Seat.objects.filter(table=table).exclude(bot_level="").values_list("number", flat=True)
        )
    rnd.bot_due_at = (
        now + timedelta(seconds=settings.KIBITZ_BOT_PAUSE_SECONDS) if game.to_act(state) & bot_seats else None
    )
    sweep_alarm.ring_on_commit(rnd.bot_due_at, rnd.deadline)


def reschedule_current(table: Table, fresh_for: int | None = None) -> None:
    """A seat changed hands mid-deal (a bot took it, or its person came back): set the current round's turn
    deadlines and bot due time again (`schedule_turn`), the seat `fresh_for` getting a fresh turn time. Nothing
    when no deal is being played. Inside the caller's transaction, table locked."""
    rnd = Round.objects.filter(table=table, status=Round.Status.PLAYING).first()
    if rnd is not None:
        game = get_game(table.game)
        schedule_turn(table, rnd, game, game.from_json(rnd.snapshot), acted=fresh_for)
        rnd.save(update_fields=["deadline", "deadlines", "bot_due_at"])


def seat_deadline_at(value: str) -> datetime:
    """A stored per-seat deadline (`Round.deadlines` value, ISO 8601) as an aware datetime."""
    return datetime.fromisoformat(value)


def expired_seats(rnd: Round, now: datetime) -> list[int]:
    """The seats whose deadline has passed at `now`, earliest deadline first (then by seat)."""
    passed = [(seat_deadline_at(at), int(seat)) for seat, at in (rnd.deadlines or {}).items()]
    return [seat for at, seat in sorted(passed) if at <= now]


def finish_round_if_over(table: Table, rnd: Round, game: Game, state: Any) -> bool:
    """If the round is over: store its result, settle it if it completes a settlement unit, update the
    match standings, rate it at a rated table (games.services.rated_results), and either end the match or plan
    the next deal; seats bots held for people who left are freed when the unit ended (games.services.seating).
    Returns whether it was over."""
    result = game.result(state)
    if result is None:
        return False
    now = timezone.now()
    rnd.status = Round.Status.DONE
    rnd.result = result
    rnd.finished_at = now
    rnd.deadline = None
    rnd.deadlines = {}
    rnd.bot_due_at = None
    match_over = game.next_round(state) is None
    payments = game.settlement(state)
    if payments is not None:
        settlement.unit_settled(table, rnd, payments)
    else:
        settlement.round_unscored(table, rnd, match_over=match_over)
    match = rnd.match
    match.standings = game.standings(state)
    rated_results.round_finished(table, rnd, scored=payments is not None, match_over=match_over)
    append_event(table, "round_end", round=rnd, data={"round": rnd.number, "result": result})
    if match_over:
        match.over = True
        table.status = Table.Status.FINISHED
        table.next_deal_at = None
        append_event(table, "match_end", data={"standings": match.standings})
    else:
        table.next_deal_at = now + timedelta(seconds=settings.KIBITZ_NEXT_DEAL_SECONDS)
        sweep_alarm.ring_on_commit(table.next_deal_at)
    match.save()
    seating.unit_ended(table, match_over=match_over)
    return True
