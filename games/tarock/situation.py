"""What a bot policy needs to know about its seat's position, built from a view or from a (sampled) state.

Policies in `games.tarock.heuristics` read only a `Situation`, so the same heuristics drive the standard bot
(from its view) and the expert's playouts (from sampled worlds, rules/tarock.md §7 decides what a view holds).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import DECK
from .state import DEF, TarockState
from .visibility import partnership_public


@dataclass
class Situation:
    """One seat's knowledge at its turn.

    Attributes:
        seat: the acting seat; hand: its cards; contract/declarer/called: the current contract (None before the
        opening); side: `decl` or `def`; teammates / opponents: seats known to be on each side (excluding seat);
        trick: the trick in progress as (seat, card) pairs; tricks_done: completed tricks; items: `{item: (owner,
        kontra)}`; pagat_mine: this seat announced Pagat; seen: cards known to be out of the other hands.
    """

    seat: int
    hand: list[str]
    contract: str | None
    declarer: int | None
    called: str | None
    side: str
    teammates: set[int]
    opponents: set[int]
    trick: list[tuple[int, str]]
    tricks_done: int
    items: dict[str, tuple[str, int]] = field(default_factory=dict)
    pagat_mine: bool = False
    seen: set[str] = field(default_factory=set)

    def unseen(self) -> set[str]:
        """Cards that another seat may still hold."""
        return set(DECK) - set(self.hand) - self.seen


def from_view(view: dict[str, Any], seat: int) -> Situation:
    """The situation of `seat` from its own §7 view (the only thing a bot may read)."""
    hand = list(view["hand"] or [])
    sides: list[str | None] = view["sides"]
    trick = [(s, c) for s, c in (view["trick"] or {"cards": []})["cards"]]
    seen: set[str] = {c for _, c in trick}
    if view["last_trick"]:
        seen.update(c for _, c in view["last_trick"]["cards"])
    for tricks in view["won_tricks"]:
        for t in tricks or []:
            seen.update(c for _, c in t["cards"])
    my_side = sides[seat] or DEF
    teammates = {s for s in range(4) if s != seat and sides[s] == my_side}
    opponents = {s for s in range(4) if sides[s] is not None and sides[s] != my_side}
    items = {i["item"]: (i["owner"], i["kontra"]) for i in view["items"]}
    pagat_mine = any(
        c["seat"] == seat and ("pagat" == c["call"].get("announce") or "pagat" in (c["call"].get("announce") or []))
        for c in view["auction"] if c["call"].get("announce")
    )
    return Situation(
        seat=seat, hand=hand, contract=view["contract"], declarer=view["declarer"], called=view["called"],
        side=my_side, teammates=teammates, opponents=opponents, trick=trick,
        tricks_done=sum(view["tricks_won"]), items=items, pagat_mine=pagat_mine, seen=seen,
    )


def from_state(state: TarockState, seat: int) -> Situation:
    """The situation of `seat` in a full state (a sampled world in a playout: sides are taken as known)."""
    side = state.side_of(seat) if state.contract else DEF
    known = state.contract is not None and (partnership_public(state) or seat in (state.partner, state.declarer))
    if state.contract and (known or state.contract != "rufer"):
        teammates = {s for s in range(4) if s != seat and state.side_of(s) == side}
        opponents = {s for s in range(4) if state.side_of(s) != side}
    else:
        teammates = set()
        opponents = {state.declarer} if state.declarer is not None and side == DEF else set()
    trick = list(state.trick.cards) if state.trick else []
    seen = {c for t in state.tricks for _, c in t.cards} | {c for _, c in trick}
    items = {i.item: (i.owner, i.kontra) for i in state.items}
    pagat = state.item("pagat")
    return Situation(
        seat=seat, hand=list(state.hands[seat]), contract=state.contract, declarer=state.declarer,
        called=state.called, side=side, teammates=teammates, opponents=opponents, trick=trick,
        tricks_done=len(state.tricks), items=items, pagat_mine=pagat is not None and pagat.by == seat, seen=seen,
    )
