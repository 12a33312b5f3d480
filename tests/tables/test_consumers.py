"""The table socket over the real Redis channel layer (docs/design.md "A move, end to end")."""

from __future__ import annotations

import asyncio
import json

import pytest
from asgiref.sync import sync_to_async

from games import services
from games.models import Event, Move, Round, Table

from .sockets import close_code, drain, four_human_table, open_socket, receive, receive_until, seat_to_act

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.timeout(120)]


@sync_to_async
def _count(model, **filters):
    return model.objects.filter(**filters).count()


async def test_it_refuses_stale_versions_and_answers_repeated_move_ids_once(users, redis_layer):
    table, seats = await four_human_table(users)
    seat, legal, version = await seat_to_act(table.pk)
    ws, ok = await open_socket(f"/ws/tables/{table.pk}/", seats[seat])
    assert ok
    first = await receive(ws)
    assert first["type"] == "state" and first["version"] == version and first["table"]["you"] == seat
    await ws.send_to(
        text_data=json.dumps({"type": "act", "id": "m-1", "version": version - 1, "action": legal[0]})
    )
    error = await receive_until(ws, lambda f: f["type"] == "error")
    assert error["code"] == "stale_version"
    frame = {"type": "act", "id": "m-2", "version": version, "action": legal[0]}
    await ws.send_to(text_data=json.dumps(frame))
    ack = await receive_until(ws, lambda f: f["type"] == "ack")
    await ws.send_to(text_data=json.dumps(frame))
    again = await receive_until(ws, lambda f: f["type"] in ("ack", "error"))
    assert again == ack and ack["version"] == version + 1
    assert await _count(Event, table=table, kind="act") == 1
    assert await _count(Move, table=table) == 1
    await ws.disconnect()


async def test_it_refuses_a_move_out_of_turn_and_ignores_a_seat_named_in_the_frame(users, redis_layer):
    table, seats = await four_human_table(users)
    seat, legal, version = await seat_to_act(table.pk)
    idle = (seat + 2) % 4
    ws, ok = await open_socket(f"/ws/tables/{table.pk}/", seats[idle])
    assert ok
    await receive(ws)
    await ws.send_to(
        text_data=json.dumps({"type": "act", "id": "x", "version": version, "seat": seat, "action": legal[0]})
    )
    error = await receive_until(ws, lambda f: f["type"] == "error")
    assert error["code"] == "not_your_turn"
    assert await _count(Event, table=table, kind="act") == 0
    await ws.disconnect()


async def test_it_answers_a_next_deal_during_a_deal_with_an_error_and_deals_nothing(users, redis_layer):
    table, seats = await four_human_table(users)
    _seat, _legal, version = await seat_to_act(table.pk)
    ws, ok = await open_socket(f"/ws/tables/{table.pk}/", seats[0])
    assert ok
    await receive(ws)
    await ws.send_to(text_data=json.dumps({"type": "next", "version": version}))
    error = await receive_until(ws, lambda f: f["type"] == "error")
    assert error["code"] == "no_next_deal"
    assert await _count(Round, table=table) == 1
    await ws.disconnect()


async def test_it_refuses_a_cross_origin_socket(users, redis_layer):
    table, seats = await four_human_table(users)
    ws, ok = await open_socket(f"/ws/tables/{table.pk}/", seats[0], origin=b"http://evil.example")
    assert not ok
    ws2, ok2 = await open_socket(f"/ws/tables/{table.pk}/", None)
    assert ok2 and await close_code(ws2) == 4401  # not signed in: refused after the handshake, with a code


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[1, 2]",
        '{"type": "dance"}',
        '{"type": "act", "id": "a", "version": 1.0, "action": {}}',
        '{"type": "act", "id": "", "version": 1, "action": {"bid": "pass"}}',
        '{"type": "act", "id": "a", "version": 3, "action": {"bid": "petite", "extra": 1}}',
        '{"type": "act", "id": "a", "version": 3, "action": "pass"}',
        '{"type": "act", "id": "a", "version": 3, "action": {"bid": "' + "x" * 5000 + '"}}',
        "[" * 2040 + "]" * 2040,
    ],
)
async def test_it_answers_malformed_and_oversized_frames_with_an_error_and_changes_nothing(
    users, redis_layer, text
):
    table, seats = await four_human_table(users)
    seat, legal, version = await seat_to_act(table.pk)
    ws, ok = await open_socket(f"/ws/tables/{table.pk}/", seats[seat])
    assert ok
    await receive(ws)
    await ws.send_to(text_data=text.replace('"version": 3', f'"version": {version}'))
    error = await receive_until(ws, lambda f: f["type"] == "error")
    assert error["code"] in ("bad_frame", "frame_too_large", "bad_action")
    assert (await sync_to_async(Table.objects.get)(pk=table.pk)).version == version
    await ws.disconnect()


async def test_it_limits_the_rate_of_frames_per_socket(users, redis_layer):
    table, seats = await four_human_table(users)
    ws, ok = await open_socket(f"/ws/tables/{table.pk}/", seats[0])
    await receive(ws)
    for _ in range(40):
        await ws.send_to(text_data='{"type": "ping"}')
    frames = await drain(ws)
    assert any(f.get("code") == "rate_limited" for f in frames)
    await ws.disconnect()


