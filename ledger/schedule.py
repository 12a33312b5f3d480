"""The commission schedule in force (docs/rules/settlement.md "Default commission schedule"; staff add versions)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from ledger.calculation import DEFAULT_BANDS, Band
from ledger.models import CommissionBand, CommissionSchedule


def schedule_in_force(currency: str, at: datetime | None = None) -> CommissionSchedule | None:
    """The schedule with the latest `effective_from` ≤ `at` (default now) for `currency`, or None."""
    at = at or timezone.now()
    return (
        CommissionSchedule.objects.filter(currency=currency, effective_from__lte=at)
        .order_by("-effective_from", "-pk")
        .first()
    )


def bands_in_force(currency: str, at: datetime | None = None) -> tuple[int | None, tuple[Band, ...]]:
    """Return `(schedule id, bands)` in force; `(None, DEFAULT_BANDS)` when staff never stored a schedule."""
    schedule = schedule_in_force(currency, at)
    if schedule is None:
        return None, DEFAULT_BANDS
    return schedule.pk, tuple(schedule.bands())


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
    created_by_id: int | None = None,
    note: str = "",
) -> CommissionSchedule:
    """Store a new schedule version (staff "edit" the schedule this way). Raises ValueError for bad bands."""
    validate_bands(bands)
    with transaction.atomic():
        schedule = CommissionSchedule.objects.create(
            effective_from=effective_from, currency=currency, created_by_id=created_by_id, note=note
        )
        CommissionBand.objects.bulk_create(
            CommissionBand(schedule=schedule, min_value=lower, rate_bp=rate) for lower, rate in bands
        )
    return schedule
