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

from .sockets import four_human_table, open_socket, receive_until, seat_to_act

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.timeout(60)]


def database_gone() -> OperationalError:
    """Django's OperationalError as a restarted server raises it (psycopg's, without an SQLSTATE)."""
    try:
        raise psycopg.OperationalError("server closed the connection unexpectedly")
    except psycopg.OperationalError as cause:
        error = OperationalError(str(cause))
        error.__cause__ = cause
        return error


async def _socket_with_its_state(table_id, user):
    ws, accepted = await open_socket(f"/ws/tables/{table_id}/", user)
    assert accepted
    await receive_until(ws, lambda f: f["type"] == "state")
    return ws


@sync_to_async
def _table_with_bots(user):
    return services.create_table(user, services.TableTerms("french-tarot", human_seats=1, turn_seconds=300))


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
    table, seats = await four_human_table(users)
    seat, legal, version = await seat_to_act(table.pk)
    ws = await _socket_with_its_state(table.pk, seats[seat])
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
    table, seats = await four_human_table(users)
    seat, legal, version = await seat_to_act(table.pk)
    ws = await _socket_with_its_state(table.pk, seats[(seat + 1) % 4])
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
