"""Authentication backends whose staff permissions come from recorded role grants only
(docs/decisions-ledger.md "Separation of duties").

Django's ModelBackend gives a superuser every permission and a group's members the group's permissions, however
they got into it (the Django admin, a shell). For the staff roles' permissions (ledger.roles.STAFF_PERMISSIONS)
that bypasses the staff-roles page and its four eyes, so these backends drop those permissions from what
ModelBackend finds and add those of the user's active RoleGrant rows instead. Every other permission (the
admin's read-only views, Django's own) is ModelBackend's. accounts.models.User.has_perm skips its superuser
shortcut for the same permissions.
"""

from __future__ import annotations

from typing import Any

from allauth.account.auth_backends import AuthenticationBackend
from django.contrib.auth.backends import ModelBackend

from ledger import roles

_STAFF = frozenset(roles.STAFF_PERMISSIONS)


class _GrantedRolesMixin:
    """Filters ModelBackend's permissions and adds the granted roles' (cached per user object, like Django's)."""

    def _get_permissions(self, user_obj: Any, obj: Any, from_name: str) -> set[str]:
        found: set[str] = super()._get_permissions(user_obj, obj, from_name)  # type: ignore[misc]
        return {p for p in found if p not in _STAFF}

    def get_all_permissions(self, user_obj: Any, obj: Any = None) -> set[str]:
        found: set[str] = super().get_all_permissions(user_obj, obj)  # type: ignore[misc]
        if not user_obj.is_active or user_obj.is_anonymous or obj is not None:
            return found
        if not hasattr(user_obj, "_granted_role_perm_cache"):
            user_obj._granted_role_perm_cache = roles.granted_permissions(user_obj)
        return {*found, *user_obj._granted_role_perm_cache}


class StaffRoleBackend(_GrantedRolesMixin, ModelBackend):
    """Django's ModelBackend with staff permissions from active role grants only."""


class AllauthStaffRoleBackend(_GrantedRolesMixin, AuthenticationBackend):
    """allauth's backend (log-in by the allowed methods) with staff permissions from active role grants only."""
