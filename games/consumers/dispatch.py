"""Dispatching a socket's messages without Channels' per-message connection sweep.

Channels' `AsyncConsumer.dispatch` runs `close_old_connections` before every message a consumer handles, through
`sync_to_async` on the process's one thread-sensitive thread: a thread hop, queued behind every other, for each
frame and each group message (a tenth of a busy process's time, and a queue all its sockets share). The table and
lobby sockets touch the database only through `database_sync_to_async` and `games.realtime.dbcalls.db_call`,
whose calls close their own thread's old connections before and after they run, so the sweep has nothing to do.
"""

from __future__ import annotations

from typing import Any

from channels.consumer import get_handler_name


class DirectDispatchMixin:
    """Mixed into a consumer (before the Channels base class): a message goes straight to its handler."""

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Call the handler named by `message["type"]` (`websocket.receive` → `websocket_receive`). Raises
        ValueError for a type the consumer has no handler for, as Channels does."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
