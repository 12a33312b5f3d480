"""Named users for ledger tests: alice, bob, carol and dave are players with the starting balance; sam and
tess are staff (opened as players too, as the admin's "Add user" does)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from signup.players import open_player_account
from tests.players import verified


@pytest.fixture
def make_user(db):
    def make(name: str, **extra):
        user = get_user_model()(username=name, **extra)
        user.set_unusable_password()
        user.save()
        open_player_account(user)
        verified(user)
        return user

    return make


@pytest.fixture
def players(make_user):
    return [make_user(name) for name in ("alice", "bob", "carol", "dave")]


def give_role(user, role: str):
    """Put `user` in the staff role `role` (a ledger.roles group), creating the groups if a flush removed them."""
    from django.contrib.auth.models import Group

    from ledger.roles import ensure_roles

    ensure_roles()
    user.groups.add(Group.objects.get(name=role))
    return get_user_model().objects.get(pk=user.pk)  # a fresh object: permissions are cached per instance


@pytest.fixture
def role():
    return give_role


@pytest.fixture
def staff(make_user):
    """sam and tess, both approvers (finance + approve), so either can request and the other approve."""
    from ledger.roles import APPROVER

    return (
        give_role(make_user("sam", is_staff=True), APPROVER),
        give_role(make_user("tess", is_staff=True), APPROVER),
    )
