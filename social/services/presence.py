"""Presence by heartbeat (docs/decisions-social.md "Presence"): sockets refresh a timestamp; nobody counts sockets.

Where a user is ("at table #N") is what the tables side reports with each heartbeat; it also tells when a table
closes (`table_closed`). Nothing here reads a table.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db.models import Q
from django.utils import timezone

from accounts.models import User
from social.models import Friendship, Ignore, Presence

from .relations import friend_ids, ignored_ids

ONLINE_SECONDS = 60


def heartbeat(user_id: int, table_id: int | None = None) -> None:
    """Mark the user as seen now, at table `table_id` (None: the lobby, or a table that is closed)."""
    Presence.objects.update_or_create(
        user_id=user_id, defaults={"last_seen": timezone.now(), "at_table": table_id}
    )


def table_closed(table_id: int) -> None:
    """Table `table_id` closed: nobody shows "at" it any more (their next heartbeat says where they are)."""
    Presence.objects.filter(at_table=table_id).update(at_table=None)


def went_offline(user_id: int) -> None:
    """The user logged off: offline at once, not after ONLINE_SECONDS."""
    Presence.objects.filter(user_id=user_id).delete()


def friends_panel(user: User) -> dict[str, Any]:
    """The lobby's friends box: `{"friends": [{"id", "name", "username", "online", "table"}],
    "incoming": [{"id", "name"}], "outgoing": [{"id", "name"}]}`; ignored users are left out, and a friend who
    ignores `user` shows as offline (nobody follows someone who ignores them).
    `table` is the id of the table the friend's last heartbeat came from (None: the lobby, a closed table, or
    offline)."""
    ignored = ignored_ids(user)
    ids = friend_ids(user) - ignored
    since = timezone.now() - timedelta(seconds=ONLINE_SECONDS)
    hiding = set(Ignore.objects.filter(ignored=user, user_id__in=ids).values_list("user_id", flat=True))
    seen = {p.user_id: p for p in Presence.objects.filter(user_id__in=ids - hiding)}
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
                "table": p.at_table if p is not None and online else None,
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
