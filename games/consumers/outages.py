"""A socket meets an outage of PostgreSQL or Redis (docs/deploy.md "Outages"): never a close with 1011 and a
traceback, but what the person can act on.

- At the handshake the socket is accepted and closed at once with 4503 (try again later): the page reconnects as
  after any lost connection, and the refusal is one warning line per process (platform_config.outages).
- A frame that meets one gets an error frame, `unavailable` (its move may not have been made), and the socket
  resyncs: its frame is sent again as soon as the services answer. A group message that meets one (the table's
  next version could not be read) resyncs likewise.
- A disconnect that meets one ends the consumer as usual; what it could not undo lapses on its own (the registry
  entry after its time to live; the absence clock is started by the tables' clean-up).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from channels.exceptions import StopConsumer
from django.utils import translation
from django.utils.translation import gettext as _

from games.realtime.jsonframes import dumps
from platform_config.outages import is_outage, note_outage
from platform_config.unavailable import TRY_AGAIN_LATER

RESYNC_EVERY_SECONDS = 0.5
RESYNC_FOR_SECONDS = 120.0
"""A socket that met an outage tries its resync this often, for at most this long (then the page's own heartbeat
and the next version heal it)."""


class OutageGuardMixin:
    """Mixed into a websocket consumer first, before ProfileLanguageMixin (whose first message reads the
    profile language) and DirectDispatchMixin: every message of the consumer passes its `dispatch`. The consumer
    provides `resync()`: send this recipient the frames it may have missed."""

    accepted = False
    _resync_task: asyncio.Task[None] | None = None

    async def accept(self, subprotocol: str | None = None, headers: Any = None) -> None:
        """The consumer's accept, remembered (a refusal after it closes with a code, before it as HTTP 403)."""
        await super().accept(subprotocol=subprotocol, headers=headers)  # type: ignore[misc]
        self.accepted = True

    async def dispatch(self, message: dict[str, Any]) -> None:
        """The consumer's dispatch; an outage error it raises is answered as the module's docstring says."""
        if message["type"] == "websocket.disconnect":
            self._stop_resync()
        try:
            await super().dispatch(message)  # type: ignore[misc]
        except Exception as error:
            if not is_outage(error):
                raise
            note_outage(error)
            with translation.override(getattr(self, "language", None)):  # ProfileLanguageMixin's, once read
                await self._outage_met(message["type"])

    async def _outage_met(self, kind: str) -> None:
        if kind == "websocket.connect":
            if not self.accepted:
                await self.accept()
            await self.close(code=TRY_AGAIN_LATER)  # type: ignore[attr-defined]
        elif kind == "websocket.disconnect":
            self._stop_resync()
            raise StopConsumer()
        else:
            if kind == "websocket.receive":
                message = _("The server is briefly unavailable; your last action may not have been made.")
                await self.send(  # type: ignore[attr-defined]
                    text_data=dumps({"type": "error", "code": "unavailable", "message": message})
                )
            self._resync_soon()

    def _resync_soon(self) -> None:
        if self._resync_task is None or self._resync_task.done():
            self._resync_task = asyncio.get_running_loop().create_task(self._resync_until_back())

    def _stop_resync(self) -> None:
        if self._resync_task is not None:
            self._resync_task.cancel()

    async def _resync_until_back(self) -> None:
        deadline = time.monotonic() + RESYNC_FOR_SECONDS
        while time.monotonic() < deadline:
            await asyncio.sleep(RESYNC_EVERY_SECONDS)
            try:
                await self.resync()
                return
            except Exception as error:
                if not is_outage(error):
                    raise
                note_outage(error)

    async def resync(self) -> None:
        """Send this recipient what it may have missed (the consumer's own)."""
        raise NotImplementedError
