"""Who is at a table (docs/decisions-social.md "Spectators and watchers", "Presence"): a spectator's socket keeps a
Watcher row by heartbeat, and every table socket's heartbeat tells social's presence where its user is. The lists
of who watches are read by games.reads.watchers."""

from __future__ import annotations

from django.utils import timezone

from games.models import Table, Watcher
from social.services import presence

from .events import panel_changed


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
