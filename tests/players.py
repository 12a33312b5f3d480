"""Test players: a user who may play for money has a verified e-mail address (ledger.players)."""

from __future__ import annotations

from typing import Any

from accounts.verification import mark_verified


def verified(user: Any) -> Any:
    """Give `user` a verified address `<username>@example.invalid`; returns the user."""
    mark_verified(user, f"{user.username}@example.invalid")
    return user


def with_role(user: Any, role: str, granted_by: Any = None, decided_by: Any = None) -> Any:
    """Give `user` the staff role `role` as an active, recorded grant (what the staff-roles page books once a
    second administrator approved it; `granted_by`/`decided_by` default to none, as `manage.py
    first_administrator`), creating the role groups if a flush removed them. Returns a fresh user object
    (permissions are cached per instance)."""
    from django.contrib.auth import get_user_model

    from ledger.models import RoleGrant
    from ledger.roles import ensure_roles
    from ledger.staff import _sync_groups

    ensure_roles()
    RoleGrant.objects.create(
        grantee=user, role=role, status="active", granted_by=granted_by, decided_by=decided_by
    )
    _sync_groups(user)
    return get_user_model().objects.get(pk=user.pk)
