"""The table socket's "Suggest a move" (docs/decisions-tables.md "Suggest a move"): the person at a seat asks, on their
turn, which move the standard bot would make there; the answer goes to that socket alone, and nothing at the table
changes. Mixed into TableConsumer, which has checked that the socket plays its seat (not a spectator, not read-only).

Client frame: {"type": "suggest", "version": N}.
Server frames: {"type": "suggestion", "version": N, "action": {...}} (the wire action, e.g. {"play": "KH"}), or
{"type": "error", "code": ...}: `rate_limited` (more than games.realtime.frames.SUGGESTION_RATE for the person at
this table, over all their sockets, or one while the socket's last is still being thought about), and
games.reads.suggestion.suggestion_ask's refusals (`suggestions_off`, `not_seated`, `stale_version`, `no_round`,
`not_your_turn`).
"""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.utils.translation import gettext as _

from games.reads.suggestion import suggested_action, suggestion_ask
from games.realtime.dbcalls import db_call
from games.realtime.frames import SUGGESTION_RATE, FrameError
from games.realtime.thinking import think_call
from games.services.bot_work import bot_decider

_suggestion_ask = db_call(suggestion_ask)
_suggested_action = think_call(suggested_action)


class SuggestionMixin:
    """For TableConsumer: needs `self.table_id`, `self.user` and `_send(frame)`."""

    table_id: int
    user: Any
    _suggesting = False

    async def suggest(self, version: int) -> None:
        """Answer a "suggest" frame at the client's `version`: the rows are read in a database thread
        (`suggestion_ask`), the bot thinks in the thinking pool (games.realtime.thinking), never on the event loop.
        Raises FrameError("rate_limited") and suggestion_ask's ServiceError; the caller sends them to this socket
        as an error frame."""
        if self._suggesting or not await _within_rate(self.table_id, self.user.pk):
            raise FrameError("rate_limited", _("one suggestion at a time, and not so often; slow down"))
        self._suggesting = True
        try:
            ask = await _suggestion_ask(self.table_id, self.user, version)
            action = await _suggested_action(ask, bot_decider())
        finally:
            self._suggesting = False
        await self._send({"type": "suggestion", "version": ask.version, "action": action})  # type: ignore[attr-defined]


async def _within_rate(table_id: int, user_id: int) -> bool:
    """Count one suggestion of user `user_id` at table `table_id` in the current window (SUGGESTION_RATE, kept in
    the cache that every web process shares) and say whether it is within the limit."""
    limit, seconds = SUGGESTION_RATE
    key = f"suggestions:{table_id}:{user_id}"
    if await cache.aadd(key, 1, timeout=seconds):
        return True
    try:
        return await cache.aincr(key) <= limit
    except ValueError:  # the window ran out between the two calls: this one opens the next
        await cache.aset(key, 1, timeout=seconds)
        return True
