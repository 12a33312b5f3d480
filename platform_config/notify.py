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
import json
import logging
from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import transaction

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
    strings). A send that fails after the commit is logged and dropped: the clients heal a lost notification
    by their version check and the next heartbeat.
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
            sent.add_done_callback(partial(_log_failure, group, message))
        else:
            async_to_sync(layer.group_send)(group, message)
    except Exception:  # the change is committed; only the nudge is lost (see send_on_commit)
        log.exception("notification %s to %s failed", message.get("type"), group)


def _log_failure(group: str, message: dict[str, Any], sent: Future[None]) -> None:
    if not sent.cancelled() and sent.exception() is not None:
        log.error("notification %s to %s failed", message.get("type"), group, exc_info=sent.exception())
