"""Each game's statistics for a player's record page (Game.record_stats, games.engines.core.record), from the
result JSON of the deals their rules files give (§6.5 / §6)."""

from __future__ import annotations

from games.engines.core import get_game


def lines(game: str, deals) -> list[dict[str, tuple]]:
    return [{line.label: line.values for line in table.lines} for table in get_game(game).record_stats(deals)]


def test_french_tarot_counts_contracts_taken_and_made():
    deals = [
        ({"status": "scored", "taker": 1, "contract": "garde", "made": True}, 1),
        ({"status": "scored", "taker": 1, "contract": "garde", "made": False}, 1),
        ({"status": "scored", "taker": 2, "contract": "petite", "made": True}, 1),  # another's contract
        ({"status": "scored", "taker": 0, "contract": "garde_contre", "made": True}, 0),
        ({"status": "annulled", "reason": "all_passed", "seat": None, "scores": [0, 0, 0, 0]}, 0),
    ]
    (table,) = lines("french-tarot", deals)
    assert table["Garde"] == (2, 1) and table["Petite"] == (0, 0) and table["Garde contre"] == (1, 1)
    assert table["All contracts"] == (3, 2)


def test_tarock_counts_games_called_and_won():
    deals = [
        ({"contract": "rufer", "declarer": 2, "deltas": [-1, 1, 1, -1]}, 2),
        ({"contract": "solo", "declarer": 2, "deltas": [4, 4, -12, 4]}, 2),
        ({"contract": "solo", "declarer": 0, "deltas": [12, -4, -4, -4]}, 2),  # a defence
        ({"redeal": ["XXI"]}, 2),
    ]
    (table,) = lines("tarock", deals)
    assert table["Rufer"] == (1, 1) and table["Solo"] == (1, 0) and table["All games"] == (2, 1)


def test_schieber_averages_the_teams_points_and_counts_trumps_chosen():
    def round_(chooser, mode, totals):
        return {"chooser": chooser, "mode": mode, "teams": [{"total": totals[0]}, {"total": totals[1]}]}

    deals = [
        (round_(0, "H", (100, 57)), 2),
        (round_(2, "obenabe", (40, 117)), 2),
        (round_(1, "S", (9, 148)), 2),
    ]
    facts, trumps = lines("jass-schieber", deals)
    assert facts["Rounds played"] == (3,) and facts["Average points per round (your team)"] == (
        round(149 / 3, 1),
    )
    assert trumps["Obenabe"] == (1,) and sum(v[0] for v in trumps.values()) == 1


def test_differenzler_averages_the_distance_from_the_prediction():
    deals = [
        ({"predictions": [50, 60, 20, 27], "points": [40, 60, 30, 27]}, 0),
        ({"predictions": [50, 60, 20, 27], "points": [50, 70, 10, 27]}, 0),
        ({"predictions": [50, 60, 20, 27], "points": [57, 70, 10, 20]}, 0),
    ]
    (facts,) = lines("jass-differenzler", deals)
    assert facts["Rounds played"] == (3,) and facts["Average distance from the prediction"] == (
        round(17 / 3, 1),
    )
    assert facts["Exact predictions"] == (1,)


def test_rummy_averages_the_penalty_and_counts_hand_jollies():
    deals = [
        ({"winner": 1, "hand_jolly": True, "penalties": [30, 0, 12]}, 1),
        ({"winner": 0, "hand_jolly": False, "penalties": [0, 25, 8]}, 1),
        ({"winner": 2, "hand_jolly": True, "penalties": [40, 50, 0]}, 1),  # another's hand-jolly
        ({"void": True}, 1),
        ({"winner": 0, "hand_jolly": False, "penalties": [0, None, 8]}, 1),  # out of the match
    ]
    (facts,) = lines("rummy", deals)
    assert facts["Deals played"] == (3,) and facts["Deals won"] == (1,)
    assert facts["Average penalty per deal"] == (25.0,) and facts["Hand-jollies (out in one turn)"] == (1,)


def test_nothing_played_gives_zero_counts_and_no_average():
    for key in ("french-tarot", "tarock", "jass-schieber", "jass-differenzler", "rummy"):
        for table in get_game(key).record_stats([]):
            assert all(value in (0, None) for line in table.lines for value in line.values)
