"""docs/rules/settlement.md's worked examples, docs/rules/french_tarot.md vectors 34–35 and the other rules files' money
vectors, checked on the pure calculation (ledger/calculation.py)."""

from __future__ import annotations

import pytest

from ledger.calculation import (
    DEFAULT_BANDS,
    CalculationError,
    calculate_settlement,
    divide_half_up,
    largest_remainder_split,
    rate_for,
)

NO_LIMIT = 10**12


def settle(payments, stake=100, limit=NO_LIMIT, seats=4):
    return calculate_settlement(payments, stake=stake, limit=limit, seats=seats, bands=DEFAULT_BANDS)


def test_it_reproduces_example_1_the_seed_solo_win():
    calc = settle([(1, 0, 3), (2, 0, 3), (3, 0, 3)])
    assert calc.deltas == (900, -300, -300, -300)
    assert (calc.total_won, calc.value, calc.rate_bp, calc.per_player, calc.commission) == (
        900,
        300,
        900,
        27,
        108,
    )
    assert calc.wallet_changes == (792, -300, -300, -300)


def test_it_reproduces_example_2_the_solo_loses_and_winners_bear_equally():
    calc = settle([(0, 1, 3), (0, 2, 3), (0, 3, 3)])
    assert calc.deltas == (-900, 300, 300, 300)
    assert (calc.value, calc.commission) == (300, 108)
    assert calc.shares == (0, 36, 36, 36)
    assert calc.wallet_changes == (-900, 264, 264, 264)


def test_it_reproduces_example_3_two_against_two():
    calc = settle([(1, 0, 2), (3, 2, 2)])
    assert (calc.total_won, calc.value, calc.per_player, calc.commission) == (400, 200, 18, 72)
    assert calc.wallet_changes == (164, -200, 164, -200)


def test_it_reproduces_example_4_the_limit_caps_each_payment():
    calc = settle([(1, 0, 3), (2, 0, 3), (3, 0, 3)], limit=200)
    assert calc.deltas == (600, -200, -200, -200)
    assert (calc.value, calc.per_player, calc.commission) == (200, 18, 72)
    assert calc.wallet_changes[0] == 528


def test_it_reproduces_example_5_uneven_rummy_losers():
    calc = settle([(1, 0, 25), (2, 0, 10), (3, 0, 2)], stake=10)
    assert calc.money_payments == ((1, 0, 250), (2, 0, 100), (3, 0, 20))
    assert (calc.total_won, calc.value, calc.rate_bp, calc.per_player, calc.commission) == (
        370,
        123,
        900,
        11,
        44,
    )
    assert calc.wallet_changes == (326, -250, -100, -20)


def test_it_reproduces_french_tarot_vector_34():
    calc = settle([(1, 0, 54), (2, 0, 54), (3, 0, 54)], stake=10, limit=150 * 10)
    assert calc.money_payments[0][2] == 540
    assert (calc.deltas[0], calc.value, calc.rate_bp, calc.per_player, calc.commission) == (
        1620,
        540,
        800,
        43,
        172,
    )
    assert calc.wallet_changes == (1448, -540, -540, -540)


def test_it_reproduces_french_tarot_vector_35_with_the_default_limit():
    calc = settle([(1, 0, 330), (2, 0, 330), (3, 0, 330)], stake=10, limit=150 * 10)
    assert calc.money_payments == ((1, 0, 1500), (2, 0, 1500), (3, 0, 1500))
    assert (calc.deltas[0], calc.value, calc.rate_bp, calc.per_player, calc.commission) == (
        4500,
        1500,
        800,
        120,
        480,
    )
    assert calc.wallet_changes == (4020, -1500, -1500, -1500)


def test_it_reproduces_the_seed_petite_at_stake_twelve_cents():
    calc = settle([(1, 0, 25), (2, 0, 25), (3, 0, 25)], stake=12, limit=150 * 12)
    assert (calc.value, calc.rate_bp, calc.commission) == (300, 900, 108)
    assert calc.wallet_changes == (792, -300, -300, -300)


