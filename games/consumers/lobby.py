"""The lobby socket at /ws/lobby/: the table boxes, sent again whenever a table changes."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from games.lobby import lobby_boxes
from games.services.events import LOBBY_GROUP

from .jsonframes import dumps


class LobbyConsumer(AsyncWebsocketConsumer):
    """Read-only: sends `{"type": "lobby", "tables": [box...]}` on connect and after every table change."""

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.accept()
        await self._send_boxes()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.send(text_data=dumps({"type": "error", "code": "read_only", "message": "the lobby is read-only"}))

    async def lobby_changed(self, event: dict[str, Any]) -> None:
        await self._send_boxes()

    async def _send_boxes(self) -> None:
        boxes = await database_sync_to_async(lobby_boxes)()
        await self.send(text_data=dumps({"type": "lobby", "tables": boxes}))
