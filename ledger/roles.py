"""Staff roles as Django groups with permissions (docs/decisions-ledger.md "Staff roles and four eyes").

Each role is a group; a person may hold several. The permissions are the custom ones declared on
ledger.models.AuditEntry plus Django's own `ledger.add_commissionschedule` and `auth.change_group`'s cousin
`ledger.manage_staff_roles`. `ensure_roles(apps)` creates or completes the groups; the data migration calls it
with the historical apps, tests and `manage.py` with the real ones.
"""

from __future__ import annotations

from typing import Any

from django.apps import apps as installed_apps
from django.contrib.auth.management import create_permissions
from django.contrib.contenttypes.management import create_contenttypes
from django.utils.translation import gettext_lazy as _

from ledger.models import RoleGrant, RoleGrantStatus

FINANCE = "Finance"
APPROVER = "Approver"
RESPONSIBLE_GAMING = "Responsible-gaming officer"
ADMINISTRATOR = "Administrator"

VIEW_REPORTS = "view_reports"
VIEW_PLAYER_SAFETY = "view_player_safety"
REQUEST_CORRECTION = "request_correction"
APPROVE_CORRECTION = "approve_correction"
SET_COOL_OFF = "set_cool_off"
MANAGE_STAFF_ROLES = "manage_staff_roles"
EDIT_SCHEDULE = "add_commissionschedule"

_FINANCE = (VIEW_REPORTS, VIEW_PLAYER_SAFETY, REQUEST_CORRECTION)
# Group name → codenames of app `ledger`. "Approver" and "Administrator" hold everything of the roles below them.
ROLES: dict[str, tuple[str, ...]] = {
    FINANCE: _FINANCE,
    APPROVER: (*_FINANCE, APPROVE_CORRECTION),
    RESPONSIBLE_GAMING: (VIEW_PLAYER_SAFETY, SET_COOL_OFF),
    ADMINISTRATOR: (*_FINANCE, APPROVE_CORRECTION, SET_COOL_OFF, EDIT_SCHEDULE, MANAGE_STAFF_ROLES),
}

ROLE_LABELS = {
    FINANCE: _("Finance"),
    APPROVER: _("Approver"),
    RESPONSIBLE_GAMING: _("Responsible-gaming officer"),
    ADMINISTRATOR: _("Administrator"),
}

# Every permission a staff page can ask for; holding any of them makes a user staff for the header link. Only an
# active RoleGrant gives one (ledger.backends.StaffRoleBackend); a superuser holds none of them by being one.
STAFF_PERMISSIONS = tuple(f"ledger.{code}" for code in sorted({c for cs in ROLES.values() for c in cs}))

# Roles that can approve money or give roles: granting one is itself a request a second administrator approves
# (docs/decisions-ledger.md "Separation of duties").
FOUR_EYES_ROLES = frozenset(
    name for name, codes in ROLES.items() if APPROVE_CORRECTION in codes or MANAGE_STAFF_ROLES in codes
)


def ensure_roles(apps: Any = None) -> None:
    """Create the four groups with exactly their permissions (idempotent; extra permissions added by hand to a
    group are removed). `apps` is a migration's app registry, or None for the installed apps."""
    apps = apps or installed_apps
    config = apps.get_app_config("ledger")
    create_contenttypes(config, verbosity=0, apps=apps)
    create_permissions(config, verbosity=0, apps=apps)
    group_model = apps.get_model("auth", "Group")
    permission_model = apps.get_model("auth", "Permission")
    for name, codenames in ROLES.items():
        group, _created = group_model.objects.get_or_create(name=name)
        perms = permission_model.objects.filter(content_type__app_label="ledger", codename__in=codenames)
        group.permissions.set(perms)


def granted_roles(user: Any) -> set[str]:
    """The role names `user` holds through an active RoleGrant (ledger.models.RoleGrant); empty for anonymous
    users and inactive accounts."""
    if not (getattr(user, "pk", None) and getattr(user, "is_active", False)):
        return set()
    names = RoleGrant.objects.filter(grantee_id=user.pk, status=RoleGrantStatus.ACTIVE).values_list(
        "role", flat=True
    )
    return {name for name in names if name in ROLES}


def granted_permissions(user: Any) -> set[str]:
    """The staff permissions (`"ledger.<codename>"`) of `user`'s active role grants."""
    return {f"ledger.{code}" for name in granted_roles(user) for code in ROLES[name]}


def holds_any_role(user: Any) -> bool:
    """True when `user` has an active role grant or sits in a role's group (however it got there): such an
    account is staff for the stakes-table rule even if its grant was never recorded."""
    if not getattr(user, "pk", None):
        return False
    return (
        RoleGrant.objects.filter(grantee_id=user.pk, status=RoleGrantStatus.ACTIVE).exists()
        or user.groups.filter(name__in=ROLES).exists()
    )


def has_any_staff_permission(user: Any) -> bool:
    """True when `user` holds any staff role's permission (superusers hold all)."""
    return bool(getattr(user, "is_authenticated", False)) and any(user.has_perm(p) for p in STAFF_PERMISSIONS)
