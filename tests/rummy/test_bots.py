"""Rummy bots: the meld search is exact, every level plays whole deals legally and reproducibly, the expert holds a
ready opening for a hand-jolly only while that is safe, and its table reading (switch `read_table`) reads what the
others took from the pile."""

from __future__ import annotations

import random

import pytest

from games.engines.rummy.actions import Discard, MeldAction
from games.engines.rummy.bots import make_bot
from games.engines.rummy.melds import read_new_meld
from games.engines.rummy.meldsearch import best_melds
from games.engines.rummy.selfplay import play_deal, play_match

from .helpers import GAME, check_accounting


def test_it_finds_the_best_partition_not_the_longest_run():
    value, melds = best_melds(["4H", "5H", "6H", "7H", "7S", "7D", "KC"], "majority")
    assert value == 36
    assert sorted(sorted(m.entries) for m in melds) == [["4H", "5H", "6H"], ["7D", "7H", "7S"]]


def test_it_uses_jokers_within_the_limit_and_designates_run_jokers():
    hand = ["5H", "7H", "9H", "JK", "JK", "QS", "QD"]
    value, melds = best_melds(hand, "majority")
    for meld in melds:
        read_new_meld(meld.entries, "majority", 0)  # never ambiguous, never over the limit
    # [7H JK 9H] + [QS QD JK] (46 + 50) beats the long run [5H JK 7H JK 9H] (81)
    assert value == 96 and sum(m.jokers for m in melds) == 2
    _, strict = best_melds(hand, 1)
    assert all(m.jokers <= 1 for m in strict)


def test_it_reaches_the_opening_by_value_when_asked():
    value, melds = best_melds(["KS", "KH", "KD", "2C", "3C", "4C"], "majority", by_opening=True)
    assert value == 39 and len(melds) == 2


@pytest.mark.parametrize("level", ["beginner", "standard", "expert"])
@pytest.mark.parametrize("players", [2, 4])
def test_it_plays_whole_deals_with_legal_actions_only(level, players):
    rng = random.Random(players * 10 + len(level))
    options = GAME.normalize_options({"players": players, "kloppen": players > 2})
    bots = [make_bot(level, playouts=4) for _ in range(players)]
    for dealer in range(2):
        state = GAME.new_round(options, GAME.deal_cards(rng, dealer, options), dealer)
        final, log = play_deal(GAME, state, bots, rng, on_step=lambda s, seat, a: check_accounting(s))
        assert final.phase == "done" and log


def test_it_is_reproducible_with_a_seeded_rng():
    def run() -> list[dict]:
        rng = random.Random(99)
        options = GAME.normalize_options({"players": 3, "kloppen": True})
        state = GAME.new_round(options, GAME.deal_cards(rng, 0, options), 0)
        return play_deal(GAME, state, [make_bot("expert", playouts=3) for _ in range(3)], rng)[1]

    assert run() == run()


def test_it_plays_a_whole_match_to_one_survivor():
    rng = random.Random(3)
    last, deals = play_match(GAME, {"players": 3, "limit": 50}, [make_bot("standard") for _ in range(3)], rng)
    standings = GAME.standings(last)
    assert standings["over"] and sorted(standings["ranking"])[0] == 1
    assert sum(not out for out in standings["eliminated"]) == 1
    assert len(deals) >= 1


def test_it_opens_as_soon_as_the_hand_reaches_the_minimum():
    view = {
        "options": GAME.normalize_options({"players": 2}),
        "current": 1,
        "step": "main",
        "hand": ["KS", "KH", "KD", "2C", "5D", "9S"],
        "opened": [False, False],
        "melds": [],
        "discard": ["3H"],
        "hand_sizes": [13, 6],
        "pile_takes": [],
    }
    action = make_bot("standard").choose(view, 1, [], random.Random(0))
    assert action == MeldAction((("KS", "KH", "KD"),))


def test_it_reads_the_pile_cards_the_next_seat_took():
    bot = make_bot("expert", playouts=8)
    view = {
        "options": GAME.normalize_options({"players": 2}),
        "current": 1,
        "step": "main",
        "hand": ["7D", "2C", "9S", "QH"],
        "opened": [True, True],
        "melds": [],
        "discard": ["3H"],
        "hand_sizes": [5, 4],
        "pile_takes": [[0, "7H"], [0, "7S"]],
    }
    scores = {"7D": 0.0, "2C": 0.0}
    bot._read_opponents(view, 1, scores, random.Random(1))
    assert scores["7D"] < scores["2C"]


def _ready_view(hand: list[str], opponent_size: int, opponent_opened: bool = True, **options) -> dict:
    return {
        "options": GAME.normalize_options({"players": 2, **options}),
        "current": 1,
        "step": "main",
        "hand": hand,
        "opened": [opponent_opened, False],
        "melds": [],
        "discard": ["3H"],
        "hand_sizes": [opponent_size, len(hand)],
        "pile_takes": [],
    }


def _discards(hand: list[str]) -> list[Discard]:
    return [Discard(c) for c in dict.fromkeys(hand)]


@pytest.mark.parametrize("hand_jolly", [True, False])
def test_it_holds_a_ready_opening_while_it_is_safe(hand_jolly):
    hand = ["KS", "KH", "KD", "2C", "5D", "9S", "4H"]  # opens with 30, four cards would stay in hand
    view = _ready_view(hand, opponent_size=9, hand_jolly=hand_jolly)
    assert isinstance(
        make_bot("expert", playouts=2).choose(view, 1, _discards(hand), random.Random(0)), Discard
    )
    assert make_bot("standard").choose(view, 1, _discards(hand), random.Random(0)) == MeldAction(
        (("KS", "KH", "KD"),)
    )


def test_it_opens_at_once_when_an_opened_opponent_is_near_out():
    hand = ["KS", "KH", "KD", "2C", "5D", "9S", "4H"]
    view = _ready_view(hand, opponent_size=4)
    assert make_bot("expert", playouts=2).choose(view, 1, _discards(hand), random.Random(0)) == MeldAction(
        (("KS", "KH", "KD"),)
    )
    view = _ready_view(
        hand, opponent_size=3, opponent_opened=False
    )  # an opponent that has not opened is far off
    assert isinstance(
        make_bot("expert", playouts=2).choose(view, 1, _discards(hand), random.Random(0)), Discard
    )


def test_it_opens_when_the_switch_is_off():
    hand = ["KS", "KH", "KD", "2C", "5D", "9S", "4H"]
    bot = make_bot("expert", playouts=2)
    bot.hold = False
    view = _ready_view(hand, opponent_size=9)
    assert bot.choose(view, 1, _discards(hand), random.Random(0)) == MeldAction((("KS", "KH", "KD"),))


def test_it_opens_when_it_goes_out_in_the_same_turn():
    hand = ["KS", "KH", "KD", "2C"]  # melds the kings, discards 2C: out by hand-jolly
    view = _ready_view(hand, opponent_size=9)
    assert make_bot("expert", playouts=2).choose(view, 1, _discards(hand), random.Random(0)) == MeldAction(
        (("KS", "KH", "KD"),)
    )
