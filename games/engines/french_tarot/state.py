"""The state of one French Tarot deal and its JSON round trip (docs/rules/french_tarot.md §3-§5).

The state is an immutable value: every transition builds a new one, sharing the untouched tuples, so
`apply` can never alter the state it was given.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

Play = tuple[int, str]  # (seat, card)
Trick = tuple[Play, ...]

CONTRACTS: tuple[str, ...] = ("petite", "garde", "garde_sans", "garde_contre")
MULTIPLIER: dict[str, int] = {"petite": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}
BIDS: tuple[str, ...] = ("pass", *CONTRACTS)
SEATS = 4
TRICKS_PER_DEAL = 18


@dataclass(frozen=True)
class TarotState:
    """One deal in progress or finished.

    Attributes:
        options: normalised options (§10).
        dealer: seat 0-3; the forehand is `(dealer + 1) % 4`.
        deal: the deal as given: `hands` (4 tuples of 18 codes, seat order) and `dog` (6 codes).
        start_scores / deals_played: the match before this deal (§8 `start`).
        phase: `bidding`, `discard`, `slam`, `play` or `done`.
        hands: each seat's current hand in canonical order (the taker's holds 24 cards in `discard`).
        bids: `(seat, bid)` in speaking order.
        taker / contract: set when bidding ends with a bid.
        discard: the taker's six discarded cards (Petite/Garde) once made.
        slam_announced: the taker's answer in the `slam` phase (None before it or in `seed002`).
        handfuls: `(seat, cards)` in showing order.
        leader: seat that led the current trick.
        trick: the current trick's `(seat, card)` plays.
        tricks / winners: completed tricks and the seat credited with each (§6.1, §6.2 b).
        annulment: `(reason, seat | None)` for an annulled deal (§4).
    """

    options: dict[str, Any]
    dealer: int
    deal_hands: tuple[tuple[str, ...], ...]
    dog: tuple[str, ...]
    start_scores: tuple[int, ...] = (0, 0, 0, 0)
    deals_played: int = 0
    phase: str = "bidding"
    hands: tuple[tuple[str, ...], ...] = ()
    bids: tuple[tuple[int, str], ...] = ()
    taker: int | None = None
    contract: str | None = None
    discard: tuple[str, ...] | None = None
    slam_announced: bool | None = None
    handfuls: tuple[tuple[int, tuple[str, ...]], ...] = ()
    leader: int | None = None
    trick: Trick = ()
    tricks: tuple[Trick, ...] = ()
    winners: tuple[int, ...] = field(default=())
    annulment: tuple[str, int | None] | None = None

    @property
    def forehand(self) -> int:
        """The seat after the dealer: bids first and leads trick 1 unless a slam was announced (§3)."""
        return (self.dealer + 1) % SEATS

    @property
    def profile(self) -> str:
        """`fft` or `seed002`."""
        return str(self.options["profile"])

    @property
    def seat_to_act(self) -> int | None:
        """The one seat to act (§5: exactly one in every phase), None when the deal is over."""
        if self.phase == "bidding":
            return (self.forehand + len(self.bids)) % SEATS
        if self.phase in ("discard", "slam"):
            return self.taker
        if self.phase == "play":
            assert self.leader is not None
            return (self.leader + len(self.trick)) % SEATS
        return None


def state_to_json(state: TarotState) -> dict[str, Any]:
    """Serialise every field (secrets included: storage only). Inverse of `state_from_json`."""
    return {
        "options": dict(state.options),
        "dealer": state.dealer,
        "deal": {"hands": [list(h) for h in state.deal_hands], "dog": list(state.dog)},
        "start": {"scores": list(state.start_scores), "deals_played": state.deals_played},
        "phase": state.phase,
        "hands": [list(h) for h in state.hands],
        "bids": [[seat, bid] for seat, bid in state.bids],
        "taker": state.taker,
        "contract": state.contract,
        "discard": None if state.discard is None else list(state.discard),
        "slam_announced": state.slam_announced,
        "handfuls": [[seat, list(cards)] for seat, cards in state.handfuls],
        "leader": state.leader,
        "trick": [[seat, card] for seat, card in state.trick],
        "tricks": [[[seat, card] for seat, card in trick] for trick in state.tricks],
        "winners": list(state.winners),
        "annulment": None if state.annulment is None else list(state.annulment),
    }


def _trick(data: Any) -> Trick:
    return tuple((int(seat), str(card)) for seat, card in data)


def state_from_json(data: Mapping[str, Any]) -> TarotState:
    """Rebuild a state from `state_to_json` output (equal to the original)."""
    annulment = data["annulment"]
    return TarotState(
        options=dict(data["options"]),
        dealer=data["dealer"],
        deal_hands=tuple(tuple(h) for h in data["deal"]["hands"]),
        dog=tuple(data["deal"]["dog"]),
        start_scores=tuple(data["start"]["scores"]),
        deals_played=data["start"]["deals_played"],
        phase=data["phase"],
        hands=tuple(tuple(h) for h in data["hands"]),
        bids=tuple((seat, bid) for seat, bid in data["bids"]),
        taker=data["taker"],
        contract=data["contract"],
        discard=None if data["discard"] is None else tuple(data["discard"]),
        slam_announced=data["slam_announced"],
        handfuls=tuple((seat, tuple(cards)) for seat, cards in data["handfuls"]),
        leader=data["leader"],
        trick=_trick(data["trick"]),
        tricks=tuple(_trick(t) for t in data["tricks"]),
        winners=tuple(data["winners"]),
        annulment=None if annulment is None else (annulment[0], annulment[1]),
    )
