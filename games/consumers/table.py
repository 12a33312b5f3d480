"""The table socket: one per browser tab at /ws/tables/<id>/?v=K&w=WINDOW (docs/style.md "Consumers only translate").

The seat comes from the session's user, never from a frame. Each recipient gets its own projection
(`games.reads.projection.table_frame`) whenever the table's version moves past what it has seen; a
client connecting with `?v=K` gets the events after K (or a full snapshot) and the current view. A second
socket for the same seat takes over; the older one becomes read-only and is told so, unless the new one asks to watch
(`watch=1`: the page of a read-only window reconnecting, or knocking again after a 4429) while another socket of
the user is live at the table: it joins read-only and the seat stays where it is. `w` is the page's window id:
the socket registry (games.realtime.sockets) counts the user's sockets at the table per window, and the close
codes are those of games.consumers.registered.
"""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import parse_qs

from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils.translation import gettext as _

from games import services
from games.ascii_numbers import ascii_int
from games.engines.core.errors import RuleError
from games.reads.fanout import deliver, deliver_cached
from games.realtime import sockets
from games.realtime.dbcalls import db_call
from games.realtime.frames import FrameError, TokenBucket, parse_frame
from games.realtime.jsonframes import dumps
from games.services import socket_lifecycle
from games.services.invitations import request_seat
from platform_config.notify import table_group

from .closing import DropAfterCloseMixin
from .dispatch import DirectDispatchMixin
from .language import ProfileLanguageMixin
from .outages import OutageGuardMixin
from .registered import FORBIDDEN, NOT_FOUND, TOO_MANY_SOCKETS, RegisteredSocketMixin
from .suggestions import SuggestionMixin
from .table_panel import TablePanelMixin


def _seat_group(table_id: int, seat: int) -> str:
    return f"table-{table_id}-seat-{seat}"


_open_socket = db_call(socket_lifecycle.open_socket)
_seat_given_back = db_call(socket_lifecycle.seat_given_back)
_deliver = db_call(deliver)
_act = db_call(services.act)
_start_next_round = db_call(services.start_next_round)
_request_seat = db_call(request_seat)
_close_socket = db_call(socket_lifecycle.close_socket)


def _query_watch(scope: dict[str, Any]) -> bool:
    """Whether the socket's URL asks to keep watching (`?watch=1`, once); any other value or repetition is ignored
    (treated as absent: the socket takes the seat as a page load does)."""
    return parse_qs(scope.get("query_string", b"").decode("latin-1")).get("watch") == ["1"]


