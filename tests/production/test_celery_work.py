"""Celery does the background work (docs/deploy.md "Background work"), with a real worker process on PostgreSQL
and Redis: a bot's move computed in the worker reaches the table, the ledger close under beat (its interval
shortened to a second) records a balanced reconciliation, and beat's tables clean-up closes an abandoned table."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Event, Round, Seat, Table
from games.services.bot_work import dispatch_due_bots
from ledger.models import LedgerClose
from signup.players import open_player_account
from tests.players import verified

from .workers import start_worker, stop_worker, wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True), pytest.mark.timeout(120)]


@pytest.fixture
def worker(postgres, redis_url, settings, tmp_path):
    settings.KIBITZ_BOT_PAUSE_SECONDS = 0
    process = start_worker(
        "platform_config",
        tmp_path / "worker.log",
        beat=True,
        KIBITZ_LEDGER_CLOSE_SECONDS="1",
        KIBITZ_TABLES_CLEANUP_SECONDS="1",
        KIBITZ_BOT_CAP_SECONDS="3",
    )
    yield process
    stop_worker(process)


def table_with_a_bot_to_act(user) -> Table:
    """A French Tarot table with one person and three bots whose first turn is a bot's (the dealer is drawn)."""
    for _ in range(20):
        table = services.create_table(user, services.TableTerms("french-tarot", human_seats=1))
        if Round.objects.get(table=table, status="playing").bot_due_at is not None:
            return table
    raise AssertionError("no deal opened with a bot to act")


def bot_moves(table: Table) -> int:
    return Event.objects.filter(table=table, kind="act").exclude(seat=0).count()


def test_a_bot_move_computed_in_a_worker_reaches_the_table(worker, users_for_work):
    table = table_with_a_bot_to_act(users_for_work)
    assert bot_moves(table) == 0
    assert wait_for(lambda: bot_moves(table) >= 1, 60, step=dispatch_due_bots), (
        "no bot move came from the worker"
    )
    assert worker.poll() is None


def test_the_ledger_close_under_beat_records_a_balanced_reconciliation(worker, users_for_work):
    assert wait_for(lambda: LedgerClose.objects.exists(), 60), "beat never ran the ledger close"
    close = LedgerClose.objects.first()
    assert (
        close.balanced and close.total_balance == 0 and close.unbalanced == 0 and close.cache_mismatches == 0
    )


def test_the_tables_clean_up_under_beat_closes_an_abandoned_table(worker, users_for_work):
    table = services.create_table(users_for_work, services.TableTerms("french-tarot", human_seats=1))
    gone = timezone.now() - timedelta(minutes=11)  # alice's last socket closed 11 minutes ago
    Seat.objects.filter(table=table, number=0).update(away_since=gone)
    assert wait_for(lambda: Table.objects.get(pk=table.pk).status == Table.Status.CLOSED, 60), (
        "beat never closed the abandoned table"
    )
    assert Round.objects.get(table=table).status == Round.Status.ABORTED
    assert Event.objects.filter(table=table, kind="closed").get().data == {"reason": "abandoned"}


@pytest.fixture
def users_for_work(db):
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("alice", password="pw-for-tests-only")
    open_player_account(user)  # a starting grant: the ledger has a transaction to reconcile
    return verified(user)
