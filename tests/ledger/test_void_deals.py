"""A deal void as dealt books nothing (docs/rules/settlement.md, the rules files' §9: a redeal settles nothing):
Tarock's redeal (docs/rules/tarock.md §4.3) and French Tarot's petit sec (docs/rules/french_tarot.md §4) are found
before the reservation, at stakes tables dealt from fixed deals; a deal annulled later (all passed) still reserves
and releases."""

from __future__ import annotations

import pytest

from games import services as tables
from games.models import Round, Table
from ledger import services as ledger
from ledger.models import Account, SettlementUnit, Transaction, TransactionKind, UnitStatus
from ledger.reports import reconcile
from tests.french_tarot.helpers import load
from tests.ledger.test_table_settlement import order_for as tarot_order_for
from tests.tarock.helpers import FOUR_GLATZEN_DEAL
from tests.tarock.helpers import order_for as tarock_order_for

START = 10_000
TABLE_MONEY = [TransactionKind.RESERVE, TransactionKind.SETTLE, TransactionKind.RELEASE]


STAKES = {
    "tarock": 100,
    "french-tarot": 12,
}  # minor units: each game's worst case within the starting balance


def _four_people_at(players, game: str, options: dict, order: list[str], dealer: int) -> Table:
    terms = tables.TableTerms(game, options, human_seats=4, stake=STAKES[game])
    table = tables.create_table(players[0], terms)
    tables.fix_next_deal(table, order, dealer)
    for user in players[1:]:
        tables.join(user, table.pk)
    return table


def _assert_nothing_booked(table: Table, players) -> None:
    assert not Transaction.objects.filter(kind__in=TABLE_MONEY).exists()
    assert not SettlementUnit.objects.exists()
    assert [Account.objects.get(pk=ledger.wallet_for(p).pk).balance for p in players] == [START] * 4
    assert ledger.escrow_for(f"table:{table.pk}").balance == 0
    assert reconcile().ok


@pytest.fixture
def fixed_deals(settings):
    settings.KIBITZ_ALLOW_FIXED_DEALS = True
    settings.KIBITZ_NEXT_DEAL_SECONDS = 3600  # the redeal's next deal is not dealt in these tests


@pytest.mark.django_db
def test_it_books_no_ledger_transaction_for_a_tarock_redeal(players, fixed_deals):
    order = tarock_order_for(FOUR_GLATZEN_DEAL["hands"], 2)
    table = _four_people_at(players, "tarock", {}, order, 2)

    rnd = Round.objects.get(table=table, number=1)
    assert (rnd.status, rnd.result) == (Round.Status.DONE, {"redeal": ["four_glatzen"]})
    _assert_nothing_booked(table, players)


@pytest.mark.django_db
def test_it_books_no_ledger_transaction_for_a_french_tarot_petit_sec(players, fixed_deals):
    case = load("v30a-petit-sec-annulled")
    order = tarot_order_for(case["deal"], case["dealer"])
    table = _four_people_at(players, "french-tarot", case["options"], order, case["dealer"])

    rnd = Round.objects.get(table=table, number=1)
    assert rnd.status == Round.Status.DONE and rnd.result["reason"] == "petit_sec"
    _assert_nothing_booked(table, players)


@pytest.mark.django_db
def test_it_reserves_and_releases_a_deal_annulled_after_all_passed(players, fixed_deals):
    case = load("v29c-all-pass-annulled")
    order = tarot_order_for(case["deal"], case["dealer"])
    table = _four_people_at(players, "french-tarot", case["options"], order, case["dealer"])
    assert Transaction.objects.filter(kind=TransactionKind.RESERVE).count() == 4  # one per seat
    for n, step in enumerate(case["actions"]):
        version = Table.objects.get(pk=table.pk).version
        tables.act(players[step["seat"]], table.pk, version, f"m{n}", step["action"])

    rnd = Round.objects.get(table=table, number=1)
    assert rnd.status == Round.Status.DONE and rnd.result["reason"] == "all_passed"
    unit = SettlementUnit.objects.get(unit_id=f"round:{rnd.pk}")
    assert unit.status == UnitStatus.RELEASED
    assert Transaction.objects.filter(kind=TransactionKind.RELEASE).exists()
    assert [Account.objects.get(pk=ledger.wallet_for(p).pk).balance for p in players] == [START] * 4
    assert reconcile().ok
