"""A web process's graceful stop (`manage.py serve` on SIGTERM or SIGINT; docs/deploy.md "Rolling restart").

1. It stops accepting: its listening ports close, so the proxy sends new connections to the other web processes.
2. Every open socket is closed with 1012 (service restart), and so is every socket whose handshake was under way
   as soon as it is accepted; the page reconnects after a random 0-2 s, through the proxy to a live process.
   The embedded sweeper finishes its pass and stops.
   Each consumer's disconnect runs as after any close (its registry entry removed, the absence clock of a seated
   person started, the spectator forgotten); requests under way finish.
3. Once every connection has ended (at most DRAIN_SECONDS), every registry entry the process still holds and its
   heartbeat are removed (games.realtime.sockets.forget_this_process) and the reactor stops; `exit` then ends the
   process at once (the interpreter's own teardown spent 3 s collecting garbage).
4. A watchdog ends the process EXIT_SECONDS after the signal whatever is still running (a database call that hangs).
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from . import sockets

log = logging.getLogger(__name__)

SERVICE_RESTART = 1012
DRAIN_SECONDS = 7.0
"""How long the stop waits for sockets to close and requests to finish."""
EXIT_SECONDS = 9.5
"""The watchdog's limit: the process is gone within 10 s of the signal."""
_POLL_SECONDS = 0.05
_SETTLE_SECONDS = 0.25
"""A connection accepted just before the port closed has this long to send its request (Daphne counts a connection
only once its request or handshake arrived)."""


class GracefulStop:
    """Drives the stop of one Daphne `server` (daphne.server.Server, running on `loop`); `ports` returns its
    listening ports (twisted IListeningPort), `on_stop` runs when the stop begins (e.g. setting the sweeper's stop
    event) and `background` lists the tasks to let finish within DRAIN_SECONDS (the sweeper's loop)."""

    def __init__(
        self,
        server: Any,
        loop: asyncio.AbstractEventLoop,
        ports: Callable[[], list[Any]],
        on_stop: Callable[[], None] = lambda: None,
        background: Callable[[], list[asyncio.Task[None]]] = list,
    ) -> None:
        self.server = server
        self.loop = loop
        self.ports = ports
        self.on_stop = on_stop
        self.background = background
        self.started: float | None = None

    def begin(self) -> None:
        """The signal handler: start the stop once (a second signal changes nothing)."""
        if self.started is not None:
            return
        self.started = time.monotonic()
        watchdog = threading.Timer(EXIT_SECONDS, self._exit_now)
        watchdog.daemon = True
        watchdog.start()
        self.on_stop()
        self.loop.create_task(self._stop())

    async def _stop(self) -> None:
        from twisted.internet import reactor as _reactor

        reactor: Any = _reactor
        assert self.started is not None
        for port in self.ports():
            port.stopListening()
        closed = 0
        deadline = time.monotonic() + DRAIN_SECONDS
        while time.monotonic() < deadline:
            closed += self._close_open_sockets()
            if not self._busy() and time.monotonic() - self.started >= _SETTLE_SECONDS:
                break
            await asyncio.sleep(_POLL_SECONDS)
        tasks = [task for task in self.background() if not task.done()]
        if tasks:
            await asyncio.wait(tasks, timeout=max(0.1, deadline - time.monotonic()))
        try:
            forgotten = await asyncio.wait_for(asyncio.to_thread(sockets.forget_this_process), 1.0)
        except Exception as error:  # Redis away: the entries lapse with the heartbeat instead
            log.warning("graceful stop: the socket registry was not told (%s)", error)
            forgotten = 0
        log.info(
            "graceful stop: %s sockets closed with 1012, %s registry entries removed at the end, %.1f s",
            closed,
            forgotten,
            time.monotonic() - self.started,
        )
        reactor.stop()

    def _close_open_sockets(self) -> int:
        """Close each open socket not closed yet with 1012; returns how many."""
        from daphne.ws_protocol import WebSocketProtocol

        closed = 0
        for protocol in list(self.server.connections):
            if not isinstance(protocol, WebSocketProtocol) or getattr(protocol, "_kibitz_stopping", False):
                continue
            if protocol.state == WebSocketProtocol.STATE_OPEN:
                protocol._kibitz_stopping = True
                # autobahn's sendClose lets an application send only 1000 and 3000-4999; 1012 is the protocol's
                # own code for a restart (RFC 6455 registry), sent by the server itself here
                protocol.sendCloseFrame(code=SERVICE_RESTART, isReply=False)
                closed += 1
        return closed

    def _busy(self) -> bool:
        """Whether a connection is still open or its application (a consumer's disconnect, a view) still runs."""
        for details in list(self.server.connections.values()):
            application = details.get("application_instance")
            if "disconnected" not in details or (application is not None and not application.done()):
                return True
        return False

    def exit(self) -> None:
        """After the reactor stopped: end the process now, with exit status 0 after a graceful stop."""
        if self.started is not None:
            _end(0)

    def _exit_now(self) -> None:
        log.error("graceful stop: still running after %s s, exiting now", EXIT_SECONDS)
        _end(1)


def _end(status: int) -> None:
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)
