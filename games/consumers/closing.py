"""A frame for a socket that closed meanwhile is dropped, not raised.

A group message can reach a consumer after its browser went away: the frame is built, and Daphne's send then finds
the connection closed and raises autobahn's `Disconnected` inside the consumer, which Daphne logs as an exception
of the application with its traceback (seen under load, when a client gives up on a slow handshake). Nobody is
left to tell; the consumer's disconnect runs as usual.
"""

from __future__ import annotations

from autobahn.exception import Disconnected


class DropAfterCloseMixin:
    """Mixed into a Channels websocket consumer (before the consumer class)."""

    async def send(
        self, text_data: str | None = None, bytes_data: bytes | None = None, close: bool = False
    ) -> None:
        """The consumer's send; nothing happens when the connection is already closed."""
        try:
            await super().send(text_data=text_data, bytes_data=bytes_data, close=close)  # type: ignore[misc]
        except Disconnected:
            return
