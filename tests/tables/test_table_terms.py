"""Default limits and settlement units per game (the rules files' §9)."""

from __future__ import annotations

from games.engines.core.registry import get_game
from games.services.table_terms import DEFAULT_LIMIT_UNITS, default_limit, settles_per_match


def test_it_proposes_each_rules_files_default_limit():
    assert default_limit("french-tarot", 10) == 1500
    assert default_limit("tarock", 100) == 1200
    assert default_limit("rummy", 10) == 1000
    assert default_limit("jass-schieber", 100) == 100
    assert default_limit("jass-differenzler", 10) == 1000


def test_it_settles_jass_per_match_and_the_others_per_deal():
    assert settles_per_match("jass-schieber") and settles_per_match("jass-differenzler")
    assert not any(settles_per_match(g) for g in ("french-tarot", "tarock", "rummy"))


def test_it_knows_every_registered_game_key():
    for key in DEFAULT_LIMIT_UNITS:
        assert get_game(key).key == key
