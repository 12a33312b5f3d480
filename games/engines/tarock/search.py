"""The expert's determinized search: sample worlds from a view, play each candidate out, keep the best mean.

Playouts use the fast path (`apply_call`, the unchecked `do_play`, on one copied state) with the shared heuristics
for every seat, and score with the engine's own `score` (docs/rules/tarock.md §6). Work is bounded by a playout
count, so a seeded rng makes the choice reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.engines.core import SimpleAction

from .actions import TarockAction
from .cards import MOND, PAGAT, SKUS, TAROCKS
from .heuristics import choose_call, choose_card
from .legality import legal_calls, legal_cards
from .scoring import score, side_facts
from .situation import Situation, from_state
from .state import TarockState
from .transitions import apply_call, do_play
from .worlds import sample_world

PLAIN_TAROCKS = frozenset(c for c in TAROCKS if c not in (PAGAT, MOND, SKUS))


def playout(state: TarockState, rng: random.Random) -> TarockState:
    """Finish a deal in place with the heuristic policy for every seat; returns the same (now done) state.

    In a sampled world every seat plays as if the sides were known (the world fixes them anyway).
    """
    while state.phase == "auction":
        seat = state.turn
        assert seat is not None
        apply_call(state, seat, choose_call(from_state(state, seat), legal_calls(state, seat)))
    if state.phase == "done":
        return state
    sides = [state.side_of(s) for s in range(4)]
    mates = [{t for t in range(4) if t != s and sides[t] == sides[s]} for s in range(4)]
    items = {i.item: (i.owner, i.kontra) for i in state.items}
    seen = {c for t in state.tricks for _, c in t.cards}
    while state.phase == "play":
        seat = state.turn
        trick = state.trick
        assert seat is not None and trick is not None
        sit = Situation(
            seat,
            state.hands[seat],
            state.contract,
            sides[seat],
            mates[seat],
            trick.cards,
            len(state.tricks),
            items,
            seen | {c for _, c in trick.cards},
            state.options,
        )
        card = choose_card(sit, legal_cards(state, seat), rng)
        do_play(state, seat, card)
        seen.add(card)
    return state


def apply_fast(state: TarockState, seat: int, action: TarockAction) -> None:
    """Apply a legal action in place without the checked path's copy."""
    if isinstance(action, SimpleAction) and action.kind == "play":
        do_play(state, seat, str(action.value))
    else:
        apply_call(state, seat, action)


def distinct_candidates(view: dict[str, Any], legal: Sequence[TarockAction]) -> list[TarockAction]:
    """`legal` without plain tarocks that are equivalent to a lower one the seat also may play.

    Two plain tarocks (1 card point each, not the Trull) are equivalent when every tarock ranked between them is
    in the seat's hand or shown in its view: no other card can tell them apart (docs/rules/tarock.md §5.8).
    """
    hand = set(view["hand"] or [])
    shown = {c for _, c in (view["trick"] or {"cards": []})["cards"]}
    if view["last_trick"]:
        shown.update(c for _, c in view["last_trick"]["cards"])
    for won in view["won_tricks"]:
        for trick in won or []:
            shown.update(c for _, c in trick["cards"])
    kept: list[TarockAction] = []
    previous: int | None = None
    plain = sorted(
        (int(str(a.value)[1:]), a)
        for a in legal
        if isinstance(a, SimpleAction) and a.kind == "play" and str(a.value) in PLAIN_TAROCKS
    )
    for number, action in plain:
        between = [f"T{n}" for n in range(previous + 1, number)] if previous is not None else None
        if between is None or any(c not in hand and c not in shown for c in between):
            kept.append(action)
        previous = number
    return [
        a
        for a in legal
        if a in kept
        or not (isinstance(a, SimpleAction) and a.kind == "play" and str(a.value) in PLAIN_TAROCKS)
    ]


POINT_WEIGHT = 0.02


def outcome(state: TarockState, seat: int) -> float:
    """What the search maximises: the seat's delta in game units, with its side's card points as a small
    tie-break (most deals end at ±1 or ±2 units, so the points tell apart moves of equal delta)."""
    delta: int = score(state)["deltas"][seat]
    return delta + POINT_WEIGHT * side_facts(state)[0][state.side_of(seat)]


def search(
    view: dict[str, Any],
    seat: int,
    legal: Sequence[TarockAction],
    rng: random.Random,
    playouts: int,
    default: TarockAction | None = None,
) -> TarockAction:
    """The best candidate over sampled worlds, measured against the heuristic's own choice.

    Every candidate is played out on the same worlds with the same playout seeds, so candidates are compared
    world by world. A candidate replaces `default` (the standard heuristic's choice) only when its mean paired
    gain exceeds one standard error: with a few worlds per candidate, a bare argmax mostly follows noise.

    Args:
        playouts: total budget; each candidate gets `max(2, playouts // len(candidates))` worlds.
        default: the action to keep unless a candidate is clearly better (None: the plain argmax).
    Returns:
        one of `legal`.
    """
    candidates = distinct_candidates(view, legal)
    if default is not None and default not in candidates:
        candidates.append(default)
    if len(candidates) == 1:
        return candidates[0]
    n_worlds = max(2, playouts // len(candidates))
    worlds = [sample_world(view, seat, rng) for _ in range(n_worlds)]
    seeds = [rng.randrange(2**32) for _ in worlds]
    outcomes: dict[TarockAction, list[float]] = {}
    for action in candidates:
        values = []
        for world, seed in zip(worlds, seeds, strict=True):
            state = world.copy()
            apply_fast(state, seat, action)
            playout(state, random.Random(seed))
            values.append(outcome(state, seat))
        outcomes[action] = values
    if default is None:
        return max(candidates, key=lambda a: sum(outcomes[a]))
    best, best_gain = default, 0.0
    for action in candidates:
        gains = [x - y for x, y in zip(outcomes[action], outcomes[default], strict=True)]
        mean = sum(gains) / len(gains)
        spread = (sum((g - mean) ** 2 for g in gains) / max(1, len(gains) - 1)) ** 0.5
        if mean - spread / len(gains) ** 0.5 > best_gain:
            best, best_gain = action, mean - spread / len(gains) ** 0.5
    return best