class TableConsumer(
    OutageGuardMixin,
    ProfileLanguageMixin,
    DirectDispatchMixin,
    DropAfterCloseMixin,
    RegisteredSocketMixin,
    TablePanelMixin,
    SuggestionMixin,
    AsyncWebsocketConsumer,
):
    """Translate frames into service calls and fan each version out as this recipient's own view."""

    async def connect(self) -> None:
        admitted = await self.admit()
        if admitted is None:
            return
        user, window = admitted
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        # The seat (an absent person's given back first), the access and the registry, in one database call.
        opened = await _open_socket(self.table_id, user, self.channel_name, window, _query_watch(self.scope))
        self.seat = opened.seat
        if not opened.exists:
            await self.refuse(NOT_FOUND)
            return
        if opened.refusal is not None:  # the table's access and spectators option
            await self.refuse(FORBIDDEN)
            return
        assert opened.registration is not None
        await self.close_others(opened.registration)  # this window's older socket
        if not opened.registered:  # settings.KIBITZ_SOCKETS_PER_TABLE
            refused = {
                "type": "refused",
                "code": "too_many_sockets",
                "retry_after": sockets.RETRY_AFTER_SECONDS,
            }
            await self.refuse(TOO_MANY_SOCKETS, dumps(refused))
            return
        self.user = user
        self.range_refusal = opened.range_refusal
        try:
            await self._join(user, watches=opened.watches)
        except Exception:
            # Registered above: a connect that fails from here on (a bug) would keep its registry place, and the
            # groups, as long as this process lives; three such failures lock the user out of the table with 4429.
            await self.disconnect(1011)
            raise

    async def _join(self, user: Any, watches: bool = False) -> None:
        """The registered socket of `user` joins its groups, is accepted, takes the seat over from the user's older
        sockets (or, `watches`, joins read-only and leaves the seat to them) and gets its first state and side
        panel."""
        self.seated_here = self.seat is not None  # a seat a bot takes while this socket lives may come back
        self.read_only = watches
        self.sent_version = -1
        self.opened_at = time.time()  # wall clock: takeovers compare sockets of several processes
        self.bucket = TokenBucket(*settings.KIBITZ_FRAME_RATE)
        await self.channel_layer.group_add(table_group(self.table_id), self.channel_name)
        await self.join_session()
        if self.seat is not None:
            await self.channel_layer.group_add(_seat_group(self.table_id, self.seat), self.channel_name)
        await self.accept()
        if self.seat is None and self.range_refusal is not None:
            # this spectator's own: the table page shows the reason instead of Play (the shared frame cannot say it)
            await self._send({"type": "range_refusal", "message": self.range_refusal})
        if self.seat is not None and not self.read_only:
            await self.channel_layer.group_send(
                _seat_group(self.table_id, self.seat),
                {"type": "seat.takeover", "channel": self.channel_name, "opened": self.opened_at},
            )
        await self._send_state(since=self._since())
        await self.panel_connect()

    def _since(self) -> int | None:
        values = parse_qs(self.scope.get("query_string", b"").decode("latin-1")).get("v")
        return ascii_int(values[0]) if values else None

    async def disconnect(self, code: int) -> None:
        await self.panel_disconnect()
        if hasattr(self, "table_id") and getattr(self, "user", None) is not None:
            await self.channel_layer.group_discard(table_group(self.table_id), self.channel_name)
            await self.leave_session()
            if self.seat is not None:
                await self.channel_layer.group_discard(
                    _seat_group(self.table_id, self.seat), self.channel_name
                )
            await _close_socket(self.table_id, self.user.pk, self.seat, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        frame_id = None
        try:
            if not self.bucket.take():
                raise FrameError("rate_limited", _("too many frames; slow down"))
            frame = parse_frame(text_data, bytes_data, settings.KIBITZ_FRAME_MAX_BYTES)
            await self._reclaim_if_away()
            frame_id = frame.get("id") if isinstance(frame.get("id"), str) else None
            if await self.panel_receive(frame):  # chat; a ping also beats the presence heartbeat
                return
            if frame["type"] == "ping":
                await self._send({"type": "pong"})
                return
            if frame["type"] == "sit":
                await self.sit(frame.get("seat"))
                return
            if self.seat is None:
                raise FrameError("not_seated", _("spectators cannot act"))
            if self.read_only:
                raise FrameError("read_only", _("this seat is played from another window"))
            if frame["type"] == "next":
                if not await _start_next_round(self.table_id, frame["version"]):
                    raise FrameError(
                        "no_next_deal",
                        _(
                            "no deal can start now (a deal is on, the match is over, "
                            "a seat waits for a player, or the table moved on)"
                        ),
                    )
                return
            if frame["type"] == "suggest":
                await self.suggest(frame["version"])  # to this socket alone; the table does not move
                return
            answer = await _act(self.user, self.table_id, frame["version"], frame["id"], frame["action"])
            await self._send(answer)
        except RuleError as error:
            await self._send({"type": "error", "id": frame_id, **error.as_dict()})
            return
        # Heals a lost notification; the ack names the version the move made (its load is likely cached).
        await self._send_state(since=self.sent_version, announced=answer.get("version"))

    async def resync(self) -> None:
        """After an outage met this socket (games.consumers.outages): the table's frames it has not had."""
        if getattr(self, "user", None) is not None:
            await self._send_state(since=self.sent_version)

    async def table_version(self, event: dict[str, Any]) -> None:
        """Group message after a commit: send this recipient's projection if it is behind."""
        if event["version"] > self.sent_version:
            await self._send_state(since=self.sent_version, announced=event["version"])

    async def seat_takeover(self, event: dict[str, Any]) -> None:
        """Another socket took this seat: this one becomes read-only (it still receives the table). A takeover
        by a socket opened before this one is ignored: a group message may arrive after a newer socket joined
        the group, and the newest socket keeps the seat."""
        older = event.get("opened", float("inf")) < self.opened_at
        if event["channel"] != self.channel_name and not older and not self.read_only:
            self.read_only = True
            await self._send(
                {
                    "type": "notice",
                    "code": "taken_over",
                    "message": _("this seat is now played from another window"),
                }
            )

    async def _reclaim_if_away(self) -> None:
        """A frame from a socket whose seat a bot took because its person seemed away (its registry entry lapsed,
        e.g. a throttled background tab) proves they are here: the seat is theirs again (games.services.absence)."""
        if self.seat is None and self.seated_here:
            self.seat = await _seat_given_back(self.table_id, self.user)
            if self.seat is not None:
                await self.channel_layer.group_add(_seat_group(self.table_id, self.seat), self.channel_name)

    async def sit(self, seat: int | None) -> None:
        """A "sit" frame: the socket's user takes seat `seat` (None: the table's pick) as the lobby's Play does
        (games.services.invitations.request_seat: the access, the host's approval and a rated table's rating range,
        all checked by games.services.tables.join), and this socket plays it from now on. A request left for the
        host's approval is answered with the notice "seat_requested". Refusals are RuleErrors (the caller sends
        them as an "error" frame: "out_of_range", "seat_taken", "table_full", ...)."""
        if self.seat is not None:
            raise FrameError("seated", _("You already have a seat at this table."))
        # new_seat: a seat the user took meanwhile from another window is refused ("seated"), under the table's lock
        taken = await _request_seat(self.user, self.table_id, seat, True)
        if taken is None:
            await self._send({"type": "notice", "code": "seat_requested"})
            return
        self.seat, self.seated_here, self.read_only = taken, True, False
        await self.channel_layer.group_add(_seat_group(self.table_id, taken), self.channel_name)
        await self._send_state(since=self.sent_version)
        await self.panel_seated()
        # the user's other windows at this table become this seat's read-only windows
        await self.channel_layer.group_send(
            table_group(self.table_id),
            {"type": "seat.taken", "user": self.user.pk, "seat": taken, "channel": self.channel_name},
        )

    async def seat_taken(self, event: dict[str, Any]) -> None:
        """The socket's user sat down from another window (its "sit"): this spectator socket becomes that seat's
        read-only window, as when a seated person opens a second tab: it gets the seat's view (a full frame, since
        the table's version may already have reached it as a spectator's) and the "taken_over" notice, and its
        "Play from this window" takes the seat over. Other users' sockets, and this user's seated ones, ignore it."""
        if event["user"] != self.user.pk or event["channel"] == self.channel_name or self.seat is not None:
            return
        self.seat, self.seated_here, self.read_only = event["seat"], True, True
        await self.channel_layer.group_add(_seat_group(self.table_id, self.seat), self.channel_name)
        self.sent_version = -1
        await self._send_state(since=None)
        await self.panel_seated()
        await self._send(
            {
                "type": "notice",
                "code": "taken_over",
                "message": _("this seat is now played from another window"),
            }
        )

    async def drop_seat(self) -> None:
        """The user no longer plays here (left, kicked): this socket gets the public view from now on."""
        if self.seat is not None:
            await self.channel_layer.group_discard(_seat_group(self.table_id, self.seat), self.channel_name)
            self.seat = None

    async def _send_state(self, since: int | None, announced: int | None = None) -> None:
        """Send this recipient's frame if the table is past what it has (games.reads.fanout: one build per
        seat and version in this process, from the event loop when it needs no query); a user who lost the seat
        drops to the public view first."""
        args = (self.table_id, self.user, self.seat, since, self.sent_version, self.read_only, announced)
        delivery = deliver_cached(*args) or await _deliver(*args)
        if delivery is None:
            return
        if delivery.lost_seat:
            await self.drop_seat()  # never project a seat's view for a user who lost that seat
            if delivery.stood_up is not None:
                # stood up for want of funds: this player is told why (the others see the seat)
                await self._send({"type": "notice", "code": "stood_up", "reason": delivery.stood_up})
        if delivery.text is None or delivery.version <= self.sent_version:
            return
        self.sent_version = delivery.version
        await self.send(text_data=delivery.text)

    async def _send(self, frame: dict[str, Any]) -> None:
        await self.send(text_data=dumps(frame))
