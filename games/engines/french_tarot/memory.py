"""What a bot remembers of a deal from the views it was shown, and what it infers from it.

A view shows only the current and the last completed trick (docs/rules/french_tarot.md §7); a seat plays in every
trick, so a bot asked at each of its turns sees every completed trick once. `DealMemory` keeps them so the
expert can tell which cards are gone and which seats are void. Nothing here reads a state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import EXCUSE, STRENGTH, SUIT_OF, SUITS, TRUMP

Plays = tuple[tuple[int, str], ...]


@dataclass
class DealMemory:
    """Completed tricks seen so far: trick number (0-17) -> (plays, winner)."""

    tricks: dict[int, tuple[Plays, int]] = field(default_factory=dict)

    def observe(self, view: dict[str, Any]) -> None:
        """Record the view's last completed trick under its number."""
        done = sum(view["tricks_won"])
        if any(number >= done for number in self.tricks):
            self.tricks.clear()  # a later deal that happens to share this memory's key
        last = view.get("last_trick")
        if last is not None and done > 0:
            plays = tuple((p["seat"], p["card"]) for p in last["cards"])
            self.tricks[done - 1] = (plays, last["winner"])

    def complete(self, view: dict[str, Any]) -> bool:
        """Whether every completed trick of the deal is remembered."""
        return all(number in self.tricks for number in range(sum(view["tricks_won"])))

    def ordered(self) -> list[tuple[Plays, int]]:
        """The remembered tricks in order."""
        return [self.tricks[n] for n in sorted(self.tricks)]


def memory_key(view: dict[str, Any], seat: int) -> tuple[Any, ...]:
    """What tells one deal from another in the views of one seat (constant through a deal)."""
    return (seat, view["dealer"], tuple((b["seat"], b["bid"]) for b in view["bids"]), tuple(view["scores"]))


@dataclass
class Inference:
    """What the plays reveal about the other hands.

    Attributes:
        void: seat -> suits (`S H D C`, `T` for trumps) it cannot hold (it failed to follow or to trump).
        trump_ceiling: seat -> rank above which it holds no trump (it failed to overtrump).
    """

    void: dict[int, set[str]] = field(default_factory=lambda: {s: set() for s in range(4)})
    trump_ceiling: dict[int, int] = field(default_factory=lambda: {s: 22 for s in range(4)})


def infer(tricks: list[Plays]) -> Inference:
    """Voids and trump ceilings revealed by the §5.5 obligations in `tricks` (complete or current)."""
    found = Inference()
    for plays in tricks:
        led: str | None = None
        highest = 0
        for seat, card in plays:
            if card == EXCUSE:
                continue
            suit = SUIT_OF[card]
            if led is None:
                led = suit
            elif suit != led:
                if led in SUITS:
                    found.void[seat].add(led)
                if suit != TRUMP:
                    found.void[seat].add(TRUMP)
            if suit == TRUMP:
                if STRENGTH[card] < highest:
                    found.trump_ceiling[seat] = min(found.trump_ceiling[seat], highest)
                highest = max(highest, STRENGTH[card])
    return found
