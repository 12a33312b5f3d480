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
