"""The commission schedule in force (docs/rules/settlement.md "Default commission schedule"; staff add versions)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext

from ledger import audit, roles
from ledger.calculation import DEFAULT_BANDS, Band
from ledger.models import AuditAction, CommissionBand, CommissionSchedule
from ledger.staff import require
from platform_config.rows import table_name


def bands_in_force(currency: str, at: datetime | None = None) -> tuple[int | None, tuple[Band, ...]]:
    """Return `(schedule id, bands)` in force, bands as `(lower bound minor units, rate basis points)` by lower
    bound; `(None, DEFAULT_BANDS)` when staff never stored a schedule. One hand-written statement (every
    settlement asks)."""
    at_column = CommissionSchedule._meta.get_field("effective_from")
    sql = (
        f"SELECT b.schedule_id, b.min_value, b.rate_bp FROM {table_name(CommissionBand)} b"
        f" WHERE b.schedule_id = (SELECT s.id FROM {table_name(CommissionSchedule)} s"
        " WHERE s.currency = %s AND s.effective_from <= %s ORDER BY s.effective_from DESC, s.id DESC LIMIT 1)"
        " ORDER BY b.min_value"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [currency, at_column.get_db_prep_value(at or timezone.now(), connection)])
        rows = cursor.fetchall()
    if not rows:
        return None, DEFAULT_BANDS
    return rows[0][0], tuple((lower, rate) for _id, lower, rate in rows)


def validate_bands(bands: Sequence[Band]) -> None:
    """Raise ValueError unless one band starts at 0, lower bounds are distinct and ≥ 0, and rates are 0–100 %."""
    lowers = [lower for lower, _ in bands]
    if 0 not in lowers:
        raise ValueError(gettext("one band must start at 0"))
    if len(set(lowers)) != len(lowers) or any(lower < 0 for lower in lowers):
        raise ValueError(gettext("band lower bounds must be distinct and not negative"))
    if any(not 0 <= rate <= 10_000 for _, rate in bands):
        raise ValueError(gettext("rates must be between 0 and 100 %"))


def add_schedule(
    bands: Sequence[Band],
    *,
    effective_from: datetime,
    currency: str,
    created_by: Any,
    note: str = "",
    page: str = "",
) -> CommissionSchedule:
    """Store a new schedule version (staff "edit" the schedule this way), written to the audit log with its author.

    A version starts in the future only: what was booked under the schedule in force stays explained by it.
    Raises ApprovalRefused(`not_allowed`) without the administrator's permission, ValueError for bad bands or an
    `effective_from` that is not after now.
    """
    require(created_by, roles.EDIT_SCHEDULE)
    validate_bands(bands)
    if effective_from <= timezone.now():
        raise ValueError(gettext("a schedule version must start in the future"))
    with transaction.atomic():
        schedule = CommissionSchedule.objects.create(
            effective_from=effective_from, currency=currency, created_by=created_by, note=note
        )
        CommissionBand.objects.bulk_create(
            CommissionBand(schedule=schedule, min_value=lower, rate_bp=rate) for lower, rate in bands
        )
        audit.record(
            created_by,
            AuditAction.SCHEDULE_ADDED,
            obj=schedule,
            label=f"{currency} {timezone.localtime(effective_from).isoformat()}",
            reason=note,
            page=page,
            details={"bands": [list(b) for b in bands], "effective_from": effective_from.isoformat()},
        )
    return schedule
