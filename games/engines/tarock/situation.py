"""What a bot policy needs to know about its seat's position, built from a view or from a (sampled) state.

Policies in `games.engines.tarock.heuristics` read only a `Situation`, so the same heuristics drive the standard bot
(from its view, docs/rules/tarock.md §7) and the expert's playouts (from sampled worlds).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .state import DEF, TarockState
from .visibility import partnership_public


@dataclass
class Situation:
    """One seat's knowledge at its turn.

    Attributes:
        seat: the acting seat; hand: its cards; contract: the current contract (None before the opening);
        side: `decl` or `def`; teammates: seats known to be on its side (excluding itself);
        trick: the trick in progress as (seat, card) pairs; tricks_done: completed tricks;
        items: `{item: (owner side, kontra level)}`; seen: cards known to be out of the other hands;
        options: the table options (§10).
    """

    seat: int
    hand: list[str]
    contract: str | None
    side: str
    teammates: set[int]
    trick: list[tuple[int, str]]
    tricks_done: int
    items: dict[str, tuple[str, int]] = field(default_factory=dict)
    seen: set[str] = field(default_factory=set)
    options: dict[str, Any] = field(default_factory=dict)


def from_view(view: dict[str, Any], seat: int) -> Situation:
    """The situation of `seat` from its own §7 view (the only thing a bot may read)."""
    sides: list[str | None] = view["sides"]
    trick = [(s, c) for s, c in (view["trick"] or {"cards": []})["cards"]]
    seen: set[str] = {c for _, c in trick}
    if view["last_trick"]:
        seen.update(c for _, c in view["last_trick"]["cards"])
    for tricks in view["won_tricks"]:
        for t in tricks or []:
            seen.update(c for _, c in t["cards"])
    my_side = sides[seat] or DEF
    return Situation(
        seat=seat,
        hand=list(view["hand"] or []),
        contract=view["contract"],
        side=my_side,
        teammates={s for s in range(4) if s != seat and sides[s] == my_side},
        trick=trick,
        tricks_done=sum(view["tricks_won"]),
        items={i["item"]: (i["owner"], i["kontra"]) for i in view["items"]},
        seen=seen,
        options=dict(view["options"]),
    )


def from_state(state: TarockState, seat: int) -> Situation:
    """The situation of `seat` in a full state, knowing the sides only as far as §7 lets that seat know them."""
    side = state.side_of(seat) if state.contract else DEF
    known = state.contract is not None and (
        state.contract != "rufer" or partnership_public(state) or seat in (state.partner, state.declarer)
    )
    teammates = {s for s in range(4) if s != seat and state.side_of(s) == side} if known else set()
    trick = list(state.trick.cards) if state.trick else []
    return Situation(
        seat=seat,
        hand=list(state.hands[seat]),
        contract=state.contract,
        side=side,
        teammates=teammates,
        trick=trick,
        tricks_done=len(state.tricks),
        items={i.item: (i.owner, i.kontra) for i in state.items},
        seen={c for t in state.tricks for _, c in t.cards} | {c for _, c in trick},
        options=state.options,
    )