def test_it_reproduces_jass_vectors_32_and_33():
    schieber = settle([(1, 2, 1), (3, 0, 1)], limit=100)
    assert (schieber.value, schieber.per_player, schieber.commission) == (100, 9, 36)
    assert schieber.wallet_changes == (82, -100, 82, -100)
    differenzler = settle(
        [(1, 0, 15), (2, 0, 30), (3, 0, 60), (2, 1, 15), (3, 1, 45), (3, 2, 30)], stake=10, limit=1000
    )
    assert differenzler.deltas == (1050, 450, -150, -1350)
    assert (differenzler.total_won, differenzler.value, differenzler.commission) == (1500, 750, 240)
    assert differenzler.shares == (168, 72, 0, 0)
    assert differenzler.wallet_changes == (882, 378, -150, -1350)


def test_it_reproduces_tarock_vector_25_capped_rufer_loss():
    calc = settle([(0, 1, 24), (2, 3, 24)], limit=1200)
    assert (calc.value, calc.rate_bp, calc.commission) == (1200, 800, 384)
    assert calc.wallet_changes == (-1200, 1008, -1200, 1008)


@pytest.mark.parametrize(
    ("vector", "payments", "limit", "value", "commission", "wallet_changes"),
    [
        # 21: Rufer N = +1, each defender pays one declarer 1.00; V 1.00, c 0.09, C 0.36, declarers +0.82
        (21, [(2, 0, 1), (3, 1, 1)], NO_LIMIT, 100, 36, (82, 82, -100, -100)),
        # 22: Rufer N = +3 (game + pagat); declarers +2.46 each
        (22, [(2, 0, 3), (3, 1, 3)], NO_LIMIT, 300, 108, (246, 246, -300, -300)),
        # 23: Solo N = +6; soloist receives 18.00 gross, V 6.00, rate 8 %, C 1.92, soloist +16.08
        (23, [(1, 0, 6), (2, 0, 6), (3, 0, 6)], NO_LIMIT, 600, 192, (1608, -600, -600, -600)),
        # 29: Solo lost at Rekontra, N = -16: the soloist pays each defender 12.00 under the default limit of 12
        (29, [(0, 1, 16), (0, 2, 16), (0, 3, 16)], 1200, 1200, 384, (-3600, 1072, 1072, 1072)),
    ],
)
def test_it_reproduces_the_tarock_money_vectors(vector, payments, limit, value, commission, wallet_changes):
    calc = settle(payments, limit=limit)
    assert (calc.value, calc.commission) == (value, commission), f"tarock vector {vector}"
    assert calc.wallet_changes == wallet_changes, f"tarock vector {vector}"


def test_it_takes_no_commission_when_nobody_wins():
    calc = settle([])
    assert (calc.total_won, calc.value, calc.commission) == (0, 0, 0)
    assert calc.wallet_changes == (0, 0, 0, 0)


def test_it_caps_commission_at_the_total_won():
    calc = calculate_settlement([(1, 0, 1)], stake=1, limit=100, seats=4, bands=((0, 5000),))
    # c = 0.5 rounded half up = 1, C = min(T=1, 1 × 4) = 1
    assert calc.commission == 1
    assert calc.wallet_changes == (0, -1, 0, 0)


def test_it_rounds_half_up():
    assert divide_half_up(1, 2) == 1
    assert divide_half_up(3, 2) == 2
    assert divide_half_up(370, 3) == 123
    assert divide_half_up(1107, 100) == 11


def test_it_gives_ties_in_the_split_to_the_lower_seat():
    assert largest_remainder_split(1, [1, 1, 1]) == (1, 0, 0)
    assert largest_remainder_split(2, [0, 1, 1, 1]) == (0, 1, 1, 0)


def test_it_picks_the_band_by_its_lower_bound():
    assert [rate_for(v, DEFAULT_BANDS) for v in (0, 99, 100, 499, 500, 1999, 2000)] == [
        1000,
        1000,
        900,
        900,
        800,
        800,
        700,
    ]


def test_it_refuses_payments_to_unseated_seats():
    with pytest.raises(CalculationError):
        settle([(0, 4, 1)])
    with pytest.raises(CalculationError):
        settle([(0, 1, -1)])
