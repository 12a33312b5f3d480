"""Starting balance, loss limits, self-exclusion and the stakes-table eligibility check."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import override_settings
from django.utils import timezone

from ledger import services as ledger
from ledger.models import Transaction
from ledger.players import limit_in_force, period_start


@pytest.mark.django_db
def test_it_grants_the_starting_balance_from_promotions_at_sign_up(make_user):
    alice = make_user("alice")
    assert ledger.wallet_for(alice).balance == 10_000
    assert ledger.promotions_account().balance == -10_000
    assert Transaction.objects.filter(kind="grant").count() == 1


@pytest.mark.django_db
@override_settings(KIBITZ_STARTING_BALANCE=2500)
def test_it_takes_the_starting_balance_from_the_setting(make_user):
    assert ledger.wallet_for(make_user("bob")).balance == 2500


@pytest.mark.django_db
def test_it_lets_a_player_with_funds_join(players):
    assert ledger.check_can_join_stakes_table(players[0], stake=10, limit=1500, players=4) is None


@pytest.mark.django_db
def test_it_refuses_a_player_who_cannot_cover_the_worst_case(players):
    with pytest.raises(ledger.NotEligible) as refused:
        ledger.check_can_join_stakes_table(players[0], stake=100, limit=4000, players=4)
    assert refused.value.code == "insufficient_funds"


@pytest.mark.django_db
def test_it_refuses_a_table_without_a_limit(players):
    with pytest.raises(ledger.NotEligible) as refused:
        ledger.check_can_join_stakes_table(players[0], stake=100, limit=0, players=4)
    assert refused.value.code == "no_limit"


@pytest.mark.django_db
def test_it_refuses_a_self_excluded_player_until_the_period_ends(players):
    alice = players[0]
    now = timezone.now()
    ledger.exclude_self(alice, days=7, now=now)
    with pytest.raises(ledger.NotEligible) as refused:
        ledger.check_can_join_stakes_table(alice, stake=10, limit=100, players=4)
    assert refused.value.code == "self_excluded"
    assert ledger.excluded_until(alice, now + timedelta(days=8)) is None


@pytest.mark.django_db
def test_it_lowers_a_loss_limit_at_once_and_raises_it_after_24_hours(players):
    alice = players[0]
    now = timezone.now()
    ledger.set_loss_limit(alice, "day", 2000, now=now)
    assert limit_in_force(alice, "day", now) == 2000
    ledger.set_loss_limit(alice, "day", 5000, now=now + timedelta(minutes=1))
    assert limit_in_force(alice, "day", now + timedelta(hours=2)) == 2000
    assert limit_in_force(alice, "day", now + timedelta(hours=24, minutes=2)) == 5000
    ledger.set_loss_limit(alice, "day", 1000, now=now + timedelta(hours=25))
    assert limit_in_force(alice, "day", now + timedelta(hours=25)) == 1000


@pytest.mark.django_db
def test_it_keeps_a_lowering_made_while_a_raise_waits(players):
    alice = players[0]
    now = timezone.now()
    ledger.set_loss_limit(alice, "week", 2000, now=now)
    ledger.set_loss_limit(alice, "week", 9000, now=now + timedelta(hours=1))
    ledger.set_loss_limit(alice, "week", 500, now=now + timedelta(hours=2))
    assert limit_in_force(alice, "week", now + timedelta(hours=30)) == 500


@pytest.mark.django_db
def test_it_counts_open_reservations_and_losses_against_the_loss_limit(players):
    alice = players[0]
    ledger.set_loss_limit(alice, "day", 2000)
    wallets = [ledger.wallet_for(p) for p in players]
    # worst case 3 × 5.00 = 15.00 ≤ 20.00: accepted
    ledger.reserve_unit(unit_id="round:1", table_key="table:1", stake=10, limit=500, wallets=wallets)
    with pytest.raises(ledger.NotEligible) as refused:
        ledger.check_can_join_stakes_table(alice, stake=10, limit=500, players=4)
    assert refused.value.code == "loss_limit"
    ledger.settle_unit(unit_id="round:1", payments=[(0, 1, 50)])  # alice loses 5.00
    # 5.00 lost today + 15.00 worst case = 20.00: still within the limit
    ledger.check_can_join_stakes_table(alice, stake=10, limit=500, players=4)
    with pytest.raises(ledger.SeatsCannotCover) as stood_up:
        ledger.reserve_unit(unit_id="round:2", table_key="table:1", stake=10, limit=600, wallets=wallets)
    assert stood_up.value.refusals[0].code == "loss_limit"
    assert set(stood_up.value.refusals) == {0}


@pytest.mark.django_db
@override_settings(TIME_ZONE="Europe/Zurich")
def test_it_starts_periods_at_local_midnight_monday_and_the_first():
    now = timezone.make_aware(timezone.datetime(2026, 11, 26, 0, 30))  # Thursday, 00:30 in Zurich
    assert timezone.localtime(period_start("day", now)).strftime("%Y-%m-%d %H:%M") == "2026-11-26 00:00"
    assert timezone.localtime(period_start("week", now)).strftime("%Y-%m-%d %H:%M") == "2026-11-23 00:00"
    assert timezone.localtime(period_start("month", now)).strftime("%Y-%m-%d %H:%M") == "2026-11-01 00:00"
