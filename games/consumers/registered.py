"""What the table and lobby sockets share about their place in the socket registry (games.realtime.sockets) and
their log-in session: the window id the page sends (`?w=`), closing the sockets a register replaced or evicted,
and closing every socket of a session that logs out.

Close codes a page reads (static/js/table/connection.js, static/js/lobby.js); every refusal of the application
accepts the socket first and then closes it (`refuse`), since a socket closed during the handshake reaches the
browser as a bare HTTP 403 whose code the page cannot read. Only a foreign Origin is refused at the handshake
(platform_config.origin).
- 1012 (service restart): the web process stops (manage.py serve on SIGTERM); the page reconnects after 0-2 s.
- 4400: a malformed `?w=`; the page never sends one.
- 4401: not signed in, or the session logged out while the socket was open.
- 4403: the table refuses this user (its access or spectators option), or removed them (a kick).
- 4404: no such table, or no such socket path (games.consumers.unknown).
- 4409: a newer socket of the same window replaced this one (the page has already moved on to it).
- 4429: the user holds too many sockets: at a table a new one is refused (a `refused` frame first names the
  seconds to wait, sockets.RETRY_AFTER_SECONDS); in the lobby the oldest is closed.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from games.realtime import sockets
from platform_config.notify import session_group

BAD_REQUEST = 4400
SIGNED_OUT = 4401
FORBIDDEN = 4403
NOT_FOUND = 4404
REPLACED = 4409
TOO_MANY_SOCKETS = 4429


class BadWindow(ValueError):
    """The `?w=` of a socket's URL is not a window id (sockets.valid_window)."""


def query_window(scope: dict[str, Any]) -> str | None:
    """The window id of the socket's URL (`?w=`), None when there is none. Raises BadWindow for a malformed one."""
    values = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("w")
    if not values:
        return None
    if len(values) > 1 or not sockets.valid_window(values[0]):
        raise BadWindow(values[0])
    return values[0]


class RegisteredSocketMixin:
    """For a Channels consumer (before the Channels base class) that registers itself: `admit()`, `refuse(code)`,
    `join_session()`/`leave_session()` and `close_others(registration)`; handles the `socket.close` message."""

    scope: dict[str, Any]
    channel_name: str
    channel_layer: Any

    async def admit(self) -> tuple[Any, str | None] | None:
        """The socket's signed-in user and the window id of its URL, with this process's registry heartbeat started;
        None once a socket without a signed-in user (4401) or with a malformed window id (4400) is closed."""
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.refuse(
                SIGNED_OUT
            )  # after the handshake: the page reads the code and asks for the log-in
            return None
        try:
            window = query_window(self.scope)
        except BadWindow:
            await self.refuse(BAD_REQUEST)
            return None
        sockets.start_beating()
        return user, window

    async def refuse(self, code: int, frame: str | None = None) -> None:
        """Accept, send `frame` (a JSON text) if any, and close with `code`: a socket closed during the handshake
        reaches the browser as a bare HTTP 403 without a code, and the page could not tell why."""
        await self.accept()  # type: ignore[attr-defined]
        if frame is not None:
            await self.send(text_data=frame)  # type: ignore[attr-defined]
        await self.close(code=code)  # type: ignore[attr-defined]

    def _session_group(self) -> str | None:
        session = self.scope.get("session")
        key = getattr(session, "session_key", None) if session is not None else None
        return session_group(key) if key else None

    async def join_session(self) -> None:
        """Join the group of the socket's log-in session (games.account_adapter closes it on log-out)."""
        group = self._session_group()
        if group is not None:
            await self.channel_layer.group_add(group, self.channel_name)

    async def leave_session(self) -> None:
        group = self._session_group()
        if group is not None:
            await self.channel_layer.group_discard(group, self.channel_name)

    async def close_others(self, registration: sockets.Registration) -> None:
        """Close the sockets this one's register replaced (4409) or evicted past the cap (4429), wherever they are."""
        for channel in registration.replaced:
            await self.channel_layer.send(channel, {"type": "socket.close", "code": REPLACED})
        for channel in registration.evicted:
            await self.channel_layer.send(channel, {"type": "socket.close", "code": TOO_MANY_SOCKETS})

    async def socket_close(self, event: dict[str, Any]) -> None:
        """Another socket's register replaced or evicted this one, or its session logged out: close with the code."""
        await self.close(code=event["code"])  # type: ignore[attr-defined]
