"""The lobby socket at /ws/lobby/: the table boxes, sent again whenever a table changes; with
social.consumers.LobbySocialMixin also friends, invitations, heartbeats and the lobby chat."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils.translation import gettext as _

from games.engines.core.errors import RuleError
from games.lobby_boxes import lobby_boxes_in_language
from games.services.events import LOBBY_GROUP
from social.consumers import LobbySocialMixin

from .frames import FrameError, TokenBucket, parse_frame
from .jsonframes import dumps
from .language import ProfileLanguageMixin


class LobbyConsumer(ProfileLanguageMixin, LobbySocialMixin, AsyncWebsocketConsumer):
    """Sends `{"type": "lobby", "tables": [box...]}` on connect and after every table change; takes ping
    and chat frames (LobbySocialMixin)."""

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        self.user = user
        self.bucket = TokenBucket(*settings.KIBITZ_FRAME_RATE)
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.accept()
        await self._send_boxes()
        await self.social_connect()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)
        await self.social_disconnect()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        try:
            if not self.bucket.take():
                raise FrameError("rate_limited", _("too many frames; slow down"))
            await self.social_receive(parse_frame(text_data, bytes_data, settings.KIBITZ_FRAME_MAX_BYTES))
        except RuleError as error:
            await self.send(text_data=dumps({"type": "error", **error.as_dict()}))

    async def lobby_changed(self, event: dict[str, Any]) -> None:
        await self._send_boxes()

    async def _send_boxes(self) -> None:
        boxes = await database_sync_to_async(lobby_boxes_in_language)(self.user)
        await self.send(text_data=dumps({"type": "lobby", "tables": boxes}))
