"""Stakes through real French Tarot tables (the table service calls the ledger at its one settlement spot):
the seed's example dealt and played at a table, a deal against funded bots, and the refusals at the door."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games import services as tables
from games.engines.core import get_game
from games.models import Round, Table
from ledger import services as ledger
from ledger.models import Account, SettlementUnit, UnitStatus
from ledger.reports import reconcile

CASE = (
    Path(__file__).resolve().parents[1] / "cases" / "french-tarot" / "v02-petite-exactly-51-made-by-zero.json"
)


def order_for(deal: dict, dealer: int) -> list[str]:
    """The deck order that French Tarot's §4 deal turns into `deal` (packets of three from the forehand)."""
    forehand = (dealer + 1) % 4
    order: list[str] = []
    for j in range(24):
        seat, packet = (forehand + j) % 4, j // 4
        order += deal["hands"][seat][packet * 3 : (packet + 1) * 3]
    return order + deal["dog"]


def act(user, table_id: int, n: int, action: dict) -> None:
    version = Table.objects.get(pk=table_id).version
    tables.act(user, table_id, version, f"m{n}", action)


@pytest.mark.django_db
def test_it_settles_the_seed_petite_made_by_zero_through_a_real_table(players, settings):
    settings.KIBITZ_ALLOW_FIXED_DEALS = True
    doc = json.loads(CASE.read_text())
    alice = players[0]
    table = tables.create_table(
        alice, tables.TableTerms("french-tarot", doc["options"], human_seats=4, stake=12)
    )
    assert table.limit == 1800  # the rules file's default: 150 × stake
    tables.fix_next_deal(table, order_for(doc["deal"], doc["dealer"]), doc["dealer"])
    for user in players[1:]:
        tables.join(user, table.pk)
    wallets = [ledger.wallet_for(p) for p in players]
    assert [Account.objects.get(pk=w.pk).balance for w in wallets] == [
        10_000 - 5400
    ] * 4  # reserved 3 × 18.00
    for n, step in enumerate(doc["actions"]):
        act(players[step["seat"]], table.pk, n, step["action"])

    rnd = Round.objects.get(table=table)
    assert rnd.status == Round.Status.DONE
    changes = [Account.objects.get(pk=w.pk).balance - 10_000 for w in wallets]
    (taker,) = {i for i, c in enumerate(changes) if c > 0}
    assert changes[taker] == 792
    assert sorted(c for i, c in enumerate(changes) if i != taker) == [-300, -300, -300]
    assert ledger.house_account().balance == 108
    unit = SettlementUnit.objects.get(unit_id=f"round:{rnd.pk}")
    assert (unit.status, unit.value, unit.rate_bp, unit.commission, unit.round_id) == (
        UnitStatus.SETTLED,
        300,
        900,
        108,
        rnd.pk,
    )
    assert unit.settle_transaction.details["result"] == rnd.result
    assert ledger.escrow_for(f"table:{table.pk}").balance == 0
    assert reconcile().ok


@pytest.mark.django_db
def test_it_settles_a_deal_against_funded_bots(players, settings):
    settings.KIBITZ_BOT_PAUSE_SECONDS = 0
    settings.KIBITZ_NEXT_DEAL_SECONDS = 3600
    alice = players[0]
    table = tables.create_table(
        alice, tables.TableTerms("french-tarot", {}, human_seats=1, bot_level="beginner", stake=1)
    )
    game = get_game("french-tarot")
    rng = random.Random(7)
    for n in range(400):
        rnd = Round.objects.get(table=table, number=1)
        if rnd.status != Round.Status.PLAYING:
            break
        state = game.from_json(rnd.snapshot)
        if 0 in game.to_act(state):
            act(alice, table.pk, n, game.timeout_action(state, 0).to_wire())
        else:
            assert tables.bot_move(table.pk, rng)
    unit = SettlementUnit.objects.get(unit_id=f"round:{rnd.pk}")
    bots = list(Account.objects.filter(is_bot=True))
    assert len(bots) == 3
    if rnd.result["status"] == "scored":
        assert unit.status == UnitStatus.SETTLED
        assert sum(s.change for s in unit.seat_set.all()) + unit.commission == 0
    else:
        assert unit.status == UnitStatus.RELEASED
    assert ledger.escrow_for(f"table:{table.pk}").balance == 0
    assert reconcile().ok


@pytest.mark.django_db
def test_it_refuses_a_stakes_table_with_the_reason(players):
    alice, bob = players[:2]
    with pytest.raises(tables.ServiceError) as poor:
        # worst case 3 × 150.00
        tables.create_table(alice, tables.TableTerms("french-tarot", {}, human_seats=2, stake=100))
    assert poor.value.code == "insufficient_funds"
    ledger.exclude_self(bob, days=1)
    table = tables.create_table(alice, tables.TableTerms("french-tarot", {}, human_seats=2, stake=10))
    with pytest.raises(tables.ServiceError) as excluded:
        tables.join(bob, table.pk)
    assert excluded.value.code == "self_excluded"
    ledger.set_loss_limit(players[2], "day", 1000)
    with pytest.raises(tables.ServiceError) as limited:
        tables.join(players[2], table.pk)
    assert limited.value.code == "loss_limit"


@pytest.mark.django_db
def test_a_deal_the_player_left_is_played_out_by_the_bots_and_settled_from_the_players_wallet(
    players, settings
):
    settings.KIBITZ_BOT_PAUSE_SECONDS = 0
    alice = players[0]
    table = tables.create_table(
        alice, tables.TableTerms("french-tarot", {}, human_seats=1, bot_level="beginner", stake=10)
    )
    assert ledger.wallet_for(alice).balance == 10_000 - 4500
    tables.leave(alice, table.pk)  # leaving does not escape the deal: nothing is released
    assert SettlementUnit.objects.get().status == UnitStatus.OPEN
    rng = random.Random(3)
    while tables.bot_move(table.pk, rng):
        pass
    rnd = Round.objects.get(table=table)
    assert rnd.status == Round.Status.DONE and rnd.players[0] == alice.pk
    unit = SettlementUnit.objects.get()
    wallet = ledger.wallet_for(alice)
    if rnd.result["status"] == "scored":
        assert unit.status == UnitStatus.SETTLED
        change = unit.seat_set.get(account=wallet).change
        assert change != 0 and wallet.balance == 10_000 + change
    else:
        assert unit.status == UnitStatus.RELEASED and wallet.balance == 10_000
    assert Table.objects.get(pk=table.pk).status == Table.Status.CLOSED
    assert ledger.escrow_for(f"table:{table.pk}").balance == 0
    assert reconcile().ok
