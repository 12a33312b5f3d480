"""The posting service: idempotency by key and fingerprint, retries of serialization failures with the same key."""

from __future__ import annotations

import pytest
from django.db import OperationalError, transaction

from ledger import posting
from ledger import services as ledger
from ledger.models import Transaction


class SerializationFailure(Exception):
    sqlstate = "40001"


def failing_once(monkeypatch):
    calls = []
    real = posting._book

    def book(*args, **kwargs):
        calls.append(args[0])
        if len(calls) == 1:
            raise OperationalError("could not serialize access") from SerializationFailure()
        return real(*args, **kwargs)

    monkeypatch.setattr(posting, "_book", book)
    return calls


@pytest.mark.django_db
def test_it_returns_the_first_transaction_for_a_repeated_key_and_refuses_a_different_request(players):
    a, b = (ledger.wallet_for(p).pk for p in players[:2])
    first = ledger.post(key="t:1", kind="adjustment", lines=[(a, -100), (b, 100)])
    assert ledger.post(key="t:1", kind="adjustment", lines=[(b, 100), (a, -100)]).pk == first.pk
    with pytest.raises(ledger.IdempotencyConflict):
        ledger.post(key="t:1", kind="adjustment", lines=[(a, -101), (b, 101)])
    assert Transaction.objects.filter(key="t:1").count() == 1


@pytest.mark.django_db(transaction=True)
def test_it_retries_a_serialization_failure_with_the_same_key(players, monkeypatch):
    a, b = (ledger.wallet_for(p).pk for p in players[:2])
    calls = failing_once(monkeypatch)
    booked = ledger.post(key="t:2", kind="adjustment", lines=[(a, -100), (b, 100)])
    assert calls == ["t:2", "t:2"]
    assert booked.key == "t:2" and ledger.wallet_for(players[0]).balance == 9900


@pytest.mark.django_db(transaction=True)
def test_it_leaves_retrying_to_the_caller_inside_its_transaction(players, monkeypatch):
    a, b = (ledger.wallet_for(p).pk for p in players[:2])
    calls = failing_once(monkeypatch)
    with pytest.raises(OperationalError), transaction.atomic():
        ledger.post(key="t:3", kind="adjustment", lines=[(a, -100), (b, 100)])
    assert calls == ["t:3"]
    assert not Transaction.objects.filter(key="t:3").exists()


@pytest.mark.django_db
def test_it_refuses_insufficient_funds_without_booking(players):
    a, b = (ledger.wallet_for(p).pk for p in players[:2])
    with pytest.raises(ledger.InsufficientFunds) as refused:
        ledger.post(key="t:4", kind="adjustment", lines=[(a, -10_001), (b, 10_001)])
    assert refused.value.account_id == a
    assert not Transaction.objects.filter(key="t:4").exists()
