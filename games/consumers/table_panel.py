"""The table socket's side panel: heartbeats, chat, watchers, seat requests and kicks (docs/decisions-social.md).
Mixed into TableConsumer; each method translates a frame or a group message into one table service call and
forwards per-recipient projections (chat filtered for the recipient's ignores and rooms; a panel frame never
holds a card).

Client frames handled here: {"type": "ping"} (also a heartbeat) and {"type": "chat", "text": "..."}.
Server frames: {"type": "chat", "lines": [line...]}, {"type": "panel", ...} (games.reads.panel.panel_frame),
{"type": "notice", "code": "kicked"}.
"""

from __future__ import annotations

from typing import Any

from games.reads import panel
from games.reads import table_chat as chat_reads
from games.realtime.dbcalls import db_call
from games.services import table_chat, watchers

_panel_frame = db_call(panel.recipient_panel)
_chat_rooms = db_call(panel.chat_rooms)
_chat_history = db_call(panel.chat_history)
_may_read = db_call(chat_reads.may_read)
_post = db_call(table_chat.post)
_heartbeat = db_call(watchers.table_heartbeat)
_start_watching = db_call(watchers.start_watching)
_stop_watching = db_call(watchers.stop_watching)


class TablePanelMixin:
    """For TableConsumer: needs `self.table_id`, `self.user`, `self.seat`, `_send(frame)` and `drop_seat()`."""

    table_id: int
    user: Any
    seat: int | None

    async def panel_connect(self) -> None:
        """After accept: register a spectator (a seat's socket beats at once, for "at table #N"), then send the
        panel frame and the chat the recipient reads."""
        if self.seat is None:
            await _start_watching(self.user.pk, self.table_id)
        else:
            await _heartbeat(self.user.pk, self.table_id, watching=False)
        await self._send_panel()
        lines = await _chat_history(self.table_id, self.user, self.seat is not None)
        await self._send({"type": "chat", "lines": lines})  # type: ignore[attr-defined]

    async def panel_seated(self) -> None:
        """The socket's spectator took a seat (the "sit" frame): no longer a watcher; the seat's heartbeat, and the
        panel and chat of a player."""
        await _stop_watching(self.user.pk, self.table_id)
        await _heartbeat(self.user.pk, self.table_id, watching=False)
        await self._send_panel()
        lines = await _chat_history(self.table_id, self.user, True)
        await self._send({"type": "chat", "lines": lines})  # type: ignore[attr-defined]

    async def panel_disconnect(self) -> None:
        if getattr(self, "user", None) is not None and self.seat is None and hasattr(self, "table_id"):
            await _stop_watching(self.user.pk, self.table_id)

    async def panel_receive(self, frame: dict[str, Any]) -> bool:
        """Handle a ping (heartbeat) or a chat frame; returns whether the frame is fully handled here."""
        if frame["type"] == "ping":
            await _heartbeat(self.user.pk, self.table_id, self.seat is None)
            return False  # the table consumer still answers "pong"
        if frame["type"] == "chat":
            await _post(self.user, frame.get("text"), self.table_id)
            return True
        return False

    async def panel_changed(self, event: dict[str, Any]) -> None:
        await self._send_panel(event.get("change"))

    async def chat_message(self, event: dict[str, Any]) -> None:
        """A chat line of the table: forwarded if the recipient reads its room and does not ignore its author."""
        rooms = await _chat_rooms(self.table_id, self.seat is not None)
        if await _may_read(self.user.pk, rooms, event["message"]):
            await self._send({"type": "chat", "lines": [event["message"]]})  # type: ignore[attr-defined]

    async def panel_kicked(self, event: dict[str, Any]) -> None:
        """The recipient was removed from the table: its socket loses the seat at once, then closes."""
        if event["user"] != self.user.pk:
            return
        await self.drop_seat()  # type: ignore[attr-defined]
        await self._send({"type": "notice", "code": "kicked"})  # type: ignore[attr-defined]
        await self.close(code=4403)  # type: ignore[attr-defined]

    async def _send_panel(self, change: str | None = None) -> None:
        """Send this recipient's panel; for a change a notification named, the table's shared part is read once
        in this process for all its sockets at the table (games.reads.panel.recipient_panel)."""
        frame = await _panel_frame(self.table_id, self.user, change)
        if frame is not None:
            await self._send(frame)  # type: ignore[attr-defined]
