"""The append-only audit log of staff actions (docs/decisions-ledger.md "Audit log"): who, what, when, on which
object, why, on which page. Staff services call `record` inside the same database transaction as the action, so
an action and its entry commit together or not at all."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime
from typing import Any

from django.db import models

from ledger.models import AuditEntry, AuditOutcome


def record(
    actor: Any,
    action: str,
    *,
    obj: Any = None,
    label: str = "",
    reason: str = "",
    page: str = "",
    details: Mapping[str, Any] | None = None,
    outcome: str = AuditOutcome.ALLOWED,
) -> AuditEntry:
    """Write one audit entry.

    Args: actor (the staff user; None for the site itself, e.g. a manage.py command), action (an AuditAction
    value), obj (the model row acted on, or None), label
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
        outcome=outcome,
    )


def refused(
    actor: Any,
    action: str,
    *,
    code: str,
    message: str,
    page: str = "",
    label: str = "",
    details: Mapping[str, Any] | None = None,
) -> AuditEntry | None:
    """Write the entry of a refused attempt (outcome `refused`): what was tried (`action`), the refusal's `code`
    and `message`, where, and the attempt's plain arguments. Returns the entry, or None for an anonymous actor
    (nobody to name; log-in is required before any staff page)."""
    if not getattr(actor, "is_authenticated", False):
        return None
    return record(
        actor,
        action,
        label=label,
        reason=message,
        page=page,
        details={**(details or {}), "code": code},
        outcome=AuditOutcome.REFUSED,
    )


def _plain(value: Any) -> tuple[bool, Any]:
    """(True, the JSON-safe form of `value`) or (False, None) when it has none."""
    if isinstance(value, bool | int | str) or value is None:
        return True, value
    if isinstance(value, models.Model):
        return True, value.pk
    if isinstance(value, datetime | date):
        return True, value.isoformat()
    if isinstance(value, list | tuple | set | frozenset):
        items = [_plain(v) for v in value]
        if all(ok for ok, _v in items):
            shown = [v for _ok, v in items]
            return True, sorted(shown) if isinstance(value, set | frozenset) else shown
    return False, None


def plain_arguments(arguments: Mapping[str, Any], skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """The JSON-safe part of a service call's arguments for an audit entry: numbers, text and booleans as they
    are, model rows as their primary key, dates and times in ISO 8601, lists and tuples of these as lists (a
    schedule's bands: [[upper bound, rate], …]; sets sorted); anything else is left out."""
    plain: dict[str, Any] = {}
    for name, value in arguments.items():
        if name in skip:
            continue
        ok, shown = _plain(value)
        if ok:
            plain[name] = shown
    return plain
