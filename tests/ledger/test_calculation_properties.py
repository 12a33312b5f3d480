"""Property tests of the settlement calculation: for generated payments, stakes, limits and rates every
booking balances, the parts add up, the caps hold and each share is within one minor unit of exact."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.calculation import calculate_settlement, worst_case


@st.composite
def settlement_inputs(draw):
    seats = draw(st.integers(min_value=2, max_value=4))
    pair = st.tuples(st.integers(0, seats - 1), st.integers(0, seats - 1)).filter(lambda p: p[0] != p[1])
    payments = draw(st.lists(st.tuples(pair, st.integers(0, 2000)), max_size=8))
    stake = draw(st.integers(1, 500))
    limit = draw(st.integers(0, 200_000))
    lowers = draw(st.lists(st.integers(1, 50_000), max_size=4, unique=True))
    bands = [(0, draw(st.integers(0, 2000)))] + [(lower, draw(st.integers(0, 2000))) for lower in lowers]
    return [(a, b, u) for (a, b), u in payments], stake, limit, seats, bands


@settings(max_examples=400, deadline=None)
@given(settlement_inputs())
def test_it_balances_and_adds_up_for_any_input(data):
    payments, stake, limit, seats, bands = data
    calc = calculate_settlement(payments, stake=stake, limit=limit, seats=seats, bands=bands)
    # every transaction balances: wallets plus house sum to zero
    assert sum(calc.wallet_changes) + calc.commission == 0
    assert sum(calc.deltas) == 0
    # parts add up
    assert sum(calc.shares) == calc.commission
    assert calc.total_won == sum(d for d in calc.deltas if d > 0)
    # caps hold: each payment ≤ limit, each seat loses at most its reserved worst case, C ≤ T
    assert all(0 < m <= limit for _, _, m in calc.money_payments)
    assert all(-c <= worst_case(limit, seats) for c in calc.wallet_changes if c < 0)
    assert 0 <= calc.commission <= calc.total_won
    assert calc.commission <= calc.per_player * seats
    # each share within one minor unit of the exact proportional share, and only winners bear it
    for delta, share in zip(calc.deltas, calc.shares, strict=True):
        if delta <= 0:
            assert share == 0
        else:
            exact = Fraction(calc.commission * delta, calc.total_won)
            assert abs(share - exact) < 1
            assert share <= delta
    # V and c are rounded half up to a minor unit
    if calc.total_won:
        n = max(sum(d > 0 for d in calc.deltas), sum(d < 0 for d in calc.deltas))
        assert abs(Fraction(calc.total_won, n) - calc.value) <= Fraction(1, 2)
        assert abs(Fraction(calc.rate_bp * calc.value, 10_000) - calc.per_player) <= Fraction(1, 2)
