"""Default limits and settlement units per game (the rules files' §9)."""

from __future__ import annotations

import pytest

from games.reads.table_terms import default_limit, settles_per_match


def test_it_proposes_each_rules_files_default_limit():
    assert default_limit("french-tarot", 10) == 1500
    assert default_limit("tarock", 100) == 1200
    assert default_limit("rummy", 10) == 1000
    assert default_limit("jass-schieber", 100) == 100
    assert default_limit("jass-differenzler", 10) == 1000


def test_it_settles_jass_per_match_and_the_others_per_deal():
    assert settles_per_match("jass-schieber") and settles_per_match("jass-differenzler")
    assert not any(settles_per_match(g) for g in ("french-tarot", "tarock", "rummy"))


def test_it_reads_the_terms_by_alias_and_refuses_an_unknown_game():
    assert default_limit("tarot", 1) == 150 and settles_per_match("schieber")
    with pytest.raises(KeyError):
        default_limit("no-such-game", 1)
    with pytest.raises(KeyError):
        settles_per_match("no-such-game")
