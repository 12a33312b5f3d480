"""The table socket's "sit" frame over the real Redis channel layer: a spectator takes a seat as the lobby's Play
does, and a rated table's rating range refuses one outside it with a clear, translated error frame (never a close
or a 500) (docs/decisions-ratings.md "Rating range")."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from accounts.models import Profile
from games import services
from games.models import Seat, Table, Watcher
from ratings.models import Rating

from .sockets import drain, open_socket, receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.timeout(180)]


@sync_to_async
def _ranged_table(users, low: int, high: int) -> Table:
    return services.create_table(
        users["alice"],
        services.TableTerms("test-follow", human_seats=2, rated=True, rating_min=low, rating_max=high),
    )


@sync_to_async
def _rate(user, game: str, display: int) -> None:
    """An established rating (σ 2) whose displayed number is `display`."""
    Rating.objects.update_or_create(
        game=game, user=user, defaults={"mu": (display - 1000) / 40 + 6, "sigma": 2.0}
    )


@sync_to_async
def _seat_of(table_id: int, user) -> int | None:
    seat = Seat.objects.filter(table_id=table_id, user=user, bot_level="").first()
    return None if seat is None else seat.number


@sync_to_async
def _watching(table_id: int, user) -> bool:
    return Watcher.objects.filter(table_id=table_id, user=user).exists()


@sync_to_async
def _speak_german(user) -> None:
    Profile.objects.filter(user=user).update(language="de")


async def test_a_sit_frame_outside_the_range_is_refused_and_inside_seats(users, redis_layer):
    table = await _ranged_table(users, 1100, 1400)
    await _speak_german(users["bob"])
    ws, ok = await open_socket(f"/ws/tables/{table.pk}/", users["bob"])
    assert ok
    await drain(ws)
    await ws.send_json_to({"type": "sit"})  # bob has no rating: 1000, provisional
    error = await receive_until(ws, lambda f: f["type"] == "error")
    assert error["code"] == "out_of_range"
    assert "Ihre Wertung in diesem Spiel (1000)" in error["message"] and "1100–1400" in error["message"]
    assert await _seat_of(table.pk, users["bob"]) is None
    assert await _watching(table.pk, users["bob"])

    await ws.send_json_to({"type": "sit", "seat": "1"})  # malformed: a bad frame, the socket stays open
    assert (await receive_until(ws, lambda f: f["type"] == "error"))["code"] == "bad_frame"

    await _rate(users["bob"], "test-follow", 1250)
    await ws.send_json_to({"type": "sit", "seat": 1})
    frame = await receive_until(ws, lambda f: f["type"] == "state" and f["table"]["you"] == 1)
    assert frame["table"]["you"] == 1
    assert await _seat_of(table.pk, users["bob"]) == 1
    await receive_until(ws, lambda f: f["type"] == "chat")  # the players' chat follows the seat
    assert not await _watching(table.pk, users["bob"])  # a player now, no longer a watcher
    await ws.send_json_to({"type": "sit"})  # seated already
    assert (await receive_until(ws, lambda f: f["type"] == "error"))["code"] == "seated"
    await ws.disconnect()


async def test_an_unrated_table_seats_anyone_over_the_socket(users, redis_layer):
    table = await sync_to_async(services.create_table)(
        users["alice"], services.TableTerms("test-follow", human_seats=2)
    )
    ws, ok = await open_socket(f"/ws/tables/{table.pk}/", users["carol"])
    assert ok
    await drain(ws)
    await ws.send_json_to({"type": "sit"})
    await receive_until(ws, lambda f: f["type"] == "state" and f["table"]["you"] is not None)
    assert await _seat_of(table.pk, users["carol"]) == 1
    await ws.disconnect()


async def test_a_spectator_outside_the_range_is_told_why_before_the_first_state(users, redis_layer):
    """The table page offers Play only to a spectator the range admits: the one it refuses gets its own
    "range_refusal" frame (the lobby's reason, in the viewer's language) before the shared state frame, and a
    spectator inside the range, or a seated player, gets none."""
    table = await _ranged_table(users, 1100, 1400)
    await _speak_german(users["bob"])
    await _rate(users["carol"], "test-follow", 1250)
    bob, ok = await open_socket(f"/ws/tables/{table.pk}/", users["bob"])
    assert ok
    frames = await drain(bob)
    refusal = next(f for f in frames if f["type"] == "range_refusal")
    assert frames.index(refusal) < next(i for i, f in enumerate(frames) if f["type"] == "state")
    assert "Ihre Wertung in diesem Spiel (1000)" in refusal["message"] and "1100–1400" in refusal["message"]
    carol, ok = await open_socket(f"/ws/tables/{table.pk}/", users["carol"])
    assert ok
    assert not [f for f in await drain(carol) if f["type"] == "range_refusal"]
    alice, ok = await open_socket(f"/ws/tables/{table.pk}/", users["alice"])  # the host, seated (1000 too)
    assert ok
    assert not [f for f in await drain(alice) if f["type"] == "range_refusal"]
    for ws in (bob, carol, alice):
        await ws.disconnect()
