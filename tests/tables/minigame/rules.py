"""A small real trick game used to test the table service independently of any shipped engine.

"Follow": 16 cards (A K Q J of S H D C), 4 seats, 4 cards each; the forehand (dealer + 1) leads; follow
suit if you can; highest card of the led suit wins and leads next. Each trick is a point; the seat with
the most tricks is paid 1 unit by every other seat. Option `rounds` (1..5, default 2) ends the match.
It implements the whole Game protocol so the service, consumers and sweeper can be exercised fully, and it is
added the way README.md "Adding a game" says: a package with `GAMES` (tests/settings.py lists it in
KIBITZ_GAME_PACKAGES), a declaration, and a browser module of its own (static/js/games/test-follow.js here, served
by the tests' settings only).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from games.engines.core import Game, IllegalAction, InvalidAction, NextRound, SimpleAction
from games.engines.core.declaration import N_, Declaration, Option, normalize_with

RANKS = "JQKA"
SUITS = "SHDC"
DECK = [r + s for s in SUITS for r in RANKS]


@dataclass(frozen=True)
class FollowState:
    options: dict[str, Any]
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    start: dict[str, Any]
    turn: int
    trick: tuple[tuple[int, str], ...] = ()
    last_trick: tuple[tuple[int, str], ...] = ()
    won: tuple[int, ...] = (0, 0, 0, 0)
    done: bool = False
    played: tuple[str, ...] = field(default=())


class FollowGame(Game):
    key = "test-follow"
    declaration = Declaration(
        title=N_("Follow (test game)"),
        seat_counts=(4,),
        settlement_unit="deal",
        default_limit_units=1,
        deck="follow",
        module="test-follow",
        options=(
            Option("rounds", "number", 2, N_("Rounds"), N_("Deals in the match."), minimum=1, maximum=5),
        ),
    )

    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        return normalize_with(self.declaration.options, options)

    def shuffle_deck(self, rng: random.Random, options: Mapping[str, Any]) -> list[Any]:
        order = list(DECK)
        rng.shuffle(order)
        return order

    def deal_from_order(
        self, order: Sequence[Any], dealer: int, options: Mapping[str, Any], start: Mapping[str, Any] | None
    ) -> dict[str, Any]:
        return {"hands": [sorted(order[i * 4 : (i + 1) * 4], key=DECK.index) for i in range(4)]}

    def new_round(self, options, deal, dealer, start=None):
        hands = deal.get("hands")
        if not isinstance(hands, list) or sorted(c for h in hands for c in h) != sorted(DECK):
            raise IllegalAction("bad_deal")
        start = dict(start or {"scores": [0, 0, 0, 0], "rounds_played": 0})
        return FollowState(
            self.normalize_options(options), dealer, tuple(tuple(h) for h in hands), start, (dealer + 1) % 4
        )

    def options_of(self, state):
        return state.options

    def phase(self, state):
        return "done" if state.done else "play"

    def to_act(self, state):
        return frozenset() if state.done else frozenset({state.turn})

    def legal_actions(self, state, seat):
        if state.done or seat != state.turn:
            return []
        hand = state.hands[seat]
        if state.trick:
            suit = state.trick[0][1][-1]
            follow = [c for c in hand if c[-1] == suit]
            if follow:
                return [SimpleAction("play", c) for c in follow]
        return [SimpleAction("play", c) for c in hand]

    def parse_action(self, payload):
        if not isinstance(payload, dict) or set(payload) != {"play"} or payload["play"] not in DECK:
            raise InvalidAction("bad_action", 'expected {"play": card}')
        return SimpleAction("play", payload["play"])

    def apply(self, state, seat, action):
        if state.done:
            raise IllegalAction("wrong_phase")
        if seat != state.turn:
            raise IllegalAction("not_your_turn")
        card = action.value
        if card not in state.hands[seat]:
            raise IllegalAction("not_in_hand")
        if SimpleAction("play", card) not in self.legal_actions(state, seat):
            raise IllegalAction("must_follow_suit")
        hands = tuple(tuple(c for c in h if c != card) if i == seat else h for i, h in enumerate(state.hands))
        trick = (*state.trick, (seat, card))
        if len(trick) < 4:
            return replace(state, hands=hands, trick=trick, turn=(seat + 1) % 4, played=(*state.played, card))
        suit = trick[0][1][-1]
        winner = max((p for p in trick if p[1][-1] == suit), key=lambda p: RANKS.index(p[1][0]))[0]
        won = tuple(w + (i == winner) for i, w in enumerate(state.won))
        return replace(
            state,
            hands=hands,
            trick=(),
            last_trick=trick,
            won=won,
            turn=winner,
            done=not any(hands),
            played=(*state.played, card),
        )

    def _scores(self, state):
        best = max(state.won)
        top = [i for i, w in enumerate(state.won) if w == best]
        if len(top) != 1:
            return [0, 0, 0, 0]
        return [3 if i == top[0] else -1 for i in range(4)]

    def view(self, state, seat):
        return {
            "phase": self.phase(state),
            "dealer": state.dealer,
            "to_act": sorted(self.to_act(state)),
            "hand": list(state.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in state.hands],
            "trick": [{"seat": s, "card": c} for s, c in state.trick],
            "last_trick": [{"seat": s, "card": c} for s, c in state.last_trick],
            "tricks_won": list(state.won),
            "scores": state.start["scores"],
            "result": self.result(state),
        }

    def public_cards(self, state: FollowState) -> frozenset[str]:
        """The cards every viewer may see (this game's views, as `view` shows them): the trick in progress and
        the last completed trick; hands are shown to their own seat only, earlier tricks to nobody."""
        return frozenset(card for _, card in (*state.trick, *state.last_trick))

    def result(self, state):
        if not state.done:
            return None
        scores = self._scores(state)
        payments = sorted([i, scores.index(3), 1] for i in range(4) if scores[i] == -1) if 3 in scores else []
        return {"status": "scored", "tricks": list(state.won), "scores": scores, "payments": payments}

    def settlement(self, state):
        res = self.result(state)
        return None if res is None else [tuple(p) for p in res["payments"]]

    def timeout_action(self, state, seat):
        return self.legal_actions(state, seat)[0]

    def to_json(self, state):
        return {
            "options": state.options,
            "dealer": state.dealer,
            "hands": [list(h) for h in state.hands],
            "start": state.start,
            "turn": state.turn,
            "trick": [list(p) for p in state.trick],
            "last_trick": [list(p) for p in state.last_trick],
            "won": list(state.won),
            "done": state.done,
            "played": list(state.played),
        }

    def from_json(self, data):
        return FollowState(
            dict(data["options"]),
            data["dealer"],
            tuple(tuple(h) for h in data["hands"]),
            dict(data["start"]),
            data["turn"],
            tuple(tuple(p) for p in data["trick"]),
            tuple(tuple(p) for p in data["last_trick"]),
            tuple(data["won"]),
            data["done"],
            tuple(data["played"]),
        )

    def next_round(self, state):
        if not state.done:
            return None
        played = state.start["rounds_played"] + 1
        if played >= state.options["rounds"]:
            return None
        scores = [a + b for a, b in zip(state.start["scores"], self._scores(state), strict=True)]
        return NextRound((state.dealer + 1) % 4, {"scores": scores, "rounds_played": played})

    def round_scores(self, state):
        return self._scores(state) if state.done else None

    def standings(self, state):
        scores = [
            a + b
            for a, b in zip(
                state.start["scores"], self._scores(state) if state.done else [0] * 4, strict=True
            )
        ]
        return {
            "scores": scores,
            "ranking": [1 + sum(t > scores[s] for t in scores) for s in range(4)],
            "over": self.next_round(state) is None and state.done,
        }

    def bot(self, level, playouts=None):
        return _RandomBot(level)


class _RandomBot:
    def __init__(self, level: str) -> None:
        self.level = level

    def choose(self, view, seat, legal, rng):
        return rng.choice(list(legal))


GAME = FollowGame()
