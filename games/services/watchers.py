"""Who is at a table (docs/decisions-social.md "Spectators and watchers", "Presence"): a spectator's socket keeps a
Watcher row by heartbeat, and every table socket's heartbeat tells social's presence where its user is."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from games.models import Table, Watcher
from social.services import presence
from social.services.relations import ignored_ids

from .events import panel_changed

WATCH_SECONDS = 90


def table_heartbeat(user_id: int, table_id: int, watching: bool) -> None:
    """A table socket's heartbeat: the user is seen at the table (in the lobby's friends box; at a closed table
    nowhere in particular), and a spectator's Watcher row is refreshed."""
    is_open = Table.objects.filter(pk=table_id).exclude(status=Table.Status.CLOSED).exists()
    presence.heartbeat(user_id, table_id if is_open else None)
    if watching:
        Watcher.objects.update_or_create(
            table_id=table_id, user_id=user_id, defaults={"last_seen": timezone.now()}
        )


def start_watching(user_id: int, table_id: int) -> None:
    """A spectator's socket opened: record the watcher and tell the table's sockets."""
    table_heartbeat(user_id, table_id, watching=True)
    panel_changed(table_id)


def stop_watching(user_id: int, table_id: int) -> None:
    """A spectator's socket closed: drop the watcher and tell the table's sockets."""
    Watcher.objects.filter(table_id=table_id, user_id=user_id).delete()
    panel_changed(table_id)


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
