"""Presence by heartbeat (docs/decisions-social.md "Presence"): sockets refresh a timestamp; nobody counts sockets.

Where a user is ("at table #N") is what the tables side reports with each heartbeat; it also tells when a table
closes (`table_closed`). Nothing here reads a table.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db.models import Q, Value
from django.db.models.functions import Coalesce, Lower, NullIf
from django.utils import timezone

from accounts.models import User
from social.models import Friendship, Ignore, Presence

from .relations import friend_ids, ignored_ids, ignorer_ids

ONLINE_SECONDS = 60
ONLINE_LIST_SIZE = 50


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


def online_now(user: User, size: int = ONLINE_LIST_SIZE) -> dict[str, Any]:
    """Who is online, as the lobby's "Online now" list shows it to `user` (docs/decisions-social.md "Presence"):
    `{"people": [{"id", "name", "username", "friend", "table"}], "count": n}`. Online is the friends box's rule
    (a heartbeat within ONLINE_SECONDS, in the database every web process shares); the list leaves out `user`,
    bots, inactive accounts, the users `user` ignores and those who ignore `user`. Friends come first, then the
    others, each group by name (case-insensitive, then username); at most `size` people; `count` is how many are
    online in all (so "and 12 more" can be said). `table` is a friend's table as in friends_panel (None for the
    others: only friends follow someone to a table)."""
    hidden = ignored_ids(user) | ignorer_ids(user) | {user.pk}
    friends = friend_ids(user) - hidden
    since = timezone.now() - timedelta(seconds=ONLINE_SECONDS)
    online = (
        Presence.objects.filter(last_seen__gte=since, user__is_active=True, user__profile__bot_level="")
        .exclude(user_id__in=hidden)
        .select_related("user__profile")
        .annotate(
            sort_name=Lower(Coalesce(NullIf("user__profile__display_name", Value("")), "user__username"))
        )
        .order_by("sort_name", "user__username")
    )
    first = list(online.filter(user_id__in=friends)[:size])
    rest = list(online.exclude(user_id__in=friends)[: size - len(first)]) if len(first) < size else []
    people = [
        {
            "id": p.user_id,
            "name": p.user.display_name,
            "username": p.user.username,
            "friend": p.user_id in friends,
            "table": p.at_table if p.user_id in friends else None,
        }
        for p in first + rest
    ]
    return {"people": people, "count": online.count()}
