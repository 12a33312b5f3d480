"""The pieces of benchmarks/rating_strength_order.py: the mistake player (games.bot_matches.Player) and Spearman's
rho."""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

import pytest

from games.bot_matches import Player, play_table, random_seatings
from games.engines.core import get_game

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from rating_strength_order import mistake_rates, ranks, spearman  # noqa: E402


def _first_decision(key: str):
    """A French Tarot (or other) state at its first move due, with the seat, view and legal actions."""
    game = get_game(key)
    options = game.normalize_options({})
    state = game.new_round(options, game.deal_cards(random.Random(3), 0, options), 0)
    seat = min(game.due(state))
    return game, seat, game.view(state, seat), game.legal_actions(state, seat)


@pytest.mark.parametrize("key", ["french-tarot", "jass-schieber", "rummy"])
def test_no_mistakes_is_the_standard_bot(key: str) -> None:
    game, seat, view, legal = _first_decision(key)
    bot = game.bot("standard")
    player = Player("standard", 0.0, random.Random(1))
    for seed in range(20):
        assert player.choose(bot, view, seat, legal, random.Random(seed)) == bot.choose(
            view, seat, legal, random.Random(seed)
        )


def test_no_mistakes_plays_the_standard_bots_match() -> None:
    game = get_game("jass-schieber")
    options = game.normalize_options({})
    plain = play_table(game, options, [Player("standard")] * 4, "s", 8)
    careful = play_table(game, options, [Player("standard", 0.0, random.Random(s)) for s in range(4)], "s", 8)
    assert plain == careful


def test_always_mistakes_is_uniform_over_the_legal_actions_and_seeded() -> None:
    game, seat, view, legal = _first_decision("french-tarot")
    assert len(legal) > 1
    bot = game.bot("standard")
    player = Player("standard", 1.0, random.Random(5))
    picks = [player.choose(bot, view, seat, legal, random.Random(0)) for _ in range(4000)]
    counts = Counter(str(p) for p in picks)
    assert set(counts) == {str(a) for a in legal}
    expected = len(picks) / len(legal)
    assert all(abs(n - expected) < 0.2 * expected for n in counts.values())
    again = Player("standard", 1.0, random.Random(5))
    assert [again.choose(bot, view, seat, legal, random.Random(0)) for _ in range(4000)] == picks


def test_mistake_rates_and_seatings() -> None:
    rates = mistake_rates(40)
    assert (rates[0], rates[-1], len(rates)) == (0.0, 0.4, 40)
    tables = random_seatings(40, 4, range(50), 1)
    assert all(len(set(t.players)) == 4 for t in tables)
    assert tables[7] == random_seatings(40, 4, range(7, 8), 1)[0]


def test_spearman() -> None:
    assert ranks([3.0, 1.0, 1.0, 2.0]) == [4.0, 1.5, 1.5, 3.0]
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    assert spearman([1, 2, 3, 4, 5], [2, 1, 4, 3, 5]) == pytest.approx(0.8)
    with pytest.raises(ValueError):
        spearman([1], [1])
