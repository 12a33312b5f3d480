"""The ledger against real PostgreSQL under concurrency (docs/rules/settlement.md "Invariants"): one settlement per
unit, no wallet below zero, no deadlock between opposite transfers, and the database's own guards."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction

from ledger import services as ledger
from ledger.models import Account, Transaction
from ledger.reports import reconcile
from ledger.roles import APPROVER
from signup.players import open_player_account
from tests.ledger.conftest import give_role
from tests.players import verified

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def make_users(*names: str, **extra):
    users = []
    for name in names:
        user = get_user_model()(username=name, **extra)
        user.set_unusable_password()
        user.save()
        open_player_account(user)
        verified(user)
        users.append(user)
    return users


def run_threads(jobs: list[Callable[[], object]]) -> list[object]:
    """Run every job in its own thread (own DB connection), started together; returns results or exceptions."""
    barrier = threading.Barrier(len(jobs))
    results: list[object] = [None] * len(jobs)

    def runner(i: int) -> None:
        try:
            barrier.wait()
            results[i] = jobs[i]()
        except Exception as error:
            results[i] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=runner, args=(i,)) for i in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return results


def test_it_books_one_settlement_when_eight_threads_settle_the_same_unit(postgres):
    wallets = [ledger.wallet_for(u) for u in make_users("alice", "bob", "carol", "dave")]
    ledger.reserve_unit(unit_id="round:1", table_key="table:1", stake=12, limit=1800, wallets=wallets)
    payments = [(1, 0, 25), (2, 0, 25), (3, 0, 25)]
    results = run_threads([lambda: ledger.settle_unit(unit_id="round:1", payments=payments).pk] * 8)
    assert all(isinstance(r, int) for r in results), results
    assert len(set(results)) == 1
    assert Transaction.objects.filter(kind="settle").count() == 1
    assert [Account.objects.get(pk=w.pk).balance for w in wallets] == [10_792, 9700, 9700, 9700]
    assert ledger.house_account().balance == 108
    assert reconcile().ok


def test_it_never_takes_a_wallet_below_zero_under_concurrent_reserves_settles_and_debits(postgres):
    (alice,) = make_users("alice")
    sam, tess = (give_role(u, APPROVER) for u in make_users("sam", "tess", is_staff=True))
    wallet = ledger.wallet_for(alice)
    bots = [ledger.bot_wallet(f"bot{i}") for i in range(6)]
    debits = [
        ledger.request_adjustment(account=wallet, amount=-2500, reason="chargeback", requested_by=sam)
        for _ in range(4)
    ]
    reserves = [
        (
            lambda i=i: ledger.reserve_unit(
                unit_id=f"round:{i}", table_key="table:1", stake=10, limit=2000, wallets=[wallet, bots[i]]
            )
        )
        for i in range(6)
    ]
    approvals = [(lambda d=d: ledger.approve_adjustment(d.pk, tess)) for d in debits]
    results = run_threads(reserves + approvals)
    refused = (ledger.SeatsCannotCover, ledger.InsufficientFunds)
    assert all(not isinstance(r, Exception) or isinstance(r, refused) for r in results), results
    reserved = sum(not isinstance(r, Exception) for r in results[:6])
    debited = sum(not isinstance(r, Exception) for r in results[6:])
    balance = Account.objects.get(pk=wallet.pk).balance
    assert balance == 10_000 - 2000 * reserved - 2500 * debited >= 0
    assert reserved + debited >= 4  # the money was used, not refused for lack of it
    # now settle every reserved unit (alice loses each) while more debits race for what is left
    more = [
        ledger.request_adjustment(account=wallet, amount=-700, reason="fee", requested_by=sam)
        for _ in range(3)
    ]
    settles = [
        (lambda i=i: ledger.settle_unit(unit_id=f"round:{i}", payments=[(0, 1, 200)]))
        for i, r in enumerate(results[:6])
        if not isinstance(r, Exception)
    ]
    outcome = run_threads(settles + [(lambda d=d: ledger.approve_adjustment(d.pk, tess)) for d in more])
    assert all(not isinstance(r, Exception) or isinstance(r, refused) for r in outcome), outcome
    assert Account.objects.get(pk=wallet.pk).balance >= 0
    assert all(a.balance >= 0 for a in Account.objects.filter(kind__in=["wallet", "escrow"]))
    assert ledger.escrow_for("table:1").balance == 0
    assert reconcile().ok


def test_it_neither_deadlocks_nor_fails_on_opposite_transfers(postgres):
    alice, bob = make_users("alice", "bob")
    a, b = ledger.wallet_for(alice).pk, ledger.wallet_for(bob).pk

    def transfers(src: int, dst: int, tag: str) -> int:
        for n in range(40):
            ledger.post(
                key=f"{tag}:{n}", kind="adjustment", lines=[(src, -100), (dst, 100)], reason="transfer"
            )
        return 40

    results = run_threads([lambda: transfers(a, b, "ab"), lambda: transfers(b, a, "ba")] * 2)
    assert results == [40, 40, 40, 40]
    assert Account.objects.get(pk=a).balance == Account.objects.get(pk=b).balance == 10_000
    assert reconcile().ok


def test_it_lets_the_database_refuse_raw_update_and_delete_of_postings(postgres):
    make_users("alice")
    for sql in (
        "UPDATE ledger_posting SET amount = amount + 1",
        "DELETE FROM ledger_posting",
        "UPDATE ledger_transaction SET reason = 'x'",
        "DELETE FROM ledger_transaction",
    ):
        with (
            pytest.raises(IntegrityError, match="append-only"),
            transaction.atomic(),
            connection.cursor() as cursor,
        ):
            cursor.execute(sql)
    assert reconcile().ok


def test_it_lets_the_database_refuse_an_unbalanced_transaction_and_a_negative_wallet(postgres):
    (alice,) = make_users("alice")
    wallet = ledger.wallet_for(alice)
    with (
        pytest.raises(IntegrityError, match="does not balance"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(
            "INSERT INTO ledger_transaction (key, fingerprint, kind, reason, details, created_at)"
            " VALUES ('raw', '', 'adjustment', '', '{}', now()) RETURNING id"
        )
        tx_id = cursor.fetchone()[0]
        cursor.execute(
            "INSERT INTO ledger_posting (transaction_id, account_id, amount, balance_after)"
            " VALUES (%s, %s, 5, 10005)",
            [tx_id, wallet.pk],
        )
    with (
        pytest.raises(IntegrityError, match="not_negative"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("UPDATE ledger_account SET balance = -1 WHERE id = %s", [wallet.pk])
    assert reconcile().ok
