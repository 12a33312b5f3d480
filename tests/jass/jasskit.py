"""Bridging our card codes, seats and modes to the public `jass-kit` package (its `jass.game` module).

jass-kit encodes a card as an index 0–35 (`DA DK DQ DJ D10 D9 D8 D7 D6`, then hearts, spades, clubs), a mode as
`D 0, H 1, S 2, C 3, obe-abe 4, une-ufe 5`, and plays counter-clockwise: its next player is `p - 1`, ours is
`s + 1`. Seat s here is player `-s mod 4` there, which keeps partners and teams (both `seat % 2`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from jass.game.const import card_ids, card_strings
from jass.game.rule_schieber import RuleSchieber

from games.engines.jass.cards import OBENABE, UNENUFE

KIT_MODE: dict[str, int] = {"D": 0, "H": 1, "S": 2, "C": 3, OBENABE: 4, UNENUFE: 5}
RULE = RuleSchieber()


def kit_card(code: str) -> int:
    """Our code (`"10D"`) to jass-kit's index (`D10` = 4)."""
    return int(card_ids[code[-1] + code[:-1]])


def our_card(index: int) -> str:
    """jass-kit's index to our code."""
    text = str(card_strings[index])
    return text[1:] + text[0]


def kit_player(seat: int) -> int:
    """Our seat to jass-kit's player number (play order reversed, partners kept)."""
    return (-seat) % 4


def kit_legal(hand: Sequence[str], trick: Sequence[str], mode: str) -> set[str]:
    """The cards jass-kit's Schieber rule allows for `hand` on `trick` in `mode`."""
    one_hot = np.zeros(36, np.int32)
    for card in hand:
        one_hot[kit_card(card)] = 1
    current = np.full(4, -1, np.int32)
    for i, card in enumerate(trick):
        current[i] = kit_card(card)
    valid = RULE.get_valid_cards(one_hot, current, len(trick), KIT_MODE[mode])
    return {our_card(int(i)) for i in np.flatnonzero(valid)}


def kit_trick(cards: Sequence[str], leader: int, mode: str, last: bool) -> tuple[int, int]:
    """jass-kit's (winner seat in our numbering, trick points) for a complete trick led by our `leader`."""
    trick = np.array([kit_card(c) for c in cards], np.int32)
    winner = RULE.calc_winner(trick, kit_player(leader), KIT_MODE[mode])
    points = RULE.calc_points(trick, last, KIT_MODE[mode])
    return (-winner) % 4, points
