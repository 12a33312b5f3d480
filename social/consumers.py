"""The social half of the lobby and table sockets: heartbeats, chat, watchers, invitations, friends and
kicks. Mixed into games.consumers' consumers, which stay thin: these methods translate a frame into one
social service call and forward per-recipient projections (chat filtered for the recipient's ignores and
rooms; social frames never hold a card).

Client frames handled here: {"type": "ping"} (also a heartbeat) and {"type": "chat", "text": "..."}.
Server frames: {"type": "chat", "lines": [line...]}, {"type": "social", ...} (table: watchers, seat
requests, kick votes; lobby: friends and invitations), {"type": "notice", "code": "kicked"}.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from django.utils.translation import gettext as _

from games.models import Seat, Table
from games.services.errors import ServiceError
from social.services import chat, notify, presence
from social.services.access import is_host, watch_refusal
from social.services.invitations import pending_invitations, pending_requests
from social.services.kick import between_deals, kick_votes


@database_sync_to_async
def _table_refusal(table_id: int, user: Any) -> str | None:
    table = Table.objects.filter(pk=table_id).first()
    return None if table is None else watch_refusal(table, user)


@database_sync_to_async
def _table_social_frame(table_id: int, user: Any) -> dict[str, Any] | None:
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        return None
    host = is_host(table, user)
    seated = {s.number: s.user_id for s in Seat.objects.filter(table=table, bot_level="", user__isnull=False)}
    return {
        "type": "social",
        "host": host,
        "access": table.access,
        "between_deals": between_deals(table),
        "watchers": presence.watchers_of(table.pk, user.pk),
        "requests": pending_requests(table) if host else [],
        "kick_votes": {str(seat): n for seat, n in kick_votes(table).items()},
        "voters": max(len(seated) - 1, 0),
    }


@database_sync_to_async
def _chat_history(user: Any, rooms: set[str]) -> list[dict[str, Any]]:
    return chat.history(user, rooms)


@database_sync_to_async
def _may_read(user_id: int, rooms: set[str], message: dict[str, Any]) -> bool:
    return chat.may_read(user_id, rooms, message)


@database_sync_to_async
def _post(user: Any, text: Any, table_id: int | None) -> dict[str, Any]:
    return chat.post(user, text, table_id)


@database_sync_to_async
def _table_heartbeat(user_id: int, table_id: int, watching: bool) -> None:
    presence.heartbeat(user_id, table_id)
    if watching:
        presence.watch(user_id, table_id)


@database_sync_to_async
def _start_watching(user_id: int, table_id: int) -> None:
    presence.heartbeat(user_id, table_id)
    presence.watch(user_id, table_id)
    notify.table_social_changed(table_id)


@database_sync_to_async
def _stop_watching(user_id: int, table_id: int) -> None:
    presence.unwatch(user_id, table_id)
    notify.table_social_changed(table_id)


@database_sync_to_async
def _rooms(table_id: int, seated: bool) -> set[str]:
    table = Table.objects.filter(pk=table_id).first()
    return set() if table is None else chat.visible_rooms(table, seated)


@database_sync_to_async
def _lobby_social_frame(user: Any) -> dict[str, Any]:
    return {"type": "social", **presence.friends_panel(user), "invitations": pending_invitations(user)}


@database_sync_to_async
def _lobby_heartbeat(user_id: int) -> None:
    presence.heartbeat(user_id, None)


class TableSocialMixin:
    """For TableConsumer: needs `self.table_id`, `self.user`, `self.seat`, `_send(frame)`."""

    table_id: int
    user: Any
    seat: int | None

    async def social_refusal(self, user: Any) -> str | None:
        """Why `user` may not open this table's socket (social.services.access), or None."""
        return await _table_refusal(self.table_id, user)

    async def social_connect(self) -> None:
        """After accept: register a spectator, send the social frame and the chat the recipient reads."""
        if self.seat is None:
            await _start_watching(self.user.pk, self.table_id)
        else:
            await _table_heartbeat(self.user.pk, self.table_id, watching=False)  # "at table #N" at once
        await self._send_social()
        lines = await _chat_history(self.user, await _rooms(self.table_id, self.seat is not None))
        await self._send({"type": "chat", "lines": lines})  # type: ignore[attr-defined]

    async def social_disconnect(self) -> None:
        if getattr(self, "user", None) is not None and self.seat is None and hasattr(self, "table_id"):
            await _stop_watching(self.user.pk, self.table_id)

    async def social_receive(self, frame: dict[str, Any]) -> bool:
        """Handle a ping (heartbeat) or a chat frame; returns whether the frame was one of them."""
        if frame["type"] == "ping":
            await _table_heartbeat(self.user.pk, self.table_id, self.seat is None)
            return False  # the table consumer still answers "pong"
        if frame["type"] == "chat":
            await _post(self.user, frame.get("text"), self.table_id)
            return True
        return False

    async def social_changed(self, event: dict[str, Any]) -> None:
        await self._send_social()

    async def chat_message(self, event: dict[str, Any]) -> None:
        """A chat line of the table: forwarded if the recipient reads its room and does not ignore its author."""
        rooms = await _rooms(self.table_id, self.seat is not None)
        if await _may_read(self.user.pk, rooms, event["message"]):
            await self._send({"type": "chat", "lines": [event["message"]]})  # type: ignore[attr-defined]

    async def social_kicked(self, event: dict[str, Any]) -> None:
        """The recipient was removed from the table: its socket loses the seat at once, then closes."""
        if event["user"] != self.user.pk:
            return
        await self.drop_seat()  # type: ignore[attr-defined]
        await self._send({"type": "notice", "code": "kicked"})  # type: ignore[attr-defined]
        await self.close(code=4403)  # type: ignore[attr-defined]

    async def _send_social(self) -> None:
        frame = await _table_social_frame(self.table_id, self.user)
        if frame is not None:
            await self._send(frame)  # type: ignore[attr-defined]


