"""Reserve, settle and release through the ledger (docs/rules/settlement.md "Steps" 7 and "Money safety")."""

from __future__ import annotations

import pytest

from ledger import services as ledger
from ledger.models import Account, SettlementUnit, Transaction, UnitStatus
from ledger.reports import reconcile

EXAMPLES = {
    # name: (stake, limit, payments, wallet changes, house)
    "example 1 seed solo wins": (100, 1000, [(1, 0, 3), (2, 0, 3), (3, 0, 3)], [792, -300, -300, -300], 108),
    "example 2 solo loses": (100, 1000, [(0, 1, 3), (0, 2, 3), (0, 3, 3)], [-900, 264, 264, 264], 108),
    "example 3 two against two": (100, 1000, [(1, 0, 2), (3, 2, 2)], [164, -200, 164, -200], 72),
    "example 4 limit 2.00": (100, 200, [(1, 0, 3), (2, 0, 3), (3, 0, 3)], [528, -200, -200, -200], 72),
    "example 5 rummy": (10, 1000, [(1, 0, 25), (2, 0, 10), (3, 0, 2)], [326, -250, -100, -20], 44),
    "french tarot vector 34": (10, 1500, [(1, 0, 54), (2, 0, 54), (3, 0, 54)], [1448, -540, -540, -540], 172),
    "french tarot vector 35": (
        10,
        1500,
        [(1, 0, 330), (2, 0, 330), (3, 0, 330)],
        [4020, -1500, -1500, -1500],
        480,
    ),
}


def balances(accounts):
    return [Account.objects.get(pk=a.pk).balance for a in accounts]


def book(players, unit_id, stake, limit, payments, result=None):
    wallets = [ledger.wallet_for(p) for p in players]
    ledger.reserve_unit(unit_id=unit_id, table_key="table:1", stake=stake, limit=limit, wallets=wallets)
    return ledger.settle_unit(unit_id=unit_id, payments=payments, result=result)


@pytest.mark.django_db
@pytest.mark.parametrize("name", EXAMPLES)
def test_it_books_the_worked_examples_exactly(players, name):
    stake, limit, payments, changes, house = EXAMPLES[name]
    wallets = [ledger.wallet_for(p) for p in players]
    before = balances(wallets)
    book(players, "round:1", stake, limit, payments)
    after = balances(wallets)
    assert [a - b for a, b in zip(after, before, strict=True)] == changes
    assert ledger.house_account().balance == house
    assert ledger.escrow_for("table:1").balance == 0
    assert reconcile().ok


@pytest.mark.django_db
def test_it_records_the_whole_calculation_for_the_seed_petite(players):
    result = {"contract": "petite", "made_by": 0}
    booked = book(players, "round:7", 12, 150 * 12, [(1, 0, 25), (2, 0, 25), (3, 0, 25)], result)
    calc = booked.details["calculation"]
    assert (calc["stake"], calc["limit"], calc["value"], calc["rate_bp"], calc["commission"]) == (
        12,
        1800,
        300,
        900,
        108,
    )
    assert calc["payments"] == [[1, 0, 25], [2, 0, 25], [3, 0, 25]]
    assert calc["wallet_changes"] == [792, -300, -300, -300]
    assert booked.details["result"] == result
    unit = SettlementUnit.objects.get(unit_id="round:7")
    assert (unit.status, unit.value, unit.rate_bp, unit.commission) == (UnitStatus.SETTLED, 300, 900, 108)
    assert [s.change for s in unit.seat_set.all()] == [792, -300, -300, -300]
    assert booked.key == "settle:round:7"


@pytest.mark.django_db
def test_it_reserves_each_seats_worst_case_into_the_table_escrow(players):
    wallets = [ledger.wallet_for(p) for p in players]
    ledger.reserve_unit(unit_id="round:2", table_key="table:9", stake=10, limit=500, wallets=wallets)
    assert balances(wallets) == [10_000 - 1500] * 4
    assert ledger.escrow_for("table:9").balance == 6000
    assert Transaction.objects.filter(key__startswith="reserve:round:2:").count() == 4


@pytest.mark.django_db
def test_it_returns_the_same_settlement_for_the_same_request(players):
    first = book(players, "round:3", 100, 1000, [(1, 0, 3)])
    again = ledger.settle_unit(unit_id="round:3", payments=[(1, 0, 3)])
    assert again.pk == first.pk
    with pytest.raises(ledger.IdempotencyConflict):
        ledger.settle_unit(unit_id="round:3", payments=[(1, 0, 4)])
    assert Transaction.objects.filter(kind="settle").count() == 1


@pytest.mark.django_db
def test_it_releases_an_unfinished_unit_and_then_refuses_to_settle_it(players):
    wallets = [ledger.wallet_for(p) for p in players]
    ledger.reserve_unit(unit_id="round:4", table_key="table:1", stake=100, limit=1000, wallets=wallets)
    released = ledger.release_unit(unit_id="round:4", reason="table closed")
    assert len(released) == 4 and all(t.kind == "release" for t in released)
    assert balances(wallets) == [10_000] * 4
    assert [t.pk for t in ledger.release_unit(unit_id="round:4")] == [t.pk for t in released]
    with pytest.raises(ledger.UnitClosed):
        ledger.settle_unit(unit_id="round:4", payments=[(1, 0, 3)])


@pytest.mark.django_db
def test_it_refuses_to_release_a_settled_unit(players):
    book(players, "round:5", 100, 1000, [(1, 0, 3)])
    with pytest.raises(ledger.UnitClosed):
        ledger.release_unit(unit_id="round:5")


@pytest.mark.django_db
def test_it_stands_up_a_seat_that_cannot_cover_before_the_deal(players):
    wallets = [ledger.wallet_for(p) for p in players]
    with pytest.raises(ledger.SeatsCannotCover) as refused:
        ledger.reserve_unit(unit_id="round:6", table_key="table:1", stake=100, limit=4000, wallets=wallets)
    assert set(refused.value.refusals) == {0, 1, 2, 3}
    assert refused.value.refusals[0].code == "insufficient_funds"
    assert not SettlementUnit.objects.filter(unit_id="round:6").exists()
    assert balances(wallets) == [10_000] * 4


@pytest.mark.django_db
def test_it_funds_bots_from_promotions_before_reserving(players):
    bots = [ledger.bot_wallet(f"t1:seat{s}") for s in (1, 2, 3)]
    wallets = [ledger.wallet_for(players[0]), *bots]
    ledger.reserve_unit(unit_id="round:8", table_key="table:1", stake=100, limit=1000, wallets=wallets)
    assert Transaction.objects.filter(kind="bot_funding").count() == 3
    ledger.settle_unit(unit_id="round:8", payments=[(1, 0, 3), (2, 0, 3), (3, 0, 3)])
    assert balances(bots) == [3000 - 300] * 3
    assert reconcile().ok


@pytest.mark.django_db
def test_it_refuses_an_unknown_unit():
    with pytest.raises(ledger.UnknownUnit):
        ledger.settle_unit(unit_id="round:404", payments=[])


@pytest.mark.django_db
def test_it_flags_a_bot_users_wallet_as_a_bot(make_user):
    robot = make_user("bot-standard-1")
    assert not ledger.wallet_for(robot).is_bot
    assert ledger.wallet_for(robot, is_bot=True).is_bot
    assert Account.objects.get(name=f"wallet:user:{robot.pk}").is_bot
