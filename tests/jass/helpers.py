"""Deals and steps the hand-built Jass tests share (docs/rules/jass.md)."""

from __future__ import annotations

from typing import Any

from games.engines.jass.rules import JassGame
from games.engines.jass.state import JassState


def deal(*hands: str) -> dict[str, Any]:
    """The deal JSON `{"hands": [...]}` of four hands, each written as its card codes separated by spaces."""
    return {"hands": [hand.split() for hand in hands]}


def play(game: JassGame, state: JassState, *steps: tuple[int, dict[str, Any]]) -> JassState:
    """`state` after each `(seat, wire action)` of `steps` in turn (every action parsed and applied)."""
    for seat, wire in steps:
        state = game.apply(state, seat, game.parse_action(wire))
    return state


ALICE_DEAL = deal(
    "JS QS KS 6H JH KH QD KD 6C",
    "9S AS 8H QH AH 6D AD 9C AC",
    "6S 8S 10S 10H 7D 10D 10C QC KC",
    "7S 7H 9H 8D 9D JD 7C 8C JC",
)
# Seat 1 holds the four-card run 6S-9S and seat 2 the three-card run 7D-9D (dealer 0).
WEIS_DEAL = deal(
    "JH 6D 10D JD QD AD 8C 9C JC",
    "6S 7S 8S 9S QS 6H 10H QC AC",
    "JS KS AS QH KH 7D 8D 9D 10C",
    "10S 7H 8H 9H AH KD 6C 7C KC",
)
# On ALICE_DEAL with dealer 0: seat 1 names spades and leads 9S, seats 2 and 3 follow; seat 0 plays next.
SPADES_LEAD = ((1, {"trump": "S"}), (1, {"play": "9S"}), (2, {"play": "6S"}), (3, {"play": "7S"}))
