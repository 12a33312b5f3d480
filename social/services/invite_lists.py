"""Named invite lists that a player keeps ("Thursday Jass")."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from accounts.models import User
from social.errors import SocialError
from social.models import InviteList

NAME_MAX = 40


def create_list(owner: User, name: str) -> InviteList:
    """A new empty list. Raises SocialError("bad_request") for a blank or too long name, ("already") for a
    name the owner already uses."""
    name = name.strip()
    if not 0 < len(name) <= NAME_MAX:
        raise SocialError("bad_request", _("a list name is 1..%(max)s characters") % {"max": NAME_MAX})
    try:
        with transaction.atomic():
            return InviteList.objects.create(owner=owner, name=name)
    except IntegrityError:
        raise SocialError("already", _("you have a list of that name")) from None


def own_list(owner: User, list_id: int) -> InviteList:
    """The owner's list `list_id`. Raises SocialError("no_list") for a list that is not theirs."""
    row = InviteList.objects.filter(pk=list_id, owner=owner).first()
    if row is None:
        raise SocialError("no_list", _("no such invite list"))
    return row


def add_member(owner: User, list_id: int, member: User) -> None:
    """Put `member` on the owner's list (idempotent). Raises SocialError("no_list" | "bad_request")."""
    row = own_list(owner, list_id)
    if member.pk == owner.pk or member.is_house_bot:
        raise SocialError("bad_request", _("a list holds other players, not you or a bot"))
    row.members.add(member)


def remove_member(owner: User, list_id: int, member: User) -> None:
    """Take `member` off the owner's list (idempotent). Raises SocialError("no_list")."""
    own_list(owner, list_id).members.remove(member)


def delete_list(owner: User, list_id: int) -> None:
    """Delete the owner's list; tables using it then admit invited players only. Raises SocialError("no_list")."""
    own_list(owner, list_id).delete()
