"""The docs/rules/jass.md §11 vectors that are not case files (the case files run through tests/engine/test_cases.py).

V6, V7 (the obenabe set), V16 (the Weis ranks without a case), V30 (the extra round's dealer), V32 and V33 (the
engine's payments; the money conversion is the ledger's). V9 is the property test in test_properties.py.
"""

from __future__ import annotations

from games.engines.core.replay import replay
from games.engines.jass import DIFFERENZLER_GAME, SCHIEBER_GAME
from games.engines.jass.cards import card_points
from games.engines.jass.weis import best_weis_seat, weis_key
from tests.engine.caselib import CASES_DIR, load_case


def _replay_case(name: str):
    path = next(CASES_DIR.glob(f"jass-*/{name}*.json"))
    case = load_case(path)
    game = SCHIEBER_GAME if case["game"] == "jass-schieber" else DIFFERENZLER_GAME
    return game, replay(
        game, case.get("options"), case["deal"], case["dealer"], case["actions"], case.get("start")
    )


def _sum(cards: list[str], mode: str) -> int:
    return sum(card_points(c, mode) for c in cards)


def test_it_counts_the_card_sums_of_vector_6() -> None:
    assert _sum(["6D", "QD", "AD", "10D", "JH"], "S") == 26
    assert _sum(["6D", "QD", "AD", "9S", "JS"], "S") == 48
    assert _sum(["6D", "QD", "AD", "9D", "JD"], "D") == 48


def test_it_counts_the_obenabe_set_of_vector_7() -> None:
    assert _sum(["8D", "QD", "AD", "9S", "JS"], "obenabe") == 24


def _best(mode: str, *declarations: list[list[str]] | None) -> int | None:
    padded = list(declarations) + [None] * (4 - len(declarations))
    return best_weis_seat([None if d is None else [tuple(g) for g in d] for d in padded], 0, mode)


def test_it_ranks_the_weis_of_vector_16() -> None:
    three, four_seq = ["6S", "7S", "8S"], ["6H", "7H", "8H", "9H"]
    six_seq = ["6D", "7D", "8D", "9D", "10D", "JD"]
    jacks = ["JS", "JH", "JD", "JC"]
    nines, aces = ["9S", "9H", "9D", "9C"], ["AS", "AH", "AD", "AC"]
    assert _best("C", [three], [four_seq]) == 1, "a 4-sequence (50) beats a 3-sequence (20)"
    assert _best("C", [six_seq], [jacks]) == 1, "four Js (200) beat a 6-sequence (150)"
    assert _best("C", [aces], [nines]) == 1, "four 9s (150) beat four As (100)"
    assert _best("C", [six_seq], [nines]) == 1, "at 150 a four of a kind beats a sequence"
    assert weis_key(nines, "C", "C")[:2] == (150, 1) and weis_key(six_seq, "C", "C")[:2] == (150, 0)
    nine_seq = ["6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"]
    assert weis_key(nine_seq, "C", "C")[0] == 300


def test_it_ranks_unenufe_sequences_by_their_lowest_card() -> None:
    assert _best("unenufe", [["7S", "8S", "9S"]], [["6H", "7H", "8H"]]) == 1


def test_it_deals_the_extra_round_of_vector_30_by_the_next_dealer() -> None:
    game, state = _replay_case("v30-")
    assert game.settlement(state) is None
    following = game.next_round(state)
    assert following is not None
    assert following.dealer == 1
    assert following.start == {"totals": [25, 25, 32, 49], "rounds_played": 4}
    standings = game.standings(state)
    assert standings == {"scores": [25, 25, 32, 49], "ranking": [1, 1, 3, 4], "over": False}


def test_it_pays_vector_32_loser_to_next_seat() -> None:
    game, state = _replay_case("v21a-")  # team 0 wins by seat 1's thanks
    payments = game.settlement(state)
    assert payments == [(1, 2, 1), (3, 0, 1)]
    stake = 1.00
    nets = [
        sum(u for p, q, u in payments if q == s) - sum(u for p, q, u in payments if p == s) for s in range(4)
    ]
    assert [n * stake for n in nets] == [1.00, -1.00, 1.00, -1.00]
    assert game.next_round(state) is None
    assert game.standings(state)["ranking"] == [1, 2, 1, 2]


def test_it_pays_vector_33_pairwise_differences() -> None:
    game, state = _replay_case("v33-")
    payments = game.settlement(state)
    assert payments == [(1, 0, 15), (2, 0, 30), (2, 1, 15), (3, 0, 60), (3, 1, 45), (3, 2, 30)]
    nets = [
        sum(u for p, q, u in payments if q == s) - sum(u for p, q, u in payments if p == s) for s in range(4)
    ]
    totals = [30, 45, 60, 90]
    assert nets == [sum(totals) - 4 * t for t in totals] == [105, 45, -15, -135]
    stake_cents = 10
    assert [n * stake_cents for n in nets] == [1050, 450, -150, -1350]  # Δ = +10.50, +4.50, −1.50, −13.50
    assert game.next_round(state) is None
    assert game.standings(state) == {"scores": totals, "ranking": [1, 2, 3, 4], "over": True}
