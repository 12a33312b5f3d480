"""The state of one Rummy deal and its JSON round trip (docs/rules/rummy.md §5).

The state style of every engine (docs/engines.md): a slots dataclass; `apply` takes `copy()` and the
transitions change the copy, so a state given to the engine is never changed. The state holds secrets (hands,
the stock's order, the restock permutations): it is for storage only and reaches a client solely through
`seat_view.view`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .melds import Meld

PLAY = "play"
DONE = "done"
DRAW_STEP = "draw"
MAIN_STEP = "main"


@dataclass(slots=True)
class RummyState:
    """One deal in progress or finished.

    Attributes:
        options: normalised table options (rules §10).
        dealer: the dealer's seat.
        hands: per seat a list of codes in canonical order, None for a seat out of the match.
        stock: codes, top first.
        pile: the discard pile, bottom first (the last code is the top card).
        restock: the deal's two restock permutations, or None (identity, rules §5.9).
        restocks: restocks done so far (0–2).
        melds: table melds in creation order.
        opened: per seat, whether it has made its opening.
        opened_turn: per seat, the turn number of its opening, or None.
        current: the seat whose turn it is.
        step: `"draw"` or `"main"`.
        taken: code taken from the pile this turn (draw or kloppen), or None.
        drawn: codes the current seat took from the stock this turn (its own view only).
        turn: turn counter, 0 for the deal's first turn.
        top_by: the seat whose discard lies on top of the pile (None for the upcard).
        phase: `"play"` or `"done"`.
        winner: the seat that went out, None otherwise.
        hand_jolly: whether the winner went out by hand-jolly (rules §5.6).
        void: whether the deal ended void (rules §5.9).
        totals: match totals before this deal (rules §8), None for seats never scored.
        deals_played: scored deals before this one.
        eliminated_in: per seat, the deal number (1-based) in which it was eliminated, or None while active.
        pile_takes: public record `[seat, code]` of every card taken from the pile this deal (draw or kloppen).
    """

    options: dict[str, Any]
    dealer: int
    hands: list[list[str] | None]
    stock: list[str]
    pile: list[str]
    restock: list[list[int]] | None
    restocks: int
    melds: list[Meld]
    opened: list[bool]
    opened_turn: list[int | None]
    current: int
    step: str
    taken: str | None
    drawn: list[str]
    turn: int
    top_by: int | None
    phase: str
    winner: int | None
    hand_jolly: bool
    void: bool
    totals: list[int]
    deals_played: int
    eliminated_in: list[int | None]
    pile_takes: list[list[Any]] = field(default_factory=list)

    #: Containers `copy()` shares: nothing changes the options, the restock permutations, the match totals or
    #: the eliminations after `new_round`, and `pile_takes` is replaced by a longer list, never changed.
    SHARED: ClassVar[frozenset[str]] = frozenset(
        {"options", "restock", "totals", "eliminated_in", "pile_takes"}
    )

    @property
    def seats(self) -> int:
        """Number of seats at the table."""
        return len(self.hands)

    def active(self, seat: int) -> bool:
        """True if `seat` is dealt into this deal (not eliminated)."""
        return self.hands[seat] is not None

    def next_seat(self, seat: int) -> int:
        """next(s) of rules §3: the first active seat after `seat`."""
        n = self.seats
        for step in range(1, n + 1):
            candidate = (seat + step) % n
            if self.hands[candidate] is not None:
                return candidate
        return seat

    def hand(self, seat: int) -> list[str]:
        """The hand of an active seat."""
        cards = self.hands[seat]
        assert cards is not None, f"seat {seat} is out of the match"
        return cards

    def copy(self) -> RummyState:
        """A copy the transitions may change (the `SHARED` fields are shared, melds are immutable; fields in
        declaration order)."""
        return RummyState(
            self.options,
            self.dealer,
            [None if h is None else list(h) for h in self.hands],
            list(self.stock),
            list(self.pile),
            self.restock,
            self.restocks,
            list(self.melds),
            list(self.opened),
            list(self.opened_turn),
            self.current,
            self.step,
            self.taken,
            list(self.drawn),
            self.turn,
            self.top_by,
            self.phase,
            self.winner,
            self.hand_jolly,
            self.void,
            self.totals,
            self.deals_played,
            self.eliminated_in,
            self.pile_takes,
        )

    def to_json(self) -> dict[str, Any]:
        """Every field as JSON (secrets included)."""
        return {
            "options": dict(self.options),
            "dealer": self.dealer,
            "hands": [None if h is None else list(h) for h in self.hands],
            "stock": list(self.stock),
            "pile": list(self.pile),
            "restock": None if self.restock is None else [list(p) for p in self.restock],
            "restocks": self.restocks,
            "melds": [m.to_json() for m in self.melds],
            "opened": list(self.opened),
            "opened_turn": list(self.opened_turn),
            "current": self.current,
            "step": self.step,
            "taken": self.taken,
            "drawn": list(self.drawn),
            "turn": self.turn,
            "top_by": self.top_by,
            "phase": self.phase,
            "winner": self.winner,
            "hand_jolly": self.hand_jolly,
            "void": self.void,
            "totals": list(self.totals),
            "deals_played": self.deals_played,
            "eliminated_in": list(self.eliminated_in),
            "pile_takes": [list(t) for t in self.pile_takes],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RummyState:
        """Inverse of `to_json`."""
        return cls(
            options=dict(data["options"]),
            dealer=data["dealer"],
            hands=[None if h is None else list(h) for h in data["hands"]],
            stock=list(data["stock"]),
            pile=list(data["pile"]),
            restock=None if data["restock"] is None else [list(p) for p in data["restock"]],
            restocks=data["restocks"],
            melds=[Meld.from_json(m) for m in data["melds"]],
            opened=list(data["opened"]),
            opened_turn=list(data["opened_turn"]),
            current=data["current"],
            step=data["step"],
            taken=data["taken"],
            drawn=list(data["drawn"]),
            turn=data["turn"],
            top_by=data["top_by"],
            phase=data["phase"],
            winner=data["winner"],
            hand_jolly=data["hand_jolly"],
            void=data["void"],
            totals=list(data["totals"]),
            deals_played=data["deals_played"],
            eliminated_in=list(data["eliminated_in"]),
            pile_takes=[list(t) for t in data["pile_takes"]],
        )
