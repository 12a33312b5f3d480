"""The one way the site tells sockets about a change: a channel-layer group message queued to leave once the
surrounding transaction commits (modelled on Zulip's `send_event_on_commit`; docs/design.md "A move, end to end"
step 4: notifications, never state).

It lives in the project package because both apps send through it and neither may import the other's side:
the tables (`games`) import `social`, `social` imports nothing of `games`, and both already sit on
`platform_config` (settings, the channel layer's configuration). It imports nothing of the apps.

The group names the sockets join are here too, so a sender and a consumer never spell one differently.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import transaction

from .outages import is_outage, note_outage

log = logging.getLogger(__name__)

LOBBY_GROUP = "lobby"
"""Every lobby socket: table boxes (`lobby.changed`) and the lobby chat (`chat.message`)."""


def table_group(table_id: int) -> str:
    """The group of every socket open on a table (seated players and spectators)."""
    return f"table-{table_id}"


def user_group(user_id: int) -> str:
    """The group of every lobby socket of one user (invitations, friends)."""
    return f"user-{user_id}"


def session_group(session_key: str) -> str:
    """The group of every table and lobby socket opened under one log-in session (closed when it logs out)."""
    return f"session-{session_key}"


_home_loop: asyncio.AbstractEventLoop | None = None


def set_home_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Send every notification of this process on `loop`, Daphne's (`manage.py serve`), without the committing
    thread waiting for it: a move's database thread is free as soon as its transaction commits, and its
    socket's acknowledgement does not wait for the publish (the in-memory channel layer of the embedded mode
    lives on that loop too, and the embedded Celery worker's thread has none of its own)."""
    global _home_loop
    _home_loop = loop


def send_on_commit(group: str, message: dict[str, Any]) -> None:
    """Queue `message` (a channel-layer message: `{"type": "<handler.name>", ...}`) for `group`, sent once the
    surrounding transaction commits; outside a transaction at once. A rolled-back transaction sends nothing.

    With settings.KIBITZ_NOTIFY_JSON_CHECK (on in the tests) the message is round-tripped through JSON here,
    when it is queued: a payload that is not plain JSON (a datetime, a model, a set, NaN) raises TypeError or
    ValueError in the caller, and receivers see exactly what a wire would carry (tuples as lists, keys as
    strings). A send that fails after the commit during a Redis outage is kept and sent again once Redis
    answers; any other failed send is logged and dropped: the clients heal a lost notification by their version
    check and the next heartbeat.
    """
    if settings.KIBITZ_NOTIFY_JSON_CHECK:
        message = json.loads(json.dumps(message, allow_nan=False))
    transaction.on_commit(partial(_send, group, message))


def in_process_on_commit(step: Callable[[], None]) -> None:
    """Run `step` once the surrounding transaction commits (outside one at once), in this process only: for
    what a change leaves behind for this process's own sockets, e.g. the new version's load a move derives
    (games.reads.projection.remember_move). A rolled-back transaction runs nothing. `step` must be quick
    and must not fail: it runs in the committing thread, in the order the steps and notifications were queued."""
    transaction.on_commit(step)


def _send(group: str, message: dict[str, Any]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        if _home_loop is not None and _home_loop.is_running():
            sent = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), _home_loop)
            sent.add_done_callback(partial(_after_send, group, message))
        else:
            async_to_sync(layer.group_send)(group, message)
    except Exception as error:  # the change is committed; only the nudge is lost (see send_on_commit)
        _failed(group, message, error)


def _after_send(group: str, message: dict[str, Any], sent: Future[None]) -> None:
    if not sent.cancelled() and sent.exception() is not None:
        _failed(group, message, sent.exception())  # type: ignore[arg-type]


def _failed(group: str, message: dict[str, Any], error: BaseException) -> None:
    """A send failed: during a Redis outage the message is kept and sent again once Redis answers
    (`_send_kept`, on the home loop or in a thread of its own); any other failure is logged with its traceback
    and dropped."""
    if not is_outage(error):
        log.error("notification %s to %s failed", message.get("type"), group, exc_info=error)
        return
    note_outage(error)
    with _kept_lock:
        _kept.append((group, message))
        start = not _resending[0]
        _resending[0] = True
    if not start:
        return
    loop = _home_loop
    if loop is not None and loop.is_running():
        loop.call_soon_threadsafe(lambda: loop.create_task(_send_kept()))
    else:  # the sweeper's or a Celery worker's thread: a loop of its own
        threading.Thread(target=lambda: asyncio.run(_send_kept()), name="kibitz-resend", daemon=True).start()


KEPT_MAX = 1000
"""At most this many failed notifications are kept for sending again (the oldest go first past it)."""

RESEND_EVERY_SECONDS = 0.5
"""How often the kept notifications are tried again while Redis is out of reach."""

RESEND_AGAIN_SECONDS = 2.0
"""After the kept notifications went out, they go out once more this much later: another process's subscriptions
come back up to a second after Redis does (channels_redis reconnects its reader then), and a socket there would
otherwise miss the version its table moved to during the outage."""

_kept: deque[tuple[str, dict[str, Any]]] = deque(maxlen=KEPT_MAX)
_kept_lock = threading.Lock()
_resending = [False]


async def _send_kept() -> None:
    """On the home loop: send the kept notifications, in order, as soon as Redis answers, then once more after
    RESEND_AGAIN_SECONDS. Every receiver handles a notification again harmlessly: a table socket sends only a
    version it has not sent, a panel or lobby frame is simply sent fresh."""
    layer = get_channel_layer()
    delivered: list[tuple[str, dict[str, Any]]] = []
    while layer is not None:
        with _kept_lock:
            if not _kept:
                _resending[0] = False
                break
            group, message = _kept[0]
        try:
            await layer.group_send(group, message)
            delivered.append((group, message))
        except Exception as error:
            if is_outage(error):
                await asyncio.sleep(RESEND_EVERY_SECONDS)
                continue
            log.error("notification %s to %s failed", message.get("type"), group, exc_info=error)
        with _kept_lock:
            if _kept and _kept[0][1] is message:  # not pushed out meanwhile by newer failures (KEPT_MAX)
                _kept.popleft()
    if delivered and layer is not None:
        await asyncio.sleep(RESEND_AGAIN_SECONDS)
        for group, message in delivered:
            with contextlib.suppress(Exception):  # Redis away again: the first resend went out
                await layer.group_send(group, message)
