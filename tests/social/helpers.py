"""Playing a test-game deal to its end through the table service (persons and bots alike)."""

from __future__ import annotations

import random

from games import services
from games.engine import get_game
from games.models import Round, Seat, Table


def finish_deal(table_id: int) -> None:
    """Play the current deal of a "Follow" table to its end: people act their first legal action through
    `services.act`, bots through `services.bot_move` (the fast_bots fixture makes them due at once)."""
    for step in range(200):
        rnd = Round.objects.filter(table_id=table_id, status=Round.Status.PLAYING).first()
        if rnd is None:
            return
        table = Table.objects.get(pk=table_id)
        game = get_game(table.game)
        state = game.from_json(rnd.snapshot)
        seat = min(game.to_act(state))
        row = Seat.objects.get(table=table, number=seat)
        if row.is_bot:
            assert services.bot_move(table_id, random.Random(step))
        else:
            action = game.legal_actions(state, seat)[0].to_wire()
            services.act(row.user, table_id, table.version, f"m{step}", action)
    raise AssertionError("the deal did not end")
