"""docs/rules/tarock.md §11's money vectors 21–25 and 29 through a real Tarock stakes table: each worked case of
tests/cases/tarock is dealt at a four-person table at stake 1.00 with the default limit (12 units × stake, §9) and
played action by action through the table service; the ledger must book each wallet's change and the house's
commission to the cent (rates of docs/rules/settlement.md, as the vectors state them)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games import services as tables
from games.models import Round, Table
from ledger import services as ledger
from ledger.models import Account, SettlementUnit, UnitStatus
from ledger.reports import reconcile
from tests.tarock.helpers import order_for

CASES = Path(__file__).resolve().parents[1] / "cases" / "tarock"
START = 10_000

# vector: (case file, wallet change of seats 0..3 in cents, house commission in cents)
VECTORS = {
    # 21: Rufer N = +1, declarers 1 and 3 get 0.82 each, each defender pays 1.00, C 0.36
    21: ("rufer-calls-t18-declarers-47", (-100, 82, -100, 82), 36),
    # 22: the partner's Pagat won in trick 10: N = +3, declarers +2.46 each
    22: ("partner-pagat-won", (-300, 246, -300, 246), 108),
    # 23: Solo with the Trull, N = +6: the soloist +16.08 (18.00 gross, rate 8 %, C 1.92)
    23: ("solo-52-with-trull", (-600, 1608, -600, -600), 192),
    # 24: still Valat N = +6 (V 6.00, rate 8 %, C 1.92 from the winners), then with a Kontra on the game N = +12
    24: ("still-valat", (-600, 504, -600, 504), 192),
    "24 Kontra": ("still-valat-with-kontra", (-1200, 1008, -1200, 1008), 384),
    # 25: announced Valat lost at Kontra, N = -24, each payment capped at 12.00: each defender +10.08
    25: ("announced-valat-lost-with-kontra", (1008, -1200, 1008, -1200), 384),
    # 29: Solo lost at Rekontra, N = -16, the soloist pays each defender 12.00 (capped): each defender +10.72
    29: ("solo-rekontra-lost", (1072, -3600, 1072, 1072), 384),
}


@pytest.mark.django_db
@pytest.mark.parametrize("vector", list(VECTORS), ids=str)
def test_a_tarock_money_vector_is_booked_through_a_real_stakes_table(players, settings, vector):
    settings.KIBITZ_ALLOW_FIXED_DEALS = True
    settings.KIBITZ_NEXT_DEAL_SECONDS = 3600
    name, changes, commission = VECTORS[vector]
    case = json.loads((CASES / f"{name}.json").read_text())
    table = tables.create_table(
        players[0], tables.TableTerms("tarock", case["options"], human_seats=4, stake=100)
    )
    assert table.limit == 1200  # §9: 12 units × stake
    tables.fix_next_deal(table, order_for(case["deal"]["hands"], case["dealer"]), case["dealer"])
    for user in players[1:]:
        tables.join(user, table.pk)
    wallets = [ledger.wallet_for(p) for p in players]
    for n, step in enumerate(case["actions"]):
        version = Table.objects.get(pk=table.pk).version
        tables.act(players[step["seat"]], table.pk, version, f"m{n}", step["action"])

    rnd = Round.objects.get(table=table, number=1)
    assert rnd.status == Round.Status.DONE
    for key, value in case["expect"]["result"].items():
        assert rnd.result[key] == value, key
    assert tuple(Account.objects.get(pk=w.pk).balance - START for w in wallets) == changes
    unit = SettlementUnit.objects.get(unit_id=f"round:{rnd.pk}")
    assert (unit.status, unit.commission) == (UnitStatus.SETTLED, commission)
    assert ledger.house_account().balance == commission
    assert ledger.escrow_for(f"table:{table.pk}").balance == 0
    assert reconcile().ok
