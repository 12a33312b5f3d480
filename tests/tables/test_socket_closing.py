"""A frame for a socket that closed meanwhile is dropped (games/consumers/closing.py): Daphne raises autobahn's
Disconnected for a send on a closed connection, which it would log as the application's exception."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from autobahn.exception import Disconnected

from games.consumers.closing import DropAfterCloseMixin
from games.consumers.lobby import LobbyConsumer
from games.consumers.table import TableConsumer


class _Connection:
    def __init__(self, closed: bool) -> None:
        self.closed = closed
        self.sent: list[dict[str, Any]] = []

    async def send(
        self, text_data: str | None = None, bytes_data: bytes | None = None, close: bool = False
    ) -> None:
        if self.closed:
            raise Disconnected("Attempt to send on a closed protocol")
        self.sent.append({"text": text_data, "bytes": bytes_data, "close": close})


class _Consumer(DropAfterCloseMixin, _Connection):
    pass


def test_a_send_on_an_open_socket_goes_through_unchanged() -> None:
    consumer = _Consumer(closed=False)
    asyncio.run(consumer.send(text_data='{"type":"pong"}'))
    assert consumer.sent == [{"text": '{"type":"pong"}', "bytes": None, "close": False}]


def test_a_send_on_a_closed_socket_is_dropped_without_an_exception() -> None:
    consumer = _Consumer(closed=True)
    asyncio.run(consumer.send(text_data='{"type":"state"}'))
    assert consumer.sent == []


@pytest.mark.parametrize("consumer", [TableConsumer, LobbyConsumer])
def test_the_sockets_drop_frames_after_close(consumer: type) -> None:
    assert consumer.send is DropAfterCloseMixin.send
