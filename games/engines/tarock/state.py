"""The Tarock round state and its JSON form (docs/rules/tarock.md §5.3, §4).

The state style of every engine (docs/engines.md): a slots dataclass; `apply` takes `copy()` and the
transitions change the copy, so a state given to the engine is never changed. Sides are named `"decl"` and
`"def"`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

DECL, DEF = "decl", "def"


def next_seat(seat: int) -> int:
    """next(s) = (s + 1) mod 4 (docs/rules/tarock.md §3)."""
    return (seat + 1) % 4


@dataclass(slots=True)
class Item:
    """One scored thing of the auction (docs/rules/tarock.md §5.5).

    Attributes:
        item: `game`, `absolut`, `pagat` or `valat`.
        owner: `decl` or `def`, the side that owns it.
        kontra: level 0..3 (none, Kontra, Rekontra, Subkontra).
        by: the announcer's seat (None for `game`).
    """

    item: str
    owner: str
    kontra: int = 0
    by: int | None = None

    def to_json(self) -> dict[str, Any]:
        """`{"item", "owner", "kontra", "by"}`."""
        return {"item": self.item, "owner": self.owner, "kontra": self.kontra, "by": self.by}


@dataclass(slots=True)
class Trick:
    """A trick: `leader` seat, `cards` as `[seat, card]` pairs in play order, `winner` once complete."""

    leader: int
    cards: list[tuple[int, str]] = field(default_factory=list)
    winner: int | None = None

    def to_json(self) -> dict[str, Any]:
        """`{"leader", "cards": [[seat, card], ...], "winner"}`."""
        return {"leader": self.leader, "cards": [[s, c] for s, c in self.cards], "winner": self.winner}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Trick:
        """Inverse of `to_json`."""
        return cls(data["leader"], [(s, c) for s, c in data["cards"]], data["winner"])


@dataclass(slots=True)
class TarockState:
    """Everything about one deal, secrets included (never sent to a client: views come from `seat_view.view`).

    Attributes:
        options: normalised options (§10); dealer: seat; start: `{"totals": [4 ints], "deals_played": k}` (§8).
        dealt: the four hands as dealt (canonical order); hands: cards still held.
        phase: `auction`, `play` or `done`; redeal: reason codes of a thrown-in deal (§4.3) or None.
        turn: the seat to act (None when done).
        contract / declarer / called / partner: the current contract (§5.3); `partner` is the holder of the
            called card in a Rufer and stays inside the engine until the partnership is public (§7).
        items: the items of the current contract; agreed: per seat; passes: consecutive passes.
        calls: the auction log `{"seat", "call": wire, "side": side of a non-pass caller or None}`.
        trick: the trick in progress (None outside play); tricks: completed tricks.
    """

    options: dict[str, Any]
    dealer: int
    start: dict[str, Any]
    dealt: list[list[str]]
    hands: list[list[str]]
    phase: str = "auction"
    redeal: list[str] | None = None
    turn: int | None = None
    contract: str | None = None
    declarer: int | None = None
    called: str | None = None
    partner: int | None = None
    items: list[Item] = field(default_factory=list)
    agreed: list[bool] = field(default_factory=lambda: [False] * 4)
    passes: int = 0
    calls: list[dict[str, Any]] = field(default_factory=list)
    trick: Trick | None = None
    tricks: list[Trick] = field(default_factory=list)

    #: Containers `copy()` shares: nothing changes them after `new_round` (completed tricks, logged calls and
    #: the items' owners are never changed either; `copy()` copies the lists that hold them).
    SHARED: ClassVar[frozenset[str]] = frozenset({"options", "start", "dealt", "redeal"})

    @property
    def forehand(self) -> int:
        """F = next(dealer): opens the auction and leads trick 1 (§3)."""
        return next_seat(self.dealer)

    def item(self, kind: str) -> Item | None:
        """The item of that kind in the current contract, if any."""
        for it in self.items:
            if it.item == kind:
                return it
        return None

    def side_of(self, seat: int) -> str:
        """`decl` or `def` for `seat` under the current contract (§5.2); `def` for all while no contract."""
        if seat == self.declarer or (self.contract == "rufer" and seat == self.partner):
            return DECL
        return DEF

    def holder_of(self, card: str) -> int:
        """The seat that was dealt `card`."""
        return next(s for s in range(4) if card in self.dealt[s])

    def played_cards(self) -> set[str]:
        """Every card played so far, in completed tricks and in the trick in progress."""
        cards = {c for t in self.tricks for _, c in t.cards}
        if self.trick:
            cards.update(c for _, c in self.trick.cards)
        return cards

    def copy(self) -> TarockState:
        """A copy the transitions may change (the `SHARED` fields are shared; fields in declaration order)."""
        return TarockState(
            self.options,
            self.dealer,
            self.start,
            self.dealt,
            [list(h) for h in self.hands],
            self.phase,
            self.redeal,
            self.turn,
            self.contract,
            self.declarer,
            self.called,
            self.partner,
            [Item(i.item, i.owner, i.kontra, i.by) for i in self.items],
            list(self.agreed),
            self.passes,
            list(self.calls),
            Trick(self.trick.leader, list(self.trick.cards)) if self.trick else None,
            list(self.tricks),
        )

    def to_json(self) -> dict[str, Any]:
        """The full state as JSON (storage only)."""
        return {
            "options": dict(self.options),
            "dealer": self.dealer,
            "start": {"totals": list(self.start["totals"]), "deals_played": self.start["deals_played"]},
            "dealt": [list(h) for h in self.dealt],
            "hands": [list(h) for h in self.hands],
            "phase": self.phase,
            "redeal": list(self.redeal) if self.redeal is not None else None,
            "turn": self.turn,
            "contract": self.contract,
            "declarer": self.declarer,
            "called": self.called,
            "partner": self.partner,
            "items": [i.to_json() for i in self.items],
            "agreed": list(self.agreed),
            "passes": self.passes,
            "calls": [dict(c) for c in self.calls],
            "trick": self.trick.to_json() if self.trick else None,
            "tricks": [t.to_json() for t in self.tricks],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TarockState:
        """Inverse of `to_json`."""
        return cls(
            options=dict(data["options"]),
            dealer=data["dealer"],
            start={"totals": list(data["start"]["totals"]), "deals_played": data["start"]["deals_played"]},
            dealt=[list(h) for h in data["dealt"]],
            hands=[list(h) for h in data["hands"]],
            phase=data["phase"],
            redeal=list(data["redeal"]) if data["redeal"] is not None else None,
            turn=data["turn"],
            contract=data["contract"],
            declarer=data["declarer"],
            called=data["called"],
            partner=data["partner"],
            items=[Item(i["item"], i["owner"], i["kontra"], i["by"]) for i in data["items"]],
            agreed=list(data["agreed"]),
            passes=data["passes"],
            calls=[dict(c) for c in data["calls"]],
            trick=Trick.from_json(data["trick"]) if data["trick"] else None,
            tricks=[Trick.from_json(t) for t in data["tricks"]],
        )
