"""Presence by heartbeat (docs/decisions-social.md "Friends"): sockets refresh a timestamp; nobody counts sockets."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db.models import Q
from django.utils import timezone

from accounts.models import User
from games.models import Table
from social.models import Friendship, Ignore, Presence, Watcher

from .relations import friend_ids, ignored_ids

ONLINE_SECONDS = 60
WATCH_SECONDS = 90


def heartbeat(user_id: int, table_id: int | None = None) -> None:
    """Mark the user as seen now, at `table_id` (None: the lobby)."""
    Presence.objects.update_or_create(
        user_id=user_id, defaults={"last_seen": timezone.now(), "table_id": table_id}
    )


def went_offline(user_id: int) -> None:
    """The user logged off: offline at once, not after ONLINE_SECONDS."""
    Presence.objects.filter(user_id=user_id).delete()


def friends_panel(user: User) -> dict[str, Any]:
    """The lobby's friends box: `{"friends": [{"id", "name", "username", "online", "table"}],
    "incoming": [{"id", "name"}], "outgoing": [{"id", "name"}]}`; ignored users are left out, and a friend who
    ignores `user` shows as offline (nobody follows someone who ignores them).
    `table` is the table the friend's last heartbeat came from (None: the lobby or offline)."""
    ignored = ignored_ids(user)
    ids = friend_ids(user) - ignored
    since = timezone.now() - timedelta(seconds=ONLINE_SECONDS)
    hiding = set(Ignore.objects.filter(ignored=user, user_id__in=ids).values_list("user_id", flat=True))
    seen = {p.user_id: p for p in Presence.objects.filter(user_id__in=ids - hiding)}
    open_tables = set(
        Table.objects.filter(pk__in=[p.table_id for p in seen.values() if p.table_id])
        .exclude(status=Table.Status.CLOSED)
        .values_list("pk", flat=True)
    )
    friends = []
    for friend in User.objects.filter(pk__in=ids).select_related("profile").order_by("username"):
        p = seen.get(friend.pk)
        online = p is not None and p.last_seen >= since
        friends.append(
            {
                "id": friend.pk,
                "name": friend.display_name,
                "username": friend.username,
                "online": online,
                "table": p.table_id if p is not None and online and p.table_id in open_tables else None,
            }
        )
    pending = (
        Friendship.objects.filter(accepted_at__isnull=True)
        .filter(Q(addressee=user) | Q(requester=user))
        .select_related("requester__profile", "addressee__profile")
    )
    incoming = [
        {"id": r.pk, "name": r.requester.display_name}
        for r in pending
        if r.addressee_id == user.pk and r.requester_id not in ignored
    ]
    outgoing = [{"id": r.pk, "name": r.addressee.display_name} for r in pending if r.requester_id == user.pk]
    return {"friends": friends, "incoming": incoming, "outgoing": outgoing}


def watch(user_id: int, table_id: int) -> None:
    """Record (or refresh) a spectator of the table."""
    Watcher.objects.update_or_create(
        table_id=table_id, user_id=user_id, defaults={"last_seen": timezone.now()}
    )


def unwatch(user_id: int, table_id: int) -> None:
    """The spectator's socket closed."""
    Watcher.objects.filter(table_id=table_id, user_id=user_id).delete()


def watchers_of(table_id: int, viewer_id: int) -> list[dict[str, Any]]:
    """The table's spectators seen within WATCH_SECONDS, as `[{"id", "name", "username"}]` by name,
    without the people seated there and without users the viewer ignores."""
    since = timezone.now() - timedelta(seconds=WATCH_SECONDS)
    rows = (
        Watcher.objects.filter(table_id=table_id, last_seen__gte=since)
        .exclude(user_id__in=Ignore.objects.filter(user_id=viewer_id).values("ignored_id"))
        .exclude(user__seats__table_id=table_id, user__seats__bot_level="")
        .select_related("user__profile")
    )
    found = [{"id": w.user_id, "name": w.user.display_name, "username": w.user.username} for w in rows]
    return sorted(found, key=lambda w: str(w["name"]).lower())
