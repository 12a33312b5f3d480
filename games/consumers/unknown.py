"""Any other socket path (`/ws/`, `/ws/nothing/`, `/ws/tables/abc/`): refused with close code 4404 instead of
the router's "No route found" error (a 500 with a traceback)."""

from __future__ import annotations

from channels.generic.websocket import AsyncWebsocketConsumer

from .registered import NOT_FOUND


class UnknownPathConsumer(AsyncWebsocketConsumer):
    """Accepts every socket and closes it at once with NOT_FOUND: a socket closed during the handshake reaches the
    browser as a bare HTTP 403, without a code it could read."""

    async def connect(self) -> None:
        await self.accept()
        await self.close(code=NOT_FOUND)
