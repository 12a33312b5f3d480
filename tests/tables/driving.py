"""Playing a deal to its end through the table service in tests (people and bots alike)."""

from __future__ import annotations

import random
from datetime import timedelta

from django.utils import timezone

from games import services
from games.engines.core import get_game
from games.models import Round, Seat, Table


def finish_deal(table_id: int) -> Round:
    """Play the current deal of a table to its end: a person to act plays their first listed action through
    `services.act`, else a due bot moves through `services.bot_move` (the fast_bots fixture makes bots due at
    once). Returns the finished round. Raises AssertionError when no deal is in progress or it does not end."""
    rnd = Round.objects.filter(table_id=table_id, status=Round.Status.PLAYING).first()
    assert rnd is not None, "no deal in progress"
    for step in range(1000):
        rnd.refresh_from_db()
        if rnd.status != Round.Status.PLAYING:
            return rnd
        table = Table.objects.get(pk=table_id)
        game = get_game(table.game)
        state = game.from_json(rnd.snapshot)
        people = {
            s.number: s.user for s in Seat.objects.filter(table=table, bot_level="", user__isnull=False)
        }
        seat = next((s for s in sorted(game.to_act(state)) if s in people), None)
        if seat is None:
            assert services.bot_move(table_id, random.Random(step)), "no bot was due"
        else:
            action = game.legal_actions(state, seat)[0].to_wire()
            services.act(people[seat], table_id, table.version, f"m{step}-{table.version}", action)
    raise AssertionError("the deal did not end")


def expire_deadlines(table_id: int) -> None:
    """Make every turn deadline of the table's deal in progress a second past (each seat's and the earliest)."""
    past = timezone.now() - timedelta(seconds=1)
    for rnd in Round.objects.filter(table_id=table_id, status=Round.Status.PLAYING):
        rnd.deadlines = dict.fromkeys(rnd.deadlines, past.isoformat())
        rnd.deadline = past if rnd.deadlines else None
        rnd.save(update_fields=["deadlines", "deadline"])
