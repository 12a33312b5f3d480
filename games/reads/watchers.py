"""Who watches a table (docs/decisions-social.md "Spectators and watchers"): the spectators a table's panel and
player cards list, read from the Watcher rows their sockets' heartbeats keep (games.services.watchers)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from games.models import Watcher
from social.services.relations import ignored_ids

WATCH_SECONDS = 90
"""A spectator counts as watching while their socket's last heartbeat is at most this old (seconds)."""


def watchers_of(table_id: int, viewer: Any) -> list[dict[str, Any]]:
    """The table's spectators seen within WATCH_SECONDS, as `[{"id", "name", "username"}]` by name,
    without the people seated there and without users the viewer ignores."""
    return without_ignored(table_watchers(table_id), viewer)


def table_watchers(table_id: int) -> list[dict[str, Any]]:
    """`watchers_of` for every viewer: the spectators seen within WATCH_SECONDS but the people seated there."""
    since = timezone.now() - timedelta(seconds=WATCH_SECONDS)
    rows = (
        Watcher.objects.filter(table_id=table_id, last_seen__gte=since)
        .exclude(user__seats__table_id=table_id, user__seats__bot_level="")
        .select_related("user__profile")
    )
    found = [{"id": w.user_id, "name": w.user.display_name, "username": w.user.username} for w in rows]
    return sorted(found, key=lambda w: str(w["name"]).lower())


def without_ignored(watchers: list[dict[str, Any]], viewer: Any) -> list[dict[str, Any]]:
    """`watchers` (table_watchers' shape) but the users `viewer` ignores (no query when there are none)."""
    if not watchers:
        return []
    ignored = ignored_ids(viewer)
    return [w for w in watchers if w["id"] not in ignored]
