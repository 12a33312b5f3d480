"""Any other socket path (`/ws/`, `/ws/nothing/`, `/ws/tables/abc/`): refused with close code 4404 instead of
the router's "No route found" error (a 500 with a traceback)."""

from __future__ import annotations

from channels.generic.websocket import AsyncWebsocketConsumer

NOT_FOUND = 4404


class UnknownPathConsumer(AsyncWebsocketConsumer):
    """Closes every socket at once with NOT_FOUND, before accepting it."""

    async def connect(self) -> None:
        await self.close(code=NOT_FOUND)
