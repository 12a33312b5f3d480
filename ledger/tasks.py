"""Celery tasks of the ledger (docs/deploy.md "Background work"); the close runs again after an outage of PostgreSQL
or Redis it meets (platform_config.outages.TASK_RETRY)."""

from __future__ import annotations

import logging

from celery import shared_task

from ledger.models import LedgerClose
from ledger.reports import reconcile
from platform_config.outages import TASK_RETRY

log = logging.getLogger(__name__)

CLOSE_TASK = "ledger.close"


@shared_task(name=CLOSE_TASK, ignore_result=True, **TASK_RETRY)
def close_ledger() -> int:
    """The scheduled ledger close (Celery beat, every settings.KIBITZ_LEDGER_CLOSE_SECONDS): run the
    reconciliation and record its outcome as a LedgerClose row for staff; an unbalanced ledger is also logged as
    an error. Returns the row's id."""
    check = reconcile()
    row = LedgerClose.objects.create(
        balanced=check.ok,
        total_balance=check.total_balance,
        cache_mismatches=len(check.cache_mismatches),
        unbalanced=len(check.unbalanced),
    )
    if not check.ok:
        log.error(
            "ledger close %s: NOT balanced (Σ balances %s, %s cache mismatches, %s unbalanced transactions)",
            row.pk,
            check.total_balance,
            len(check.cache_mismatches),
            len(check.unbalanced),
        )
    return row.pk
