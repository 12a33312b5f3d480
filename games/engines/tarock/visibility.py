"""Who may know what in a Rufer before the deal is over (docs/rules/tarock.md §7, K-T6, K-T7).

Shared by the views and by tests' expectations; the leak test uses its own independent oracle.
"""

from __future__ import annotations

from .state import DECL, TarockState


def partnership_public(state: TarockState) -> bool:
    """True when every seat may know the sides (§7).

    Solo and Farbensolo: from the bid. Rufer: once the called card is played, the partner has made a non-pass
    call, or both defenders have made non-pass calls. False while no contract is bid.
    """
    if state.contract is None:
        return False
    if state.contract != "rufer":
        return True
    if state.called in state.played_cards():
        return True
    callers = {c["seat"] for c in state.calls if "pass" not in c["call"]}
    if state.partner in callers:
        return True
    defenders = {s for s in range(4) if state.side_of(s) != DECL}
    return defenders.issubset(callers)


def known_sides(state: TarockState, viewer: int | None) -> list[str | None]:
    """The side of each seat as `viewer` (None: spectator) may see it; None where it is not shown (§7)."""
    if state.contract is None:
        return [None] * 4
    if state.phase == "done" or partnership_public(state) or (viewer is not None and viewer == state.partner):
        return [state.side_of(s) for s in range(4)]
    shown = {c["seat"] for c in state.calls if "pass" not in c["call"]}
    assert state.declarer is not None
    shown.add(state.declarer)
    if viewer is not None:
        shown.add(viewer)
    return [state.side_of(s) if s in shown else None for s in range(4)]


def known_partner(state: TarockState, viewer: int | None) -> int | None:
    """The Rufer partner's seat if `viewer` may know it, else None."""
    if state.contract != "rufer":
        return None
    if state.phase == "done" or partnership_public(state) or (viewer is not None and viewer == state.partner):
        return state.partner
    return None


def visible_trick_owners(state: TarockState, viewer: int | None) -> set[int]:
    """Seats whose won tricks' cards `viewer` may see: itself, its Rufer teammate once public, all after done."""
    if state.phase == "done":
        return {0, 1, 2, 3}
    if viewer is None:
        return set()
    owners = {viewer}
    if state.contract == "rufer" and partnership_public(state):
        side = state.side_of(viewer)
        owners.update(s for s in range(4) if state.side_of(s) == side)
    return owners