class LobbySocialMixin:
    """For LobbyConsumer: the user's group (invitations, friends), heartbeats and the lobby chat."""

    user: Any

    async def social_connect(self) -> None:
        await self.channel_layer.group_add(notify.user_group(self.user.pk), self.channel_name)  # type: ignore[attr-defined]
        await _lobby_heartbeat(self.user.pk)
        await self._send_social()
        await self._send_json({"type": "chat", "lines": await _chat_history(self.user, {chat.LOBBY})})

    async def social_disconnect(self) -> None:
        if getattr(self, "user", None) is not None:
            await self.channel_layer.group_discard(notify.user_group(self.user.pk), self.channel_name)  # type: ignore[attr-defined]

    async def social_receive(self, frame: dict[str, Any]) -> None:
        """ping: heartbeat, answered with "pong" and a fresh friends box; chat: a lobby line."""
        if frame["type"] == "ping":
            await _lobby_heartbeat(self.user.pk)
            await self._send_json({"type": "pong"})
            await self._send_social()
        elif frame["type"] == "chat":
            await _post(self.user, frame.get("text"), None)
        else:
            raise ServiceError("bad_frame", _("the lobby takes ping and chat frames"))

    async def social_changed(self, event: dict[str, Any]) -> None:
        await self._send_social()

    async def chat_message(self, event: dict[str, Any]) -> None:
        if await _may_read(self.user.pk, {chat.LOBBY}, event["message"]):
            await self._send_json({"type": "chat", "lines": [event["message"]]})

    async def _send_social(self) -> None:
        await self._send_json(await _lobby_social_frame(self.user))

    async def _send_json(self, frame: dict[str, Any]) -> None:
        from games.consumers.jsonframes import dumps

        await self.send(text_data=dumps(frame))  # type: ignore[attr-defined]
