"""Audit receivers (docs/decisions-ledger.md "Audit log"): a staff member's log-in, and every change made in the
Django admin (Django writes a LogEntry for each; the audit log repeats it with who, what and the change message),
so role or account changes made there are not silent."""

from __future__ import annotations

from typing import Any

from django.contrib.admin.models import LogEntry
from django.contrib.auth.signals import user_logged_in
from django.db.models.signals import post_save
from django.dispatch import receiver

from ledger import audit, roles
from ledger.models import AuditAction


@receiver(user_logged_in, dispatch_uid="ledger_audit_staff_login")
def staff_logged_in(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """Record the log-in of a staff account (`is_staff`, `is_superuser` or any staff role); players' log-ins are
    not staff actions."""
    if user.is_staff or user.is_superuser or roles.holds_any_role(user):
        audit.record(
            user,
            AuditAction.STAFF_LOGIN,
            obj=user,
            label=user.get_username(),
            page=getattr(request, "path", "") if request is not None else "",
        )


@receiver(post_save, sender=LogEntry, dispatch_uid="ledger_audit_admin_change")
def admin_changed(sender: Any, instance: LogEntry, created: bool, **kwargs: Any) -> None:
    """Repeat a Django admin LogEntry (add, change, delete of any row) in the audit log."""
    if not created:
        return
    model = instance.content_type.model_class() if instance.content_type is not None else None
    audit.record(
        instance.user,
        AuditAction.ADMIN_CHANGE,
        label=f"{model.__name__ if model else ''} {instance.object_repr}".strip(),
        page="/admin/",
        details={
            "flag": {1: "added", 2: "changed", 3: "deleted"}.get(
                instance.action_flag, str(instance.action_flag)
            ),
            "object_type": model.__name__ if model else "",
            "object_id": instance.object_id or "",
            "change": instance.get_change_message(),
        },
    )
