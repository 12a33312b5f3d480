"""Friends and ignores between users (docs/decisions-social.md "Friends", "Ignore")."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from platform_config.notify import send_on_commit, user_group
from social.errors import SocialError
from social.models import Friendship, Ignore

SEARCH_LIMIT = 20


def _tell(user_id: int) -> None:
    """Every lobby socket of the user re-reads its friends box, after commit."""
    send_on_commit(user_group(user_id), {"type": "social.changed"})


def find_players(viewer: User, query: str) -> list[User]:
    """Players whose username or display name contains `query` (case-insensitive, at least 2 characters),
    without bots, the viewer, and users the viewer ignores. Returns at most SEARCH_LIMIT users by name."""
    query = query.strip()
    if len(query) < 2:
        return []
    found = (
        User.objects.filter(Q(username__icontains=query) | Q(profile__display_name__icontains=query))
        .filter(profile__bot_level="", is_active=True)
        .exclude(pk=viewer.pk)
        .exclude(pk__in=ignored_ids(viewer))
        .select_related("profile")
        .order_by("username")
    )
    return list(found[:SEARCH_LIMIT])


def ignored_ids(user: User) -> set[int]:
    """Ids of the users `user` ignores."""
    return set(Ignore.objects.filter(user=user).values_list("ignored_id", flat=True))


def ignorer_ids(user: User) -> set[int]:
    """Ids of the users who ignore `user`."""
    return set(Ignore.objects.filter(ignored=user).values_list("user_id", flat=True))


def is_ignoring(user_id: int, other_id: int) -> bool:
    """Whether user `user_id` ignores user `other_id`."""
    return Ignore.objects.filter(user_id=user_id, ignored_id=other_id).exists()


def _pair(a: User, b: User) -> QuerySet[Friendship]:
    return Friendship.objects.filter(Q(requester=a, addressee=b) | Q(requester=b, addressee=a))


def are_friends(a_id: int, b_id: int) -> bool:
    """Whether the two users are friends (an accepted request either way)."""
    return (
        Friendship.objects.filter(accepted_at__isnull=False)
        .filter(Q(requester_id=a_id, addressee_id=b_id) | Q(requester_id=b_id, addressee_id=a_id))
        .exists()
    )


def friend_ids(user: User) -> set[int]:
    """Ids of the user's friends."""
    rows = Friendship.objects.filter(accepted_at__isnull=False).filter(Q(requester=user) | Q(addressee=user))
    return {r.addressee_id if r.requester_id == user.pk else r.requester_id for r in rows}


def request_friend(user: User, other: User) -> Friendship:
    """Ask `other` to be friends. A request `other` already sent to `user` is accepted instead.

    Returns the Friendship. Raises SocialError("bad_request") for oneself or a bot, ("ignored") when
    `other` ignores `user`, ("already") when they are friends or the request is pending.
    """
    if other.pk == user.pk or other.is_house_bot:
        raise SocialError("bad_request", _("you cannot ask yourself or a bot"))
    if is_ignoring(other.pk, user.pk):
        raise SocialError("ignored", _("this player does not take your requests"))
    with transaction.atomic():
        existing = _pair(user, other).select_for_update().first()
        if existing is not None:
            if existing.accepted_at is None and existing.requester_id == other.pk:
                return accept_friend(user, existing.pk)
            raise SocialError("already", _("you are friends already or a request is pending"))
        row = Friendship.objects.create(requester=user, addressee=other)
        _tell(other.pk)
        return row


def accept_friend(user: User, request_id: int) -> Friendship:
    """The addressee accepts a pending request. Raises SocialError("no_request")."""
    with transaction.atomic():
        row = (
            Friendship.objects.select_for_update()
            .filter(pk=request_id, addressee=user, accepted_at__isnull=True)
            .first()
        )
        if row is None:
            raise SocialError("no_request", _("no such pending request"))
        row.accepted_at = timezone.now()
        row.save(update_fields=["accepted_at"])
        _tell(row.requester_id)
        return row


def decline_friend(user: User, request_id: int) -> None:
    """The addressee declines (or the requester withdraws) a pending request. Raises SocialError("no_request")."""
    deleted, _rows = (
        Friendship.objects.filter(pk=request_id, accepted_at__isnull=True)
        .filter(Q(addressee=user) | Q(requester=user))
        .delete()
    )
    if not deleted:
        raise SocialError("no_request", _("no such pending request"))


def remove_friend(user: User, other: User) -> None:
    """End a friendship (either side). Raises SocialError("not_friends")."""
    deleted, _rows = _pair(user, other).filter(accepted_at__isnull=False).delete()
    if not deleted:
        raise SocialError("not_friends", _("you are not friends"))
    _tell(other.pk)


def ignore(user: User, other: User) -> None:
    """`user` ignores `other` from now on; pending friend requests between them are dropped (idempotent).
    Raises SocialError("bad_request") for oneself."""
    if other.pk == user.pk:
        raise SocialError("bad_request", _("you cannot ignore yourself"))
    with transaction.atomic():
        Ignore.objects.get_or_create(user=user, ignored=other)
        _pair(user, other).filter(accepted_at__isnull=True).delete()


def unignore(user: User, other: User) -> None:
    """Stop ignoring `other` (idempotent)."""
    Ignore.objects.filter(user=user, ignored=other).delete()
