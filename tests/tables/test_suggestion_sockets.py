""" "Suggest a move" on the table socket over the real Redis channel layer: answered to the asking socket alone
with the standard bot's choice, refused with an error frame to that socket alone when the table has no
suggestions, to a watcher, out of turn, at a stale version and when flooded; the table never moves."""

from __future__ import annotations

import json
import random

import pytest
from asgiref.sync import sync_to_async

from games import services
from games.engines.core import get_game
from games.models import Event, Round, Seat, Table
from games.reads.suggestion import SUGGESTION_LEVEL
from games.reads.table_terms import TableTerms
from games.realtime.frames import SUGGESTION_RATE

from .sockets import drain, open_socket, receive, receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.timeout(120)]


@sync_to_async
def _table(users, suggestions: bool):
    """A French Tarot table of alice, bob, carol and dave with a test bot seed (the suggestion reproducible), dealt:
    the table, its users by seat, the seat to act and the version."""
    table = services.create_table(
        users["alice"], TableTerms("french-tarot", human_seats=4, suggestions=suggestions)
    )
    Table.objects.filter(pk=table.pk).update(bot_seed="suggest-sockets")
    for name in ("bob", "carol", "dave"):
        services.join(users[name], table.pk)
    table.refresh_from_db()
    game = get_game("french-tarot")
    seat = min(game.due(game.from_json(Round.objects.get(table=table, status="playing").snapshot)))
    return table, {s.number: s.user for s in Seat.objects.filter(table=table)}, seat, table.version


@sync_to_async
def _standard_choice(table_id: int, seat: int, version: int):
    """The standard bot's choice at `seat` from its own view, with the seed the table's suggestion uses."""
    game = get_game("french-tarot")
    state = game.from_json(Round.objects.get(table_id=table_id, status="playing").snapshot)
    bot = game.bot(SUGGESTION_LEVEL)
    rng = random.Random(f"suggest-sockets:suggest:{version}:{seat}")
    return bot.choose(game.view(state, seat), seat, game.legal_actions(state, seat), rng).to_wire()


@sync_to_async
def _version(table_id: int) -> tuple[int, int]:
    return Table.objects.get(pk=table_id).version, Event.objects.filter(table_id=table_id).count()


async def _open(table, user):
    ws, ok = await open_socket(f"/ws/tables/{table.pk}/", user)
    assert ok
    await receive(ws)  # the state
    return ws


async def _ask(ws, version) -> dict:
    await ws.send_to(text_data=json.dumps({"type": "suggest", "version": version}))
    return await receive_until(ws, lambda f: f["type"] in ("suggestion", "error"))


async def test_it_answers_the_seat_to_act_alone_with_the_standard_bots_choice(users, redis_layer, settings):
    settings.KIBITZ_BOT_CAP_SECONDS = 0  # the bot uncapped, as the seeded bots of the tests
    table, by_seat, seat, version = await _table(users, suggestions=True)
    sockets = {number: await _open(table, user) for number, user in by_seat.items()}
    await asyncio_quiet(sockets)
    before = await _version(table.pk)
    answer = await _ask(sockets[seat], version)
    expected = await _standard_choice(table.pk, seat, version)
    assert answer == {"type": "suggestion", "version": version, "action": expected}
    for number, ws in sockets.items():  # nobody else hears of it, and the table does not move
        if number != seat:
            assert [f for f in await drain(ws) if f["type"] not in ("panel", "chat")] == []
    assert await _version(table.pk) == before
    for ws in sockets.values():
        await ws.disconnect()


async def asyncio_quiet(sockets) -> None:
    """Let every socket's opening frames (panels, presence) arrive before the question."""
    for ws in sockets.values():
        await drain(ws)


async def test_it_refuses_a_table_without_suggestions(users, redis_layer):
    table, by_seat, seat, version = await _table(users, suggestions=False)
    ws = await _open(table, by_seat[seat])
    before = await _version(table.pk)
    error = await _ask(ws, version)
    assert error["type"] == "error" and error["code"] == "suggestions_off" and error["message"]
    assert await _version(table.pk) == before
    await ws.disconnect()


async def test_it_refuses_a_watcher_out_of_turn_and_stale_and_tells_only_the_asker(users, redis_layer):
    from accounts.models import User

    table, by_seat, seat, version = await _table(users, suggestions=True)
    erin = await sync_to_async(User.objects.create_user)("erin", password="pw-for-tests-only")
    watcher = await _open(table, erin)
    idle = (seat + 1) % 4
    sockets = {number: await _open(table, user) for number, user in by_seat.items()}
    await asyncio_quiet({**sockets, "watcher": watcher})
    before = await _version(table.pk)
    assert (await _ask(watcher, version))["code"] == "not_seated"
    assert (await _ask(sockets[idle], version))["code"] == "not_your_turn"
    assert (await _ask(sockets[seat], version - 1))["code"] == "stale_version"
    bad = await _ask(sockets[seat], -1)
    assert bad["code"] == "bad_frame"
    for number, ws in sockets.items():  # the refusals went to their askers alone
        if number not in (seat, idle):
            assert [f for f in await drain(ws) if f["type"] not in ("panel", "chat")] == []
    assert await _version(table.pk) == before
    for ws in [watcher, *sockets.values()]:
        await ws.disconnect()


async def test_it_limits_a_persons_suggestions_over_all_their_sockets(users, redis_layer, settings):
    """SUGGESTION_RATE counts the person at the table, not the socket: a new socket starts no new count."""
    settings.KIBITZ_BOT_CAP_SECONDS = 0
    limit, _seconds = SUGGESTION_RATE
    table, by_seat, seat, version = await _table(users, suggestions=True)
    answers: list[dict] = []
    for _ in range(limit + 2):  # a fresh socket for every ask, as a script dodging the limit would
        ws = await _open(table, by_seat[seat])
        await drain(ws)
        answers.append(await _ask(ws, version))
        await ws.disconnect()
    assert [a["type"] for a in answers[:limit]] == ["suggestion"] * limit
    assert all(a.get("code") == "rate_limited" for a in answers[limit:])
    assert (await _version(table.pk))[0] == version
