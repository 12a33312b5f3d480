"""Telling sockets about social changes after commit (the tables' rule: notifications, never state)."""

from __future__ import annotations

import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from games.services.events import LOBBY_GROUP, table_group

log = logging.getLogger(__name__)


def user_group(user_id: int) -> str:
    """The channel-layer group of every lobby socket of one user (invitations, friends)."""
    return f"user-{user_id}"


def send_after_commit(group: str, message: dict[str, Any]) -> None:
    """Send `message` to `group` once the surrounding transaction commits (at once outside one)."""

    def send() -> None:
        layer = get_channel_layer()
        if layer is None:
            return
        try:
            async_to_sync(layer.group_send)(group, message)
        except Exception:  # a lost notification is healed by the next heartbeat's refresh
            log.exception("social notification to %s failed", group)

    transaction.on_commit(send)


def table_social_changed(table_id: int) -> None:
    """Every socket of the table re-reads its social frame (watchers, requests, votes)."""
    send_after_commit(table_group(table_id), {"type": "social.changed"})


def user_changed(user_id: int) -> None:
    """Every lobby socket of the user re-reads its invitations and friends."""
    send_after_commit(user_group(user_id), {"type": "social.changed"})


def chat_line(room: str, table_id: int | None, message: dict[str, Any]) -> None:
    """Fan a chat line out to the room's sockets; each consumer filters for its recipient."""
    group = LOBBY_GROUP if table_id is None else table_group(table_id)
    send_after_commit(group, {"type": "chat.message", "room": room, "message": message})
