"""The state of one Jass round and its JSON round trip (docs/rules/jass.md §4–§6).

The state style of every engine (docs/engines.md): a slots dataclass; `apply` takes `copy()` and the
transitions change the copy, so a state given to the engine is never changed. `to_json` holds every secret and
is for storage only; clients get `view`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

SCHIEBER = "schieber"
DIFFERENZLER = "differenzler"
TRICKS = 9

TRUMP = "trump"
PREDICT = "predict"
PLAY = "play"
DONE = "done"

CREDIT_KINDS = ("cards", "match", "weis", "stoeck")


@dataclass(frozen=True, slots=True)
class Ended:
    """How a Schieber game ended (docs/rules/jass.md §6.3): `by` thanks / auto / round_end, caller seat, winner team."""

    by: str
    caller: int | None
    winner_team: int


@dataclass(slots=True)
class JassState:
    """One round of Schieber or Differenzler.

    Attributes:
        variant: `schieber` or `differenzler`.
        options: normalised table options (docs/rules/jass.md §10).
        dealer: dealer seat; the forehand is `dealer + 1`.
        deal: the deal JSON as given (hands as dealt, `trump_card` in Differenzler).
        start_totals: match totals before this round (2 team totals, or 4 penalty totals).
        rounds_played: Differenzler rounds finished before this one.
        hands: current hands per seat, canonical order.
        phase: `trump`, `predict`, `play` or `done`.
        mode: `S H D C`, `obenabe`, `unenufe`; None before the trump choice.
        chooser, pushed: who named the mode and whether the forehand pushed (Schieber).
        predictions: per seat, None until that seat predicted (Differenzler).
        leader, trick: who led the current trick and its cards so far.
        tricks_done: completed tricks; `last_trick`: `[leader, [4 cards], winner]` of the latest one.
        tricks_won: tricks won per seat.
        thanks_window: True right after a trick, before the next lead, while "Enough, thanks" may be called.
        weis: per seat its declared groups (canonical order) or None; `weis_team`: the scoring team once trick 1
            is complete (None when no Weis).
        stoeck_seat: the seat dealt trump K and Q (Schieber trump modes); `stoeck_credited` once it played both.
        credits: per team (Schieber) or per seat (Differenzler) raw points credited by kind (`CREDIT_KINDS`).
        events: number of credit events so far; `reached`: per team `[event number, trick number]` of the event
            at which it first reached the target (None until then).
        ended: how a Schieber game ended, or None.
    """

    variant: str
    options: dict[str, Any]
    dealer: int
    deal: dict[str, Any]
    start_totals: list[int]
    rounds_played: int
    hands: list[list[str]]
    phase: str
    mode: str | None = None
    chooser: int | None = None
    pushed: bool = False
    predictions: list[int | None] = field(default_factory=lambda: [None] * 4)
    leader: int = 0
    trick: list[str] = field(default_factory=list)
    tricks_done: int = 0
    last_trick: list[Any] | None = None
    tricks_won: list[int] = field(default_factory=lambda: [0] * 4)
    thanks_window: bool = False
    weis: list[list[list[str]] | None] = field(default_factory=lambda: [None] * 4)
    weis_team: int | None = None
    stoeck_seat: int | None = None
    stoeck_credited: bool = False
    credits: list[dict[str, int]] = field(default_factory=list)
    events: int = 0
    reached: list[list[int] | None] = field(default_factory=lambda: [None, None])
    ended: Ended | None = None

    #: Containers `copy()` shares: nothing changes the options or the deal after `new_round`, and `last_trick` is
    #: replaced after each trick, never changed (nor are a declared Weis and a `reached` entry, inside lists
    #: `copy()` copies).
    SHARED: ClassVar[frozenset[str]] = frozenset({"options", "deal", "last_trick"})

    @property
    def forehand(self) -> int:
        """The seat after the dealer: chooses trump (Schieber), predicts first in `open` and leads trick 1."""
        return (self.dealer + 1) % 4

    def to_play(self) -> int:
        """The seat whose card comes next in phase `play`."""
        return (self.leader + len(self.trick)) % 4

    def copy(self) -> JassState:
        """A copy the transitions may change (the `SHARED` fields are shared; fields in declaration order)."""
        return JassState(
            self.variant,
            self.options,
            self.dealer,
            self.deal,
            list(self.start_totals),
            self.rounds_played,
            [list(h) for h in self.hands],
            self.phase,
            self.mode,
            self.chooser,
            self.pushed,
            list(self.predictions),
            self.leader,
            list(self.trick),
            self.tricks_done,
            self.last_trick,
            list(self.tricks_won),
            self.thanks_window,
            list(self.weis),
            self.weis_team,
            self.stoeck_seat,
            self.stoeck_credited,
            [dict(c) for c in self.credits],
            self.events,
            list(self.reached),
            self.ended,
        )

    def to_json(self) -> dict[str, Any]:
        """Serialise every field (secrets included: storage only, never for a client). Every list is copied."""
        return _to_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> JassState:
        """Rebuild a state from `to_json` output (exact round trip; the input is not shared)."""
        values = {f.name: data[f.name] for f in fields(cls)}
        if values["ended"] is not None:
            values["ended"] = Ended(**values["ended"])
        copied = _to_json(cls(**values))
        copied["ended"] = values["ended"] and Ended(**copied["ended"])
        return cls(**copied)


def _to_json(state: JassState) -> dict[str, Any]:
    ended = state.ended
    return {
        "variant": state.variant,
        "options": dict(state.options),
        "dealer": state.dealer,
        "deal": {k: ([list(h) for h in v] if k == "hands" else v) for k, v in state.deal.items()},
        "start_totals": list(state.start_totals),
        "rounds_played": state.rounds_played,
        "hands": [list(h) for h in state.hands],
        "phase": state.phase,
        "mode": state.mode,
        "chooser": state.chooser,
        "pushed": state.pushed,
        "predictions": list(state.predictions),
        "leader": state.leader,
        "trick": list(state.trick),
        "tricks_done": state.tricks_done,
        "last_trick": None
        if state.last_trick is None
        else [state.last_trick[0], list(state.last_trick[1]), state.last_trick[2]],
        "tricks_won": list(state.tricks_won),
        "thanks_window": state.thanks_window,
        "weis": [None if groups is None else [list(g) for g in groups] for groups in state.weis],
        "weis_team": state.weis_team,
        "stoeck_seat": state.stoeck_seat,
        "stoeck_credited": state.stoeck_credited,
        "credits": [dict(c) for c in state.credits],
        "events": state.events,
        "reached": [None if r is None else list(r) for r in state.reached],
        "ended": None
        if ended is None
        else {"by": ended.by, "caller": ended.caller, "winner_team": ended.winner_team},
    }
