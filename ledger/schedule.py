"""The commission schedule in force (docs/rules/settlement.md "Default commission schedule"): an administrator asks
for a new version, a second administrator approves it, and it takes effect no sooner than the notice period
(KIBITZ_SCHEDULE_NOTICE_HOURS, default 24) after that approval, shown to players meanwhile (docs/decisions-ledger.md
"Separation of duties")."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils import formats, timezone
from django.utils.translation import gettext

from ledger import audit, roles
from ledger.calculation import DEFAULT_BANDS, Band
from ledger.errors import ApprovalRefused
from ledger.models import AuditAction, CommissionBand, CommissionSchedule, ScheduleStatus
from ledger.staff import audited, refuse_puppet, require
from platform_config.rows import table_name


def notice_period() -> timedelta:
    """How long before a new commission schedule applies, counted from its approval: KIBITZ_SCHEDULE_NOTICE_HOURS
    (default 24 hours)."""
    return timedelta(hours=int(getattr(settings, "KIBITZ_SCHEDULE_NOTICE_HOURS", 24)))


def upcoming_schedules(currency: str, now: datetime | None = None) -> list[CommissionSchedule]:
    """Approved versions not in force yet (earliest first), with their bands prefetched: what players are told
    before it applies (the wallet page)."""
    return list(
        CommissionSchedule.objects.filter(
            currency=currency, status=ScheduleStatus.APPROVED, effective_from__gt=now or timezone.now()
        )
        .prefetch_related("band_set")
        .order_by("effective_from", "pk")
    )


def bands_in_force(currency: str, at: datetime | None = None) -> tuple[int | None, tuple[Band, ...]]:
    """Return `(schedule id, bands)` in force, bands as `(lower bound minor units, rate basis points)` by lower
    bound; `(None, DEFAULT_BANDS)` when staff never stored a schedule. One hand-written statement (every
    settlement asks)."""
    at_column = CommissionSchedule._meta.get_field("effective_from")
    sql = (
        f"SELECT b.schedule_id, b.min_value, b.rate_bp FROM {table_name(CommissionBand)} b"
        f" WHERE b.schedule_id = (SELECT s.id FROM {table_name(CommissionSchedule)} s"
        " WHERE s.currency = %s AND s.status = 'approved' AND s.effective_from <= %s"
        " ORDER BY s.effective_from DESC, s.id DESC LIMIT 1)"
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


def _too_soon() -> str:
    earliest = timezone.localtime(timezone.now() + notice_period())
    return gettext(
        "a schedule version starts no sooner than %(hours)s hours after its approval (%(earliest)s)"
    ) % {
        "hours": int(notice_period().total_seconds() // 3600),
        "earliest": formats.date_format(earliest, "DATETIME_FORMAT"),
    }


@audited(AuditAction.SCHEDULE_ADDED, actor="created_by")
def add_schedule(
    bands: Sequence[Band],
    *,
    effective_from: datetime,
    currency: str,
    created_by: Any,
    note: str = "",
    page: str = "",
) -> CommissionSchedule:
    """Ask for a new schedule version (staff "edit" the schedule this way), written to the audit log with its
    author. It is `pending` until a second administrator approves it (approve_schedule); only approved versions
    are ever in force.

    A version starts no sooner than the notice period from now (and again from its approval), so players are told
    before it applies and what was booked stays explained by the schedule it used. Raises
    ApprovalRefused(`not_allowed`) without the administrator's permission, ValueError for bad bands or an
    `effective_from` sooner than now + the notice period.
    """
    require(created_by, roles.EDIT_SCHEDULE)
    validate_bands(bands)
    if effective_from < timezone.now() + notice_period():
        raise ValueError(_too_soon())
    with transaction.atomic():
        schedule = CommissionSchedule.objects.create(
            effective_from=effective_from,
            currency=currency,
            created_by=created_by,
            note=note,
            status=ScheduleStatus.PENDING,
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


def _lock_pending_schedule(schedule_id: int, approver: Any) -> CommissionSchedule:
    schedule = CommissionSchedule.objects.select_for_update().filter(pk=schedule_id).first()
    if schedule is None:
        raise ApprovalRefused("no_such_request", gettext("there is no such request"))
    if schedule.status != ScheduleStatus.PENDING:
        raise ApprovalRefused("already_decided", gettext("this schedule version was already decided"))
    if schedule.created_by_id == approver.pk:
        raise ApprovalRefused("same_staff", gettext("a second administrator must approve a schedule version"))
    refuse_puppet(approver, schedule.created_by_id, roles.EDIT_SCHEDULE)
    return schedule


@audited(AuditAction.SCHEDULE_APPROVED, actor="approver")
def approve_schedule(schedule_id: int, approver: Any, *, page: str = "") -> CommissionSchedule:
    """A second administrator approves a pending schedule version; it applies from its `effective_from`, which
    must still be at least the notice period away (else ask for a later version). Raises ApprovalRefused
    (not_allowed, no_such_request, already_decided, same_staff, granted_by_requester, notice_too_short)."""
    require(approver, roles.EDIT_SCHEDULE)
    with transaction.atomic():
        schedule = _lock_pending_schedule(schedule_id, approver)
        now = timezone.now()
        if schedule.effective_from < now + notice_period():
            raise ApprovalRefused("notice_too_short", _too_soon())
        CommissionSchedule.objects.filter(pk=schedule.pk).update(
            status=ScheduleStatus.APPROVED, decided_by=approver, decided_at=now
        )
        audit.record(
            approver,
            AuditAction.SCHEDULE_APPROVED,
            obj=schedule,
            label=f"{schedule.currency} {timezone.localtime(schedule.effective_from).isoformat()}",
            reason=schedule.note,
            page=page,
            details={
                "created_by": schedule.created_by_id,
                "effective_from": schedule.effective_from.isoformat(),
            },
        )
    schedule.refresh_from_db()
    return schedule


@audited(AuditAction.SCHEDULE_REJECTED, actor="approver")
def reject_schedule(schedule_id: int, approver: Any, *, page: str = "") -> None:
    """A second administrator rejects a pending schedule version (it never applies). Raises ApprovalRefused
    (not_allowed, no_such_request, already_decided, same_staff, granted_by_requester)."""
    require(approver, roles.EDIT_SCHEDULE)
    with transaction.atomic():
        schedule = _lock_pending_schedule(schedule_id, approver)
        CommissionSchedule.objects.filter(pk=schedule.pk).update(
            status=ScheduleStatus.REJECTED, decided_by=approver, decided_at=timezone.now()
        )
        audit.record(
            approver,
            AuditAction.SCHEDULE_REJECTED,
            obj=schedule,
            label=f"{schedule.currency} {timezone.localtime(schedule.effective_from).isoformat()}",
            reason=schedule.note,
            page=page,
        )
