"""Fixed French Tarot deals for browser tests, built with the engine's own dealing rule, and a bot seed
under which the table's bots pass (found by asking the engine's bots, so it follows their changes)."""

from __future__ import annotations

import random
from typing import Any

from games.engines.core import get_game

SUITS = "SHDC"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K"]


def strong_hand_order(
    dealer: int, strong_seat: int, spread: bool = False
) -> tuple[list[str], dict[str, Any]]:
    """A deck order that deals `strong_seat` the trumps T4..T21 and the dog T1 T2 T3 EX AS 2S, every other
    seat only suit cards: a suit after the other (a long suit and two Kings make the last of them bid), or with
    `spread` dealt to them in turn (a few cards of every suit each, at most two Kings: the standard bots pass
    wherever they sit). Returns (order, deal)."""
    game = get_game("french-tarot")
    suit_cards = [r + s for s in SUITS for r in RANKS if r + s not in ("AS", "2S")]
    hands: dict[int, list[str]] = {strong_seat: [f"T{n}" for n in range(4, 22)]}
    others = [s for s in range(4) if s != strong_seat]
    for i, seat in enumerate(others):
        hands[seat] = suit_cards[i :: len(others)] if spread else suit_cards[i * 18 : (i + 1) * 18]
    forehand = (dealer + 1) % 4
    order: list[str] = []
    taken = {s: 0 for s in range(4)}
    for packet in range(24):
        seat = (forehand + packet) % 4
        order += hands[seat][taken[seat] : taken[seat] + 3]
        taken[seat] += 3
    order += ["T1", "T2", "T3", "EX", "AS", "2S"]
    deal = game.deal_from_order(order, dealer, game.normalize_options({}), None)
    assert sorted(deal["hands"][strong_seat]) == sorted(hands[strong_seat])
    return order, deal


def passing_bot_seed(
    deal: dict[str, Any], dealer: int, first_bids: dict[int, str], bots: set[int], first_version: int
) -> str:
    """A seed under which every bot passes, when the humans bid `first_bids` (seat -> bid).

    The service seeds a bot's generator with f"{seed}:{version}" (the table version it acts at); the deal
    is at `first_version`, and each bid adds one version.
    """
    game = get_game("french-tarot")
    for n in range(5000):
        seed = f"e2e-{n}"
        state = game.new_round({}, deal, dealer)
        version = first_version
        ok = True
        while game.phase(state) == "bidding" and ok:
            seat = min(game.to_act(state))
            if seat in bots:
                rng = random.Random(f"{seed}:{version}")
                action = game.bot("standard").choose(
                    game.view(state, seat), seat, game.legal_actions(state, seat), rng
                )
                ok = action.to_wire() == {"bid": "pass"}
            else:
                action = game.parse_action({"bid": first_bids.get(seat, "pass")})
            if ok:
                state = game.apply(state, seat, action)
                version += 1
        if ok:
            return seed
    raise AssertionError("no bot seed found under which the bots pass")


def legal_discard(hand: list[str]) -> list[str]:
    """Six cards the rules accept as a discard from a 24-card hand (§5.2): non-King suit cards first, then
    the lowest trumps T2..T20."""
    suits = [c for c in hand if c[0] != "T" and c != "EX" and not c.startswith("K")]
    trumps = sorted((c for c in hand if c[0] == "T" and c not in ("T1", "T21")), key=lambda c: int(c[1:]))
    return (suits + trumps)[:6]
