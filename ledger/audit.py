"""The append-only audit log of staff actions (docs/decisions-ledger.md "Audit log"): who, what, when, on which
object, why, on which page. Staff services call `record` inside the same database transaction as the action, so
an action and its entry commit together or not at all."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ledger.models import AuditEntry


def record(
    actor: Any,
    action: str,
    *,
    obj: Any = None,
    label: str = "",
    reason: str = "",
    page: str = "",
    details: Mapping[str, Any] | None = None,
) -> AuditEntry:
    """Write one audit entry.

    Args: actor (the staff user), action (an AuditAction value), obj (the model row acted on, or None), label
    (how people name the object, e.g. "alice's wallet"; default `str(obj)`), reason (the staff member's reason),
    page (the path the action was taken on), details (JSON: amounts in minor units, ids).
    Returns the entry. Raises nothing of its own.
    """
    return AuditEntry.objects.create(
        actor=actor,
        action=action,
        object_type=type(obj).__name__ if obj is not None else "",
        object_id=str(obj.pk) if obj is not None else "",
        object_label=(label or (str(obj) if obj is not None else ""))[:200],
        reason=reason,
        page=page[:300],
        details=dict(details or {}),
    )
