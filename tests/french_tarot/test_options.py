"""Options of docs/rules/french_tarot.md §10: defaults, accepted values and `bad_options` refusals."""

from __future__ import annotations

import pytest

from games.engines.core import IllegalAction

from .helpers import GAME, load


def test_it_fills_in_the_defaults():
    assert GAME.normalize_options(None) == {"profile": "fft", "match_end": "deals:8"}
    assert GAME.normalize_options({}) == {"profile": "fft", "match_end": "deals:8"}


@pytest.mark.parametrize(
    "options",
    [
        {"profile": "seed002"},
        {"match_end": "deals:1"},
        {"match_end": "deals:40"},
        {"match_end": "target:100"},
        {"match_end": "target:250"},
        {"match_end": "target:500"},
        {"match_end": "target:1000"},
        {"match_end": "open"},
    ],
)
def test_it_accepts_every_value_of_the_options_table(options):
    case = load("v01-garde-two-bouts-43-points")
    state = GAME.new_round(options, case["deal"], 0)
    assert GAME.options_of(state) == {"profile": "fft", "match_end": "deals:8", **options}


@pytest.mark.parametrize(
    "options",
    [
        {"variant": "fft"},
        {"profile": "FFT"},
        {"profile": None},
        {"match_end": "deals:0"},
        {"match_end": "deals:41"},
        {"match_end": "deals:08"},
        {"match_end": "deals:8 "},
        {"match_end": "target:150"},
        {"match_end": "target:99"},
        {"match_end": 8},
        {"match_end": "closed"},
        {"limit": 150},  # the table's money limit is the ledger's setting, not an engine option (§9)
        {"limit": "15.00"},
        [("profile", "fft")],
    ],
)
def test_it_refuses_unknown_options_and_values_from_new_round(options):
    case = load("v01-garde-two-bouts-43-points")
    with pytest.raises(IllegalAction) as error:
        GAME.new_round(options, case["deal"], 0)
    assert error.value.code == "bad_options"