async def test_it_gives_a_reconnecting_client_exactly_a_fresh_clients_view(users, redis_layer):
    table, seats = await four_human_table(users)
    watcher_seat, _legal, start_version = await seat_to_act(table.pk)
    watcher = seats[(watcher_seat + 3) % 4]
    movers = {}
    for s in range(4):
        movers[s], ok = await open_socket(f"/ws/tables/{table.pk}/", seats[s])
        assert ok
        await receive(movers[s])
    await movers[(watcher_seat + 3) % 4].disconnect()
    for step in range(3):  # three bids while the watcher is away
        seat, legal, version = await seat_to_act(table.pk)
        await movers[seat].send_to(
            text_data=json.dumps(
                {"type": "act", "id": f"b{step}", "version": version, "action": {"bid": "pass"}}
            )
        )
        await receive_until(movers[seat], lambda f: f["type"] == "ack")
    back, ok = await open_socket(f"/ws/tables/{table.pk}/?v={start_version}", watcher)
    caught_up = await receive(back)
    fresh, ok2 = await open_socket(f"/ws/tables/{table.pk}/", watcher)
    fresh_frame = await receive(fresh)
    assert [e["kind"] for e in caught_up["events"]] == ["act", "act", "act"]
    assert caught_up["version"] == fresh_frame["version"] == start_version + 3
    assert caught_up["view"] == fresh_frame["view"]
    assert caught_up["legal"] == fresh_frame["legal"]
    for ws in (back, fresh, *[m for s, m in movers.items() if s != (watcher_seat + 3) % 4]):
        await ws.disconnect()


async def test_it_makes_the_older_socket_of_a_seat_read_only(users, redis_layer):
    table, seats = await four_human_table(users)
    seat, legal, version = await seat_to_act(table.pk)
    old, _ = await open_socket(f"/ws/tables/{table.pk}/", seats[seat])
    await receive(old)
    new, _ = await open_socket(f"/ws/tables/{table.pk}/", seats[seat])
    await receive(new)
    notice = await receive_until(old, lambda f: f["type"] == "notice")
    assert notice["code"] == "taken_over"
    await old.send_to(
        text_data=json.dumps({"type": "act", "id": "o", "version": version, "action": legal[0]})
    )
    error = await receive_until(old, lambda f: f["type"] == "error")
    assert error["code"] == "read_only"
    await new.send_to(
        text_data=json.dumps({"type": "act", "id": "n", "version": version, "action": legal[0]})
    )
    answer = await receive_until(new, lambda f: f["type"] in ("ack", "error"))
    assert answer["type"] == "ack", answer
    await old.disconnect()
    await new.disconnect()


async def test_it_updates_the_lobby_boxes_live(users, redis_layer):
    ws, ok = await open_socket("/ws/lobby/", users["bob"])
    assert ok
    first = await receive(ws)
    assert first == {"type": "lobby", "tables": []}
    table = await sync_to_async(services.create_table)(
        users["alice"], services.TableTerms("french-tarot", human_seats=2)
    )
    box = await receive_until(ws, lambda f: f["type"] == "lobby" and f["tables"])
    assert box["tables"][0]["id"] == table.pk and box["tables"][0]["seats"][1]["open"] is True
    await sync_to_async(services.join)(users["bob"], table.pk)
    seated = await receive_until(ws, lambda f: f["tables"] and f["tables"][0]["seats"][1]["name"] == "bob")
    assert seated["tables"][0]["status"] == "playing"
    await ws.disconnect()


async def test_the_lobby_refuses_a_table_frame_naming_only_its_own_frame_types(users, redis_layer):
    ws, ok = await open_socket("/ws/lobby/", users["bob"])
    assert ok
    await drain(ws)
    await ws.send_to(text_data=json.dumps({"type": "act", "id": "x", "version": 0, "action": {}}))
    error = await receive_until(ws, lambda f: f["type"] == "error")
    assert error["code"] == "bad_frame"
    assert "ping, chat" in error["message"] and "act" not in error["message"]
    await ws.disconnect()


async def test_it_shows_a_spectator_no_hand(users, redis_layer):
    table, seats = await four_human_table(users)
    erin = await sync_to_async(type(users["alice"]).objects.create_user)("erin", password="pw-for-tests-only")
    ws, ok = await open_socket(f"/ws/tables/{table.pk}/", erin)
    assert ok
    frame = await receive(ws)
    assert frame["table"]["you"] is None and frame["view"]["hand"] is None and frame["legal"] is None
    await ws.send_to(
        text_data=json.dumps(
            {"type": "act", "id": "s", "version": frame["version"], "action": {"bid": "pass"}}
        )
    )
    assert (await receive_until(ws, lambda f: f["type"] == "error"))["code"] == "not_seated"
    await ws.disconnect()


async def test_it_keeps_an_idle_socket_alive_over_redis(users, redis_layer):
    """redis-py 8's default 5 s read timeout must not kill a socket that waits longer for news."""
    table, seats = await four_human_table(users)
    seat, legal, version = await seat_to_act(table.pk)
    watcher, _ = await open_socket(f"/ws/tables/{table.pk}/", seats[(seat + 2) % 4])
    await receive(watcher)
    await asyncio.sleep(7)  # longer than redis-py's default read timeout
    mover, _ = await open_socket(f"/ws/tables/{table.pk}/", seats[seat])
    await receive(mover)
    await mover.send_to(
        text_data=json.dumps({"type": "act", "id": "late", "version": version, "action": legal[0]})
    )
    update = await receive_until(watcher, lambda f: f["type"] == "state")
    assert update["version"] == version + 1
    await watcher.disconnect()
    await mover.disconnect()
