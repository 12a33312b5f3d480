"""Helpers for consumer tests: log a user in, open a table socket with the real ASGI application."""

from __future__ import annotations

import json
from typing import Any

from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

ORIGIN = b"http://127.0.0.1:8000"


def session_cookie(user: Any) -> bytes:
    """A session cookie header value for `user` (logs in through Django's test client)."""
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def open_socket(
    path: str, user: Any | None, origin: bytes = ORIGIN
) -> tuple[WebsocketCommunicator, bool]:
    """Connect to `path` as `user` (None: anonymous); returns the communicator and whether it was accepted."""
    from platform_config.asgi import application

    headers = [(b"origin", origin), (b"host", b"127.0.0.1:8000")]
    if user is not None:
        headers.append((b"cookie", await sync_to_async(session_cookie)(user)))
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await communicator.connect(timeout=10)
    return communicator, connected


async def close_code(communicator: WebsocketCommunicator, timeout: float = 10) -> int | None:
    """The close code of a socket the server accepted and then closes before any frame (a refusal the page can
    read: games.consumers.registered), or None when a frame comes first."""
    message = await communicator.receive_output(timeout=timeout)
    return message.get("code") if message["type"] == "websocket.close" else None


async def receive(communicator: WebsocketCommunicator, timeout: float = 10) -> dict[str, Any]:
    """The next frame as a dict."""
    return json.loads(await communicator.receive_from(timeout=timeout))


async def drain(communicator: WebsocketCommunicator, quiet: float = 0.3) -> list[dict[str, Any]]:
    """Every frame that arrives until the socket is quiet for `quiet` seconds."""
    frames = []
    while not await communicator.receive_nothing(timeout=quiet):
        frames.append(json.loads(await communicator.receive_from(timeout=quiet)))
    return frames


async def receive_until(
    communicator: WebsocketCommunicator, predicate, timeout: float = 10
) -> dict[str, Any]:
    """Frames are read until one satisfies `predicate`; returns it."""
    while True:
        frame = await receive(communicator, timeout)
        if predicate(frame):
            return frame


@sync_to_async
def four_human_table(users: dict[str, Any]) -> tuple[Any, dict[int, Any]]:
    """A French Tarot table of alice, bob, carol and dave, dealt; returns it and its users by seat number."""
    from games import services
    from games.models import Seat

    table = services.create_table(users["alice"], services.TableTerms("french-tarot", human_seats=4))
    for name in ("bob", "carol", "dave"):
        services.join(users[name], table.pk)
    table.refresh_from_db()
    return table, {s.number: s.user for s in Seat.objects.filter(table=table)}


@sync_to_async
def seat_to_act(table_id: int) -> tuple[int, list[Any], int]:
    """At a French Tarot table: the first seat to act, its legal actions (wire form) and the table's version."""
    from games.engines.core import get_game
    from games.models import Round, Table

    rnd = Round.objects.get(table_id=table_id, status="playing")
    game = get_game("french-tarot")
    state = game.from_json(rnd.snapshot)
    seat = min(game.to_act(state))
    legal = [a.to_wire() for a in game.legal_actions(state, seat)]
    return seat, legal, Table.objects.get(pk=table_id).version
