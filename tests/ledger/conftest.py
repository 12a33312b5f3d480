"""Named users for ledger tests: alice, bob, carol and dave are players with the starting balance; sam and
tess are staff (opened as players too, as the admin's "Add user" does)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from signup.players import open_player_account
from tests.players import verified, with_role


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


def give_role(user, role: str, granted_by=None, decided_by=None):
    """Give `user` the staff role `role` as an active, recorded grant (tests.players.with_role)."""
    return with_role(user, role, granted_by, decided_by)


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
