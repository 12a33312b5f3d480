"""Differential test against the public `jass-kit` package over random Schieber rounds (400 in the quick tier, 2,000
in the long tier: tests/volume.py; docs/rules/jass.md §5.3, §6.1, §2): legal cards, trick winners and trick points
must agree.

jass-kit has one known bug (its issue #10): its undertrump check compares with a mis-ranked "lowest" trump, so it
may allow trumps below the highest trump in the trick (trump D, trick 6C JD 10D, hand AD 9D 6D 10S: it allows AD
and 9D where only 10S is legal). A disagreement passes only if it is exactly that: jass-kit's legal set is ours
plus trumps ranking below the highest trump in the trick. Any other difference fails.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.engines.jass import SCHIEBER_GAME
from games.engines.jass.cards import MODES, STRENGTH, SUIT_OF, highest_trump, trick_points
from games.engines.jass.legality import legal_cards
from games.engines.jass.state import SCHIEBER, JassState
from tests.volume import seeded, volume

from .randomplay import random_round

pytest.importorskip("jass.game.rule_schieber", reason="jass-kit is in the dev extra")
from .jasskit import kit_legal, kit_trick

ROUNDS = volume(400, 2000)


def is_known_undertrump_bug(ours: set[str], kit: set[str], trick: list[str], mode: str) -> bool:
    """True when jass-kit's set is ours plus only trumps below the highest trump in the trick (its issue #10)."""
    top = highest_trump(trick, mode)
    if top is None or not ours <= kit:
        return False
    strength = STRENGTH[mode]
    return all(SUIT_OF[c] == mode and strength[c] < strength[top] for c in kit - ours)


def test_it_recognises_the_documented_jasskit_bug() -> None:
    trick, hand = ["6C", "JD", "10D"], ["AD", "9D", "6D", "10S"]
    ours = set(legal_cards(hand, trick, "D", SCHIEBER))
    kit = kit_legal(hand, trick, "D")
    assert ours == {"10S"}
    assert kit == {"AD", "9D", "10S"}
    assert is_known_undertrump_bug(ours, kit, trick, "D")
    assert not is_known_undertrump_bug(ours, kit | {"7H"}, trick, "D")


def test_it_agrees_with_jasskit_over_random_rounds() -> None:
    rng = random.Random(seeded("differential-jass-kit"))
    counts: Counter[str] = Counter()
    modes: Counter[str] = Counter()

    def compare(state: JassState, log: list) -> None:
        mode = state.mode
        if mode is None:
            return
        if not state.trick and state.last_trick is not None and "play" in log[-1]["action"]:
            leader, cards, winner = state.last_trick
            kit_winner, kit_points = kit_trick(cards, leader, mode, state.tricks_done == 9)
            assert kit_winner == winner, (
                f"trick {cards} led by {leader} in {mode}: jass-kit says {kit_winner}"
            )
            counts["tricks"] += 1
            ours_points = trick_points(cards, mode, state.tricks_done == 9)
            assert kit_points == ours_points, (
                f"trick {cards} in {mode}: {ours_points} != jass-kit {kit_points}"
            )
        if state.phase != "play":
            return
        seat = state.to_play()
        hand = state.hands[seat]
        ours = set(legal_cards(hand, state.trick, mode, SCHIEBER))
        kit = kit_legal(hand, state.trick, mode)
        counts["positions"] += 1
        if ours != kit:
            assert is_known_undertrump_bug(ours, kit, list(state.trick), mode), (
                f"mode {mode}, trick {state.trick}, hand {hand}: ours {sorted(ours)} jass-kit {sorted(kit)}"
            )
            counts["known_bug"] += 1

    for _ in range(ROUNDS):
        rnd = random_round(SCHIEBER_GAME, rng, {"multipliers": "none"}, weis_chance=0.0, on_step=compare)
        modes[rnd.state.mode or ""] += 1
    assert set(modes) == set(MODES), modes
    assert counts["tricks"] == 9 * ROUNDS
    print(
        f"jass-kit differential: {ROUNDS} rounds, {counts['positions']} positions, {counts['tricks']} tricks, "
        f"{counts['known_bug']} disagreements, all of them jass-kit issue #10"
    )
