"""Driving random matches of any game through the table service, and the no-stall oracle
(docs/decisions-tables.md "Deadlines per seat").

One step is what could happen next at a real table: the person at seat 0 makes a random legal move (or lets
an optional call pass), a due bot moves through `services.bot_move`, a passed deadline times out through
`services.apply_timeout`, or the next deal is dealt. `assert_not_stalled` checks after every step that the table
can always go on by itself.
"""

from __future__ import annotations

import random
from typing import Any

from games import services
from games.engines.core import get_game
from games.models import Round, Seat, Table
from games.services.round_flow import seat_deadline_at

from .driving import expire_deadlines


def playing_round(table_id: int) -> Round | None:
    return Round.objects.filter(table_id=table_id, status=Round.Status.PLAYING).first()


def assert_not_stalled(table_id: int) -> None:
    """The match is over, or the next deal is scheduled, or every seat with a move due (`Game.due`, never empty
    while a deal is played) has a deadline, no other seat has one, the earliest is the round's `deadline`, and
    each due seat's timeout action is accepted by the engine."""
    table = Table.objects.get(pk=table_id)
    if table.status == Table.Status.FINISHED:
        return
    assert table.status == Table.Status.PLAYING, table.status
    rnd = playing_round(table_id)
    if rnd is None:
        assert table.next_deal_at is not None, "no deal in play and none scheduled"
        return
    game = get_game(table.game)
    state = game.from_json(rnd.snapshot)
    due = game.due(state)
    assert due, "a deal in play with no move due"
    assert due <= game.to_act(state)
    assert set(rnd.deadlines) == {str(s) for s in due}, (rnd.deadlines, due)
    assert rnd.deadline == min(seat_deadline_at(v) for v in rnd.deadlines.values())
    for seat in due:
        game.apply(state, seat, game.timeout_action(state, seat))  # raises if the timeout were refused


def person_move(
    game: Any, state: Any, seat: int, rng: random.Random, avoid: frozenset[str] = frozenset()
) -> dict[str, Any] | None:
    """A random listed legal action of `seat` (none of the kinds in `avoid`), its timeout action when nothing is
    listed (e.g. a discard), or None for a seat that holds only an optional call and lets it pass half of the
    time."""
    legal = [a for a in game.legal_actions(state, seat) if not avoid & a.to_wire().keys()]
    if seat not in game.due(state):
        return rng.choice(legal).to_wire() if legal and rng.random() < 0.5 else None
    if legal:
        return rng.choice(legal).to_wire()
    return game.timeout_action(state, seat).to_wire()


def step(
    table_id: int,
    person: Any,
    rng: random.Random,
    *,
    timeouts: float = 0.1,
    avoid: frozenset[str] = frozenset(),
) -> str:
    """One step at the table (see the module doc); returns what happened: `over`, `deal`, `person`, `bot`,
    `timeout` or `idle`. With probability `timeouts` the person lets a due move time out; the person never
    picks an action of a kind in `avoid`."""
    table = Table.objects.get(pk=table_id)
    if table.status == Table.Status.FINISHED:
        return "over"
    rnd = playing_round(table_id)
    if rnd is None:
        assert services.start_next_round(table_id, table.version), "the next deal was not dealt"
        return "deal"
    game = get_game(table.game)
    state = game.from_json(rnd.snapshot)
    people = {s.number for s in Seat.objects.filter(table_id=table_id, bot_level="", user__isnull=False)}
    mine = 0 in people and 0 in game.to_act(state)
    if mine and not (0 in game.due(state) and rng.random() < timeouts):
        action = person_move(game, state, 0, rng, avoid)
        if action is not None:
            services.act(person, table_id, table.version, f"p{table.version}", action)
            return "person"
    if rnd.bot_due_at is not None and services.bot_move(table_id, random.Random(rng.random())):
        return "bot"
    expire_deadlines(table_id)
    if services.apply_timeout(table_id, Table.objects.get(pk=table_id).version):
        return "timeout"
    return "idle"
