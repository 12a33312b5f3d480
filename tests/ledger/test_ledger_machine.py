"""A stateful property test: starting grants, reserves, settlements, replays, conflicts, releases, reversals and
adjustments in any order, checked against an in-memory oracle of every balance after every step."""

from __future__ import annotations

import itertools

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from ledger import services as ledger
from ledger.calculation import DEFAULT_BANDS, calculate_settlement
from ledger.models import Account
from ledger.reports import reconcile
from ledger.roles import APPROVER
from signup.players import open_player_account
from tests.ledger.conftest import give_role
from tests.players import verified
from tests.volume import volume

GRANT = 10_000


class LedgerMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        # Each example runs in a transaction rolled back at teardown, so examples start from the same database.
        self.atomic = transaction.atomic()
        self.atomic.__enter__()
        self.names = itertools.count()
        self.sam = give_role(self._user(is_staff=True), APPROVER)
        self.tess = give_role(self._user(is_staff=True), APPROVER)
        self.expected = {a.pk: a.balance for a in Account.objects.all()}
        self.players: list[tuple[object, int, int]] = []  # (user, wallet id, grant transaction id)
        self.reversed: set[int] = set()
        self.open_units: dict[str, tuple[list[int], int, int]] = {}
        self.settled: dict[str, tuple[list[tuple[int, int, int]], int]] = {}
        self.units = itertools.count()

    def teardown(self) -> None:
        transaction.set_rollback(True)
        self.atomic.__exit__(None, None, None)

    def _user(self, **extra):
        user = get_user_model()(username=f"user{next(self.names)}", **extra)
        user.set_unusable_password()
        user.save()
        open_player_account(user)
        verified(user)
        return user

    def _add(self, account_id: int, amount: int) -> None:
        self.expected[account_id] = self.expected.get(account_id, 0) + amount

    @rule()
    @precondition(lambda self: len(self.players) < 4)
    def starting_grant(self) -> None:
        user = self._user()
        wallet = ledger.wallet_for(user)
        grant = wallet.postings.get().transaction
        self.players.append((user, wallet.pk, grant.pk))
        self._add(wallet.pk, GRANT)
        self._add(ledger.promotions_account().pk, -GRANT)

    @rule(data=st.data(), stake=st.integers(1, 50), limit=st.integers(1, 4000))
    @precondition(lambda self: len(self.players) >= 2)
    def reserve(self, data, stake: int, limit: int) -> None:
        order = data.draw(st.permutations(range(len(self.players))))
        seats = data.draw(st.integers(2, len(self.players)))
        wallet_ids = [self.players[i][1] for i in order[:seats]]
        unit_id = f"round:{next(self.units)}"
        worst = limit * (seats - 1)
        wallets = [Account.objects.get(pk=w) for w in wallet_ids]
        if all(self.expected[w] >= worst for w in wallet_ids):
            ledger.reserve_unit(
                unit_id=unit_id, table_key="table:m", stake=stake, limit=limit, wallets=wallets
            )
            for w in wallet_ids:
                self._add(w, -worst)
                self._add(ledger.escrow_for("table:m").pk, worst)
            self.open_units[unit_id] = (wallet_ids, stake, limit)
        else:
            with pytest.raises(ledger.SeatsCannotCover) as refused:
                ledger.reserve_unit(
                    unit_id=unit_id, table_key="table:m", stake=stake, limit=limit, wallets=wallets
                )
            assert set(refused.value.refusals) == {
                s for s, w in enumerate(wallet_ids) if self.expected[w] < worst
            }

    @rule(data=st.data())
    @precondition(lambda self: self.open_units)
    def settle(self, data) -> None:
        unit_id = data.draw(st.sampled_from(sorted(self.open_units)))
        wallet_ids, stake, limit = self.open_units.pop(unit_id)
        seats = len(wallet_ids)
        pair = st.tuples(st.integers(0, seats - 1), st.integers(0, seats - 1)).filter(lambda p: p[0] != p[1])
        payments = [
            (a, b, u) for (a, b), u in data.draw(st.lists(st.tuples(pair, st.integers(0, 300)), max_size=4))
        ]
        booked = ledger.settle_unit(unit_id=unit_id, payments=payments)
        calc = calculate_settlement(payments, stake=stake, limit=limit, seats=seats, bands=DEFAULT_BANDS)
        worst = limit * (seats - 1)
        for seat, w in enumerate(wallet_ids):
            self._add(w, worst + calc.wallet_changes[seat])
            self._add(ledger.escrow_for("table:m").pk, -worst)
        self._add(ledger.house_account().pk, calc.commission)
        self.settled[unit_id] = (payments, booked.pk)

    @rule(data=st.data())
    @precondition(lambda self: self.settled)
    def replay(self, data) -> None:
        unit_id = data.draw(st.sampled_from(sorted(self.settled)))
        payments, booked_id = self.settled[unit_id]
        assert ledger.settle_unit(unit_id=unit_id, payments=list(reversed(payments))).pk == booked_id

    @rule(data=st.data())
    @precondition(lambda self: self.settled)
    def conflict(self, data) -> None:
        unit_id = data.draw(st.sampled_from(sorted(self.settled)))
        payments, _ = self.settled[unit_id]
        with pytest.raises(ledger.IdempotencyConflict):
            ledger.settle_unit(unit_id=unit_id, payments=[*payments, (0, 1, 1)])

    @rule(data=st.data())
    @precondition(lambda self: self.open_units)
    def release(self, data) -> None:
        unit_id = data.draw(st.sampled_from(sorted(self.open_units)))
        wallet_ids, _, limit = self.open_units.pop(unit_id)
        ledger.release_unit(unit_id=unit_id, reason="table closed")
        worst = limit * (len(wallet_ids) - 1)
        for w in wallet_ids:
            self._add(w, worst)
            self._add(ledger.escrow_for("table:m").pk, -worst)
        with pytest.raises(ledger.UnitClosed):
            ledger.settle_unit(unit_id=unit_id, payments=[])

    @rule(data=st.data())
    @precondition(lambda self: self.players)
    def reverse_grant(self, data) -> None:
        _, wallet_id, grant_id = data.draw(st.sampled_from(self.players))
        if grant_id in self.reversed:
            with pytest.raises(ledger.AlreadyReversed):
                ledger.request_reversal(grant_id, requested_by=self.sam, reason="test")
            return
        request = ledger.request_reversal(grant_id, requested_by=self.sam, reason="test")
        if self.expected[wallet_id] < GRANT:
            with pytest.raises(ledger.InsufficientFunds):
                ledger.approve_reversal(request.pk, self.tess)
            ledger.reject_reversal(request.pk, self.tess)
        else:
            ledger.approve_reversal(request.pk, self.tess)
            self.reversed.add(grant_id)
            self._add(wallet_id, -GRANT)
            self._add(ledger.promotions_account().pk, GRANT)

    @rule(data=st.data(), amount=st.integers(-12_000, 5000).filter(bool))
    @precondition(lambda self: self.players)
    def adjust(self, data, amount: int) -> None:
        _, wallet_id, _ = data.draw(st.sampled_from(self.players))
        request = ledger.request_adjustment(
            account=Account.objects.get(pk=wallet_id), amount=amount, reason="test", requested_by=self.sam
        )
        if self.expected[wallet_id] + amount < 0:
            with pytest.raises(ledger.InsufficientFunds):
                ledger.approve_adjustment(request.pk, self.tess)
        else:
            ledger.approve_adjustment(request.pk, self.tess)
            self._add(wallet_id, amount)
            self._add(ledger.adjustments_account().pk, -amount)

    @invariant()
    def balances_agree_with_the_oracle(self) -> None:
        actual = dict(Account.objects.values_list("pk", "balance"))
        assert actual == {pk: self.expected.get(pk, 0) for pk in actual}
        assert all(self.expected.get(pk, 0) == 0 for pk in set(self.expected) - set(actual))
        assert reconcile().ok


@pytest.mark.django_db
def test_it_agrees_with_an_in_memory_oracle_after_every_step():
    run_state_machine_as_test(
        LedgerMachine,
        settings=settings(
            max_examples=volume(8, 40),  # tests/volume.py
            stateful_step_count=20,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
        ),
    )
