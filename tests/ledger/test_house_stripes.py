"""The striped house account (docs/decisions-ledger.md "House stripes"): a settlement does not wait for another
that holds the house, the house reads as one account in reports, and migration 0008 keeps the books balanced both
ways."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from ledger import services as ledger
from ledger.models import Account
from ledger.reports import reconcile
from tests.ledger.test_postgres_concurrency import make_users

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

# Seat 0 wins 75 units: C = 108 at stake 12 (docs/rules/settlement.md).
PAYMENTS = [(1, 0, 25), (2, 0, 25), (3, 0, 25)]


def reserve(unit: str, table: str, wallets: list[Account]) -> None:
    ledger.reserve_unit(unit_id=unit, table_key=table, stake=12, limit=1000, wallets=wallets)


def settle_while_the_head_is_held(unit: str) -> object:
    """Settle `unit` in another thread (own connection) while this one holds the head row of the house."""
    done: list[object] = []

    def other() -> None:
        try:
            done.append(ledger.settle_unit(unit_id=unit, payments=PAYMENTS).pk)
        except Exception as error:  # pragma: no cover - reported by the assertion
            done.append(error)
        finally:
            connection.close()

    head = ledger.house_account()
    with transaction.atomic():
        Account.objects.select_for_update().filter(pk=head.pk).first()
        thread = threading.Thread(target=other)
        thread.start()
        thread.join(timeout=20)
        finished_while_held = not thread.is_alive()
    thread.join(timeout=20)
    assert finished_while_held, "the settlement waited for the held house row"
    return done[0]


@pytest.fixture
def two_tables(postgres):
    wallets = [ledger.wallet_for(u) for u in make_users("alice", "bob", "carol", "dave")]
    reserve("round:1", "table:1", wallets)
    reserve("round:2", "table:2", wallets)
    return wallets


def test_it_settles_without_waiting_for_a_settlement_that_holds_the_house(two_tables):
    ledger.settle_unit(unit_id="round:1", payments=PAYMENTS)  # opens the head
    assert isinstance(settle_while_the_head_is_held("round:2"), int)
    head = Account.objects.get(name="house:EUR")
    stripes = list(Account.objects.filter(stripe_of=head))
    assert len(stripes) == 7 and all(s.kind == "house" for s in stripes)
    assert head.balance == 108 and sum(s.balance for s in stripes) == 108
    assert ledger.house_account().balance == 216
    assert reconcile().ok


def test_it_shows_the_house_as_one_account_with_the_running_balance_of_all_stripes(two_tables, client):
    from ledger.roles import FINANCE
    from tests.ledger.conftest import give_role

    ledger.settle_unit(unit_id="round:1", payments=PAYMENTS)
    settle_while_the_head_is_held("round:2")
    (fiona,) = make_users("fiona", is_staff=True)
    client.force_login(give_role(fiona, FINANCE))
    rows = client.get(reverse("ledger:staff_accounts"), {"group": "house", "format": "csv", "sep": "comma"})
    lines = rows.content.decode("utf-8-sig").splitlines()
    house = [ln for ln in lines if "house:EUR" in ln]
    assert len(house) == 1 and house[0].endswith(",2.16"), lines
    head = ledger.house_account()
    statement = client.get(
        reverse("ledger:staff_statement", args=[head.pk]), {"format": "csv", "sep": "comma"}
    )
    body = statement.content.decode("utf-8-sig").splitlines()[1:]
    assert len(body) == 2  # one posting on the head, one on a stripe
    assert sorted(r.split(",")[4] for r in body) == ["1.08", "2.16"], body  # the house's balance after each


def test_its_migration_keeps_the_books_balanced_both_ways(two_tables):
    ledger.settle_unit(unit_id="round:1", payments=PAYMENTS)
    settle_while_the_head_is_held("round:2")  # 1.08 on the head, 1.08 on a stripe
    try:
        house, total, mismatches = migrate_back_and_read()
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
    assert house[0] == ("house:EUR", 216)  # the head holds the whole commission again
    assert (
        all(balance == 0 for _name, balance in house[1:]) and len(house) == 2
    )  # the used stripe stays, empty
    assert total == 0 and mismatches == 0
    head = Account.objects.get(name="house:EUR")
    assert Account.objects.filter(stripe_of=head).count() == 7
    assert ledger.house_account().balance == 216
    assert reconcile().ok


def migrate_back_and_read() -> tuple[list[tuple[str, int]], int, int]:
    """Unapply migration 0008; return the house accounts `(name, balance)`, Σ balances and the count of cached
    balances that differ from Σ postings, read with SQL (the models know the new column)."""
    executor = MigrationExecutor(connection)
    executor.migrate([("ledger", "0007_take_back_bot_grants")])
    with connection.cursor() as cursor:
        cursor.execute("SELECT name, balance FROM ledger_account WHERE kind = 'house' ORDER BY id")
        house = cursor.fetchall()
        cursor.execute("SELECT SUM(balance) FROM ledger_account")
        (total,) = cursor.fetchone()
        cursor.execute(
            "SELECT COUNT(*) FROM ledger_account a WHERE a.balance <>"
            " (SELECT COALESCE(SUM(amount), 0) FROM ledger_posting p WHERE p.account_id = a.id)"
        )
        (mismatches,) = cursor.fetchone()
    return house, total, mismatches
