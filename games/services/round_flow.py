"""What happens after each change of a round's state: the next turn's deadlines, or the end of the round
and of the match (rules file §8 through the engine's `next_round` / `standings`)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from games.engines.core.protocol import Game
from games.models import Round, Seat, Table

from . import seating, settlement
from .events import append_event


def schedule_turn(table: Table, rnd: Round, game: Game, state: Any) -> None:
    """Set the round's turn deadline (now + the table's turn time) and, when a bot is to act, its due time
    (now + a short human-like pause). Both are read by the sweeper from the database."""
    now = timezone.now()
    to_act = game.to_act(state)
    rnd.deadline = now + timedelta(seconds=table.turn_seconds) if to_act else None
    bot_seats = set(Seat.objects.filter(table=table).exclude(bot_level="").values_list("number", flat=True))
    rnd.bot_due_at = (
        now + timedelta(seconds=settings.KIBITZ_BOT_PAUSE_SECONDS) if to_act & bot_seats else None
    )


def finish_round_if_over(table: Table, rnd: Round, game: Game, state: Any) -> bool:
    """If the round is over: store its result, settle it if it completes a settlement unit, update the
    match standings, and either end the match or plan the next deal; seats bots held for people who left
    are freed when the unit ended (games.services.seating). Returns whether it was over."""
    result = game.result(state)
    if result is None:
        return False
    now = timezone.now()
    rnd.status = Round.Status.DONE
    rnd.result = result
    rnd.finished_at = now
    rnd.deadline = None
    rnd.bot_due_at = None
    match_over = game.next_round(state) is None
    payments = game.settlement(state)
    if payments is not None:
        settlement.unit_settled(table, rnd, payments)
    else:
        settlement.round_unscored(table, rnd, match_over=match_over)
    match = rnd.match
    match.standings = game.standings(state)
    append_event(table, "round_end", round=rnd, data={"round": rnd.number, "result": result})
    if match_over:
        match.over = True
        table.status = Table.Status.FINISHED
        table.next_deal_at = None
        append_event(table, "match_end", data={"standings": match.standings})
    else:
        table.next_deal_at = now + timedelta(seconds=settings.KIBITZ_NEXT_DEAL_SECONDS)
    match.save()
    seating.unit_ended(table, match_over=match_over)
    return True
