"""The state of one French Tarot deal and its JSON round trip (docs/rules/french_tarot.md §3-§5).

The state style of every engine (docs/engines.md): a slots dataclass; `apply` takes `copy()` and the
transitions change the copy. Here every field is a tuple or an int, so a copy shares them all; a transition
changes a field by assigning a new tuple, never by changing one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

Play = tuple[int, str]  # (seat, card)
Trick = tuple[Play, ...]

CONTRACTS: tuple[str, ...] = ("petite", "garde", "garde_sans", "garde_contre")
MULTIPLIER: dict[str, int] = {"petite": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}
BIDS: tuple[str, ...] = ("pass", *CONTRACTS)
SEATS = 4
TRICKS_PER_DEAL = 18


@dataclass(slots=True)
class TarotState:
    """One deal in progress or finished.

    Attributes:
        options: normalised options (§10).
        dealer: seat 0-3; the forehand is `(dealer + 1) % 4`.
        deal_hands / dog: the deal as given: 4 tuples of 18 codes in seat order, and the 6 codes of the dog.
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
    winners: tuple[int, ...] = ()
    annulment: tuple[str, int | None] | None = None

    #: Containers `copy()` shares: nothing changes the options after `new_round`.
    SHARED: ClassVar[frozenset[str]] = frozenset({"options"})

    def copy(self) -> TarotState:
        """A copy for `apply` to change (every field is immutable, so all are shared; fields in order)."""
        return TarotState(
            self.options,
            self.dealer,
            self.deal_hands,
            self.dog,
            self.start_scores,
            self.deals_played,
            self.phase,
            self.hands,
            self.bids,
            self.taker,
            self.contract,
            self.discard,
            self.slam_announced,
            self.handfuls,
            self.leader,
            self.trick,
            self.tricks,
            self.winners,
            self.annulment,
        )

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

    def to_json(self) -> dict[str, Any]:
        """Serialise every field (secrets included: storage only). Inverse of `from_json`."""
        return {
            "options": dict(self.options),
            "dealer": self.dealer,
            "deal": {"hands": [list(h) for h in self.deal_hands], "dog": list(self.dog)},
            "start": {"scores": list(self.start_scores), "deals_played": self.deals_played},
            "phase": self.phase,
            "hands": [list(h) for h in self.hands],
            "bids": [[seat, bid] for seat, bid in self.bids],
            "taker": self.taker,
            "contract": self.contract,
            "discard": None if self.discard is None else list(self.discard),
            "slam_announced": self.slam_announced,
            "handfuls": [[seat, list(cards)] for seat, cards in self.handfuls],
            "leader": self.leader,
            "trick": [[seat, card] for seat, card in self.trick],
            "tricks": [[[seat, card] for seat, card in trick] for trick in self.tricks],
            "winners": list(self.winners),
            "annulment": None if self.annulment is None else list(self.annulment),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TarotState:
        """Rebuild a state from `to_json` output (equal to the original)."""
        annulment = data["annulment"]
        return cls(
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


def _trick(data: Any) -> Trick:
    return tuple((int(seat), str(card)) for seat, card in data)
