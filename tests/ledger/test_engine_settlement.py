"""The French Tarot engine's own payments booked by the ledger: the seed example (a Petite made by 0 at stake
0.12) and docs/rules/french_tarot.md money vectors 34–35, from the case files' real deals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.engines.core.registry import get_game
from games.engines.core.replay import replay
from ledger import services as ledger
from ledger.models import Account

CASES = Path(__file__).resolve().parents[1] / "cases" / "french-tarot"


def engine_payments(case: str):
    doc = json.loads((CASES / case).read_text())
    game = get_game(doc["game"])
    state = replay(game, doc.get("options"), doc["deal"], doc["dealer"], doc["actions"], doc.get("start"))
    return game.settlement(state), game.result(state)


def book_and_measure(players, payments, result, stake, limit):
    wallets = [ledger.wallet_for(p) for p in players]
    before = [w.balance for w in wallets]
    ledger.reserve_unit(
        unit_id="round:1", table_key="table:1", stake=stake, limit=limit, wallets=wallets, game="french-tarot"
    )
    booked = ledger.settle_unit(unit_id="round:1", payments=payments, result=result)
    after = [Account.objects.get(pk=w.pk).balance for w in wallets]
    return [a - b for a, b in zip(after, before, strict=True)], booked


def taker_first(changes, payments):
    """(taker's change, defenders' changes): the taker is the seat in every payment."""
    (taker,) = set.intersection(*({payer, payee} for payer, payee, _ in payments))
    return changes[taker], sorted(c for i, c in enumerate(changes) if i != taker)


@pytest.mark.django_db
def test_it_books_the_seed_petite_made_by_zero_at_stake_twelve_cents(players):
    payments, result = engine_payments("v02-petite-exactly-51-made-by-zero.json")
    assert sorted(p[2] for p in payments) == [25, 25, 25]
    changes, booked = book_and_measure(players, payments, result, stake=12, limit=150 * 12)
    assert taker_first(changes, payments) == (792, [-300, -300, -300])
    assert ledger.house_account().balance == 108
    calc = booked.details["calculation"]
    assert (calc["value"], calc["rate_bp"], calc["commission"]) == (300, 900, 108)
    assert booked.details["result"] == result


@pytest.mark.django_db
def test_it_books_french_tarot_vector_34_from_the_engine(players):
    payments, result = engine_payments("v01-garde-two-bouts-43-points.json")
    changes, _ = book_and_measure(players, payments, result, stake=10, limit=150 * 10)
    assert taker_first(changes, payments) == (1448, [-540, -540, -540])
    assert ledger.house_account().balance == 172


@pytest.mark.django_db
def test_it_books_french_tarot_vector_35_capped_by_the_default_limit(players):
    payments, result = engine_payments("v05-garde-contre-three-bouts-66.json")
    changes, booked = book_and_measure(players, payments, result, stake=10, limit=150 * 10)
    assert taker_first(changes, payments) == (4020, [-1500, -1500, -1500])
    assert booked.details["calculation"]["value"] == 1500
    assert ledger.house_account().balance == 480
