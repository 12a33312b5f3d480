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

# Every permission a staff page can ask for; holding any of them makes a user staff for the header link.
STAFF_PERMISSIONS = tuple(f"ledger.{code}" for code in sorted({c for cs in ROLES.values() for c in cs}))


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


def has_any_staff_permission(user: Any) -> bool:
    """True when `user` holds any staff role's permission (superusers hold all)."""
    return bool(getattr(user, "is_authenticated", False)) and any(user.has_perm(p) for p in STAFF_PERMISSIONS)
