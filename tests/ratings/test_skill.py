"""The rating math (ratings.skill): the displayed number, the provisional rule, held entrants and the direction of
an update for each team shape the games rate."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ratings.skill import PRIOR, Entrant, Skill, displayed, is_provisional, rate


def test_it_is_pure():
    source = sys.modules["ratings.skill"].__file__
    assert source is not None
    assert "django" not in Path(source).read_text()


def test_it_displays_1000_plus_40_times_the_conservative_estimate():
    assert displayed(PRIOR) == 1000  # 25 − 3 × 25/3 = 0
    assert displayed(Skill(30.0, 2.0)) == 1000 + round(40 * 24.0)
    assert displayed(Skill(10.0, 5.0)) == 1000 + round(40 * -5.0)


def test_it_is_provisional_while_sigma_is_above_3():
    assert is_provisional(PRIOR)
    assert is_provisional(Skill(25.0, 3.0001))
    assert not is_provisional(Skill(25.0, 3.0))


@pytest.mark.parametrize(
    "shape",
    [
        [[0], [1, 2, 3]],  # French Tarot: the taker against the defence
        [[0, 2], [1, 3]],  # Schieber pairs, a Rufer with its partner
        [[0], [1], [2], [3]],  # Differenzler, Rummy
    ],
)
def test_it_raises_the_first_side_and_lowers_the_last(shape):
    entrants = [Entrant(PRIOR, side, side + 1) for side, seats in enumerate(shape) for _seat in seats]
    after = rate(entrants)
    for entrant, new in zip(entrants, after, strict=True):
        if entrant.place == 1:
            assert new.mu > PRIOR.mu
        if entrant.place == len(shape):
            assert new.mu < PRIOR.mu
        assert new.sigma < PRIOR.sigma


def test_it_keeps_a_held_entrants_skill_and_still_counts_it():
    strong = Skill(40.0, 2.0)
    beaten_by_strong = rate([Entrant(PRIOR, 0, 2), Entrant(strong, 1, 1, moves=False)])
    beaten_by_new = rate([Entrant(PRIOR, 0, 2), Entrant(PRIOR, 1, 1, moves=False)])
    assert beaten_by_strong[1] == strong and beaten_by_new[1] == PRIOR
    assert beaten_by_strong[0].mu > beaten_by_new[0].mu  # losing to the stronger costs less


def test_a_tie_of_equals_moves_no_mean():
    after = rate([Entrant(PRIOR, 0, 1), Entrant(PRIOR, 1, 1)])
    assert after[0].mu == pytest.approx(PRIOR.mu) and after[1].mu == pytest.approx(PRIOR.mu)


def test_it_is_deterministic():
    entrants = [Entrant(Skill(27.1, 6.2), 0, 1), Entrant(Skill(22.3, 7.9), 1, 2), Entrant(PRIOR, 1, 2)]
    assert rate(entrants) == rate(entrants)


def test_it_refuses_a_result_of_one_side_or_a_side_with_two_places():
    with pytest.raises(ValueError):
        rate([Entrant(PRIOR, 0, 1), Entrant(PRIOR, 0, 1)])
    with pytest.raises(ValueError):
        rate([Entrant(PRIOR, 0, 1), Entrant(PRIOR, 0, 2), Entrant(PRIOR, 1, 1)])
