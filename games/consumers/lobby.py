"""The lobby socket at /ws/lobby/?w=WINDOW: the table boxes, sent again whenever a table changes; the user's
invitations beside social's friends box, who is online, heartbeats and the lobby chat. A user holds at most
settings.KIBITZ_LOBBY_SOCKETS lobby sockets (games.realtime.sockets): a newer one closes the oldest with 4429, and
one of the same window replaces its older one (close codes: games.consumers.registered).

Client frames: {"type": "ping"} (a heartbeat, answered with "pong" and a fresh social frame) and
{"type": "chat", "text": "..."} (a lobby line). Server frames: {"type": "lobby", "tables": [box...]},
{"type": "social", "friends", "incoming", "outgoing", "invitations", "online"}, {"type": "chat", "lines": [line...]},
{"type": "pong"} and {"type": "error", "code", "message"}. `online` is social's "Online now" list
(social.services.presence.online_now), fresh on connect, on every ping (every 20 s from the page) and after
`social.changed`: polled with the heartbeat, not pushed to every lobby at each arrival, so it costs a few reads per
socket per ping and at most presence.ONLINE_LIST_SIZE people per frame, however many arrive or leave.
"""

from __future__ import annotations

from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils.translation import gettext as _

from games.engines.core.errors import RuleError
from games.lobby_boxes import lobby_boxes_in_language
from games.reads.invitations import pending_invitations
from games.realtime import sockets
from games.realtime.dbcalls import db_call
from games.realtime.frames import LOBBY_FRAME_TYPES, FrameError, TokenBucket, parse_frame
from games.realtime.jsonframes import dumps
from games.services import table_chat
from platform_config.notify import LOBBY_GROUP, user_group
from social.services import chat, presence

from .closing import DropAfterCloseMixin
from .dispatch import DirectDispatchMixin
from .language import ProfileLanguageMixin
from .outages import OutageGuardMixin
from .registered import RegisteredSocketMixin


def _social_frame(user: Any) -> dict[str, Any]:
    """The lobby's side panel: social's friends box, who is online (friends first) and the tables' invitations."""
    return {
        "type": "social",
        **presence.friends_panel(user),
        "invitations": pending_invitations(user),
        "online": presence.online_now(user),
    }


_boxes = db_call(lobby_boxes_in_language)
_social = db_call(_social_frame)
_heartbeat = db_call(presence.heartbeat)
_chat_history = db_call(chat.history)
_may_read = db_call(chat.may_read)
_post = db_call(table_chat.post_in_lobby)
_register = db_call(sockets.register_lobby)
_unregister = db_call(sockets.unregister_lobby)


class LobbyConsumer(
    OutageGuardMixin,
    ProfileLanguageMixin,
    DirectDispatchMixin,
    DropAfterCloseMixin,
    RegisteredSocketMixin,
    AsyncWebsocketConsumer,
):
    """Sends the boxes on connect and after every table change (`lobby.changed`), the social frame on connect,
    on ping and after `social.changed`, and the lobby chat's lines (`chat.message`) the user may read."""

    async def connect(self) -> None:
        admitted = await self.admit()
        if admitted is None:
            return
        user, window = admitted
        registration = await _register(user.pk, self.channel_name, window)
        self.user = user
        self.bucket = TokenBucket(*settings.KIBITZ_FRAME_RATE)
        try:
            await self._join(registration)
        except Exception:
            await self.disconnect(
                1011
            )  # gives the registry place back (it would stay while this process lives)
            raise

    async def _join(self, registration: sockets.Registration) -> None:
        """The registered socket closes the sockets its register replaced or evicted, joins its groups, marks its
        user online, is accepted and gets the boxes, the social frame and the lobby chat."""
        user = self.user
        await self.close_others(registration)  # this window's older socket, the oldest past the cap
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.channel_layer.group_add(user_group(user.pk), self.channel_name)
        await self.join_session()
        await _heartbeat(user.pk, None)  # before accept: a socket seen open has its user online
        await self.accept()
        await self._send_boxes()
        await self._send_social()
        await self._send({"type": "chat", "lines": await _chat_history(user)})

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)
        if getattr(self, "user", None) is not None:
            await self.channel_layer.group_discard(user_group(self.user.pk), self.channel_name)
            await self.leave_session()
            await _unregister(self.user.pk, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        try:
            if not self.bucket.take():
                raise FrameError("rate_limited", _("too many frames; slow down"))
            frame = parse_frame(text_data, bytes_data, settings.KIBITZ_FRAME_MAX_BYTES, LOBBY_FRAME_TYPES)
            if frame["type"] == "ping":
                await _heartbeat(self.user.pk, None)
                await self._send({"type": "pong"})
                await self._send_social()
            else:
                await _post(self.user, frame.get("text"))
        except RuleError as error:
            await self._send({"type": "error", **error.as_dict()})

    async def resync(self) -> None:
        """After an outage met this socket (games.consumers.outages): the boxes and the social frame afresh."""
        if getattr(self, "user", None) is not None:
            await self._send_boxes()
            await self._send_social()

    async def lobby_changed(self, event: dict[str, Any]) -> None:
        await self._send_boxes()

    async def social_changed(self, event: dict[str, Any]) -> None:
        await self._send_social()

    async def chat_message(self, event: dict[str, Any]) -> None:
        if await _may_read(self.user.pk, {chat.LOBBY}, event["message"]):
            await self._send({"type": "chat", "lines": [event["message"]]})

    async def _send_boxes(self) -> None:
        await self._send({"type": "lobby", "tables": await _boxes(self.user)})

    async def _send_social(self) -> None:
        await self._send(await _social(self.user))

    async def _send(self, frame: dict[str, Any]) -> None:
        await self.send(text_data=dumps(frame))
