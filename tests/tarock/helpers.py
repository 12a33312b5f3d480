"""Building deals and driving Tarock rounds in tests (seeded, no engine internals needed)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.engines.core import IllegalAction, get_game
from games.engines.tarock.cards import DECK, GLATZEN

GAME = get_game("tarock")


def deal_of(*hands: str) -> dict[str, Any]:
    """The deal JSON `{"hands": [...]}` of four hands, each written as its card codes separated by spaces."""
    return {"hands": [hand.split() for hand in hands]}


# Seat 0 holds all four Glatzen (a redeal, docs/rules/tarock.md §4.3); every seat has at least two Tarocks.
FOUR_GLATZEN_DEAL = deal_of(
    "10S 10C AH AD T4 T5 T6 T7 T8 T9",
    "T10 T11 T12 JS NS QS KS JC NC QC",
    "T13 T14 T15 T16 KC JH NH QH KH JD",
    "T1 T17 T18 T19 T20 T21 T22 ND QD KD",
)


def deal_with(fixed: Mapping[int, Sequence[str]], seed: int = 0) -> dict[str, Any]:
    """A deal where seat s holds `fixed[s]` (plus random cards to ten), redeal-free, chosen by `seed`."""
    rng = random.Random(seed)
    taken = {c for cards in fixed.values() for c in cards}
    rest = [c for c in DECK if c not in taken]
    for _ in range(1000):
        rng.shuffle(rest)
        hands, i = [], 0
        for s in range(4):
            need = 10 - len(fixed.get(s, ()))
            hands.append(list(fixed.get(s, ())) + rest[i : i + need])
            i += need
        if all(sum(c[0] == "T" for c in h) >= 2 and not set(h) >= GLATZEN for h in hands):
            return {"hands": hands}
    raise AssertionError("no redeal-free deal with these fixed cards")


def act(state: Any, seat: int, wire: dict[str, Any]) -> Any:
    """Apply one wire action through the checked path."""
    return GAME.apply(state, seat, GAME.parse_action(wire))


def run_calls(state: Any, calls: Sequence[tuple[int, dict[str, Any]]]) -> Any:
    """Apply `(seat, wire)` calls in order."""
    for seat, wire in calls:
        state = act(state, seat, wire)
    return state


def play_out(state: Any, choose: Callable[[Any, int, list[str]], str]) -> Any:
    """Play the remaining cards: `choose(state, seat, legal card codes)` picks each card."""
    while GAME.phase(state) == "play":
        (seat,) = GAME.to_act(state)
        legal = [a.value for a in GAME.legal_actions(state, seat)]
        state = act(state, seat, {"play": choose(state, seat, legal)})
    return state


def wires(actions: Sequence[Any]) -> list[dict[str, Any]]:
    """Wire forms of actions."""
    return [a.to_wire() for a in actions]


def random_options(rng: random.Random) -> dict[str, Any]:
    """Random §10 flags (the deal count does not change a deal)."""
    return {"absolut_in_solo": rng.random() < 0.7, "still_valat_kontra": rng.random() < 0.7}


def random_action(state: Any, seat: int, rng: random.Random) -> Any:
    """A random legal action with many announcements and Kontras: passes half the time when allowed,
    and sometimes a contract bid with one or two bundled announcements (kept only if the engine accepts it)."""
    legal = GAME.legal_actions(state, seat)
    assert legal, "a seat to act has no legal action"
    bids = [a for a in legal if "contract" in a.to_wire()]
    if bids and rng.random() < 0.2:
        bundle = rng.sample(["absolut", "pagat", "valat"], rng.choice([1, 2]))
        bundled = GAME.parse_action({"contract": rng.choice(bids).to_wire()["contract"], "announce": bundle})
        try:
            GAME.apply(state, seat, bundled)
        except IllegalAction:
            bundled = None  # a refused bundle falls back to a listed action
        if bundled is not None:
            return bundled
    passes = [a for a in legal if a.to_wire() == {"pass": True}]
    if passes and rng.random() < 0.5:
        return passes[0]
    return rng.choice(legal)


def order_for(hands: Sequence[Sequence[str]], dealer: int) -> list[str]:
    """The deck order that §4.2's two rounds of five-card packets, starting at the forehand, turn into `hands`
    (what a table's fixed next deal takes)."""
    forehand = (dealer + 1) % 4
    order: list[str] = []
    for round_ in range(2):
        for i in range(4):
            order += hands[(forehand + i) % 4][round_ * 5 : (round_ + 1) * 5]
    dealt = GAME.deal_from_order(order, dealer, GAME.normalize_options({}), None)
    assert [sorted(h) for h in dealt["hands"]] == [sorted(h) for h in hands], "not a partition dealt by §4.2"
    return order
