"""The site header's ledger links: Wallet for everyone signed in, Ledger reports for holders of a staff role."""

from __future__ import annotations

from django import template

from ledger.roles import has_any_staff_permission

register = template.Library()


@register.simple_tag
def is_ledger_staff(user: object) -> bool:
    """True when `user` holds any staff role's permission (ledger.roles.STAFF_PERMISSIONS)."""
    return has_any_staff_permission(user)
