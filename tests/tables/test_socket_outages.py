"""A table socket meets an outage of PostgreSQL or Redis (games/consumers/outages.py, docs/deploy.md "Outages"):
the handshake is closed with 4503, a frame gets an `unavailable` error frame and the socket resyncs, never a
close with 1011."""

from __future__ import annotations

import json

import psycopg
import pytest
import redis.exceptions
from asgiref.sync import sync_to_async
from django.db import OperationalError

from games import services
from games.consumers import table as table_consumer
from games.engines.core import get_game
from games.models import Round, Seat, Table

from .sockets import open_socket, receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.timeout(60)]


def database_gone() -> OperationalError:
    """Django's OperationalError as a restarted server raises it (psycopg's, without an SQLSTATE)."""
    try:
        raise psycopg.OperationalError("server closed the connection unexpectedly")
    except psycopg.OperationalError as cause:
        error = OperationalError(str(cause))
        error.__cause__ = cause
        return error


@sync_to_async
def _four_human_table(users):
    table = services.create_table(users["alice"], "french-tarot", human_seats=4)
    for name in ("bob", "carol", "dave"):
        services.join(users[name], table.pk)
    return table, {s.number: s.user for s in Seat.objects.filter(table=table)}


@sync_to_async
def _to_act(table_id):
    rnd = Round.objects.get(table_id=table_id, status="playing")
    game = get_game("french-tarot")
    state = game.from_json(rnd.snapshot)
    seat = min(game.to_act(state))
    legal = [a.to_wire() for a in game.legal_actions(state, seat)]
    return seat, legal, Table.objects.get(pk=table_id).version


@sync_to_async
def _table_with_bots(user):
    return services.create_table(user, "french-tarot", human_seats=1, turn_seconds=300)


async def test_it_closes_a_handshake_that_meets_an_outage_with_4503(users, redis_layer, monkeypatch):
    table = await _table_with_bots(users["alice"])

    async def gone(*args, **kwargs):
        raise redis.exceptions.ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(table_consumer, "_open_socket", gone)
    ws, accepted = await open_socket(f"/ws/tables/{table.pk}/", users["alice"])
    assert accepted
    closed = await ws.receive_output(5)
    assert closed == {"type": "websocket.close", "code": 4503}


async def test_a_frame_that_meets_an_outage_gets_an_error_frame_and_the_socket_stays_open(
    users, redis_layer, monkeypatch
):
    table, seats = await _four_human_table(users)
    seat, legal, version = await _to_act(table.pk)
    ws, accepted = await open_socket(f"/ws/tables/{table.pk}/", seats[seat])
    assert accepted
    await receive_until(ws, lambda f: f["type"] == "state")
    real_act = table_consumer._act
    failed = []

    async def act_once_gone(*args, **kwargs):
        if not failed:
            failed.append(True)
            raise database_gone()
        return await real_act(*args, **kwargs)

    monkeypatch.setattr(table_consumer, "_act", act_once_gone)
    move = {"type": "act", "id": "m-1", "version": version, "action": legal[0]}
    await ws.send_to(text_data=json.dumps(move))
    error = await receive_until(ws, lambda f: f["type"] == "error")
    assert error["code"] == "unavailable" and error["message"]
    # The socket is still open (its resync had nothing to send: no version passed it): the move goes through now.
    await ws.send_to(text_data=json.dumps(move))
    ack = await receive_until(ws, lambda f: f["type"] in ("ack", "error"))
    assert ack == {"type": "ack", "id": "m-1", "version": version + 1}
    await ws.disconnect()


async def test_a_socket_that_missed_a_version_during_an_outage_resyncs(users, redis_layer, monkeypatch):
    table, seats = await _four_human_table(users)
    seat, legal, version = await _to_act(table.pk)
    watcher = seats[(seat + 1) % 4]
    ws, accepted = await open_socket(f"/ws/tables/{table.pk}/", watcher)
    assert accepted
    await receive_until(ws, lambda f: f["type"] == "state")
    real_deliver = table_consumer._deliver
    calls = []

    async def deliver_after_one_outage(*args, **kwargs):
        calls.append(True)
        if len(calls) == 1:
            raise database_gone()
        return await real_deliver(*args, **kwargs)

    monkeypatch.setattr(table_consumer, "_deliver", deliver_after_one_outage)
    monkeypatch.setattr(table_consumer, "deliver_cached", lambda *args: None)
    # Another seat moves; reading the new version for this socket meets the outage; the resync sends it.
    await sync_to_async(services.act)(seats[seat], table.pk, version, "m-1", legal[0])
    frame = await receive_until(ws, lambda f: f["type"] == "state", timeout=5)
    assert frame["version"] == version + 1 and len(calls) >= 2
    await ws.disconnect()
