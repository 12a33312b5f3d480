"""Adjustments with a second approver, reversals once, and append-only rows
(docs/rules/settlement.md "Money safety")."""

from __future__ import annotations

import pytest

from ledger import services as ledger
from ledger.models import Account, Posting, Transaction
from ledger.reports import reconcile


@pytest.mark.django_db
def test_it_books_an_adjustment_only_after_a_second_staff_member_approves(players, staff):
    sam, tess = staff
    wallet = ledger.wallet_for(players[0])
    request = ledger.request_adjustment(account=wallet, amount=-2500, reason="chargeback", requested_by=sam)
    assert Account.objects.get(pk=wallet.pk).balance == 10_000
    with pytest.raises(ledger.ApprovalRefused) as same:
        ledger.approve_adjustment(request.pk, sam)
    assert same.value.code == "same_staff"
    booked = ledger.approve_adjustment(request.pk, tess)
    assert booked.reason == "chargeback" and booked.actor_id == tess.pk
    assert Account.objects.get(pk=wallet.pk).balance == 7500
    with pytest.raises(ledger.ApprovalRefused):
        ledger.approve_adjustment(request.pk, tess)
    assert reconcile().ok


@pytest.mark.django_db
def test_it_needs_a_reason_and_staff_for_an_adjustment(players, staff):
    wallet = ledger.wallet_for(players[0])
    with pytest.raises(ledger.ApprovalRefused):
        ledger.request_adjustment(account=wallet, amount=100, reason="  ", requested_by=staff[0])
    with pytest.raises(ledger.ApprovalRefused):
        ledger.request_adjustment(account=wallet, amount=100, reason="gift", requested_by=players[1])


@pytest.mark.django_db
def test_it_refuses_a_debit_adjustment_below_zero(players, staff):
    wallet = ledger.wallet_for(players[0])
    request = ledger.request_adjustment(account=wallet, amount=-10_001, reason="error", requested_by=staff[0])
    with pytest.raises(ledger.InsufficientFunds):
        ledger.approve_adjustment(request.pk, staff[1])
    assert Account.objects.get(pk=wallet.pk).balance == 10_000


@pytest.mark.django_db
def test_it_reverses_a_transaction_once(players, staff):
    grant = Transaction.objects.get(kind="grant", key=f"grant:user:{players[0].pk}")
    request = ledger.request_reversal(grant.pk, requested_by=staff[0], reason="duplicate account")
    reversal = ledger.approve_reversal(request.pk, staff[1])
    assert reversal.reverses_id == grant.pk
    assert ledger.wallet_for(players[0]).balance == 0
    with pytest.raises(ledger.AlreadyReversed):
        ledger.request_reversal(grant.pk, requested_by=staff[1], reason="again")
    assert reconcile().ok


@pytest.mark.django_db
def test_it_refuses_to_edit_or_delete_postings_and_transactions(players):
    posting = Posting.objects.first()
    with pytest.raises(ledger.AppendOnly):
        posting.save()
    with pytest.raises(ledger.AppendOnly):
        posting.delete()
    with pytest.raises(ledger.AppendOnly):
        Posting.objects.filter(pk=posting.pk).update(amount=1)
    with pytest.raises(ledger.AppendOnly):
        Transaction.objects.all().delete()


@pytest.mark.django_db
def test_it_refuses_an_unbalanced_transaction(players):
    wallet = ledger.wallet_for(players[0])
    with pytest.raises(ledger.Unbalanced):
        ledger.post(key="bad", kind="adjustment", lines=[(wallet.pk, 100)])


@pytest.mark.django_db
def test_it_keeps_old_schedules_and_uses_the_one_in_force(make_user, role):
    from datetime import timedelta

    from ledger.roles import ADMINISTRATOR

    admin = role(make_user("ada"), ADMINISTRATOR)
    second = role(make_user("bea"), ADMINISTRATOR)

    from django.utils import timezone

    now = timezone.now()
    version = ledger.add_schedule(
        [(0, 500)], effective_from=now + timedelta(days=2), currency="EUR", created_by=admin
    )
    assert ledger.bands_in_force("EUR", now + timedelta(days=3))[1] != ((0, 500),)  # not approved yet
    ledger.approve_schedule(version.pk, second)
    assert ledger.bands_in_force("EUR", now)[1] == ((0, 1000), (100, 900), (500, 800), (2000, 700))
    assert ledger.bands_in_force("EUR", now + timedelta(days=3))[1] == ((0, 500),)
    with pytest.raises(ValueError):
        ledger.add_schedule([(100, 500)], effective_from=now, currency="EUR", created_by=admin)
