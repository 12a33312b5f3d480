"""What the page of the seat to act needs beyond the listed actions (docs/rules/tarock.md §5.1, §5.4, §5.5).

Contract bids with bundled announcements are legal but not listed (§5.1): `hints` says, for each contract the
seat may bid now, which announcements it may bundle with it (each checked by the transition itself on a copy).
`offered` lists the calls a page offers, so `Game.refusals` can ask `apply` why one is refused. Both read only
the seat's own hand, its own side and public facts.
"""

from __future__ import annotations

from typing import Any

from games.engines.core import IllegalAction, SimpleAction
from games.engines.core.offers import Offers, merge, offers_of, play_offers

from .actions import ANNOUNCEMENTS, CONTRACTS, PASS, Bid
from .legality import ALL_CALL_KINDS, bid_refusal
from .state import TarockState
from .transitions import apply_call


def hints(state: TarockState, seat: int) -> dict[str, Any]:
    """In the auction, for the seat to act: `{"bundles": {contract: [announcements]}}`, for each contract it
    may bid now the announcements `{"contract": c, "announce": [a]}` accepts (§5.4); `{}` when there is none."""
    if state.phase != "auction" or seat != state.turn:
        return {}
    bundles: dict[str, list[str]] = {}
    for contract in CONTRACTS:
        if bid_refusal(state, seat, contract) is not None:
            continue
        allowed = [a for a in ANNOUNCEMENTS if _accepted(state, seat, Bid(contract, (a,)))]
        if allowed:
            bundles[contract] = allowed
    return {"bundles": bundles} if bundles else {}


def _accepted(state: TarockState, seat: int, bid: Bid) -> bool:
    try:
        apply_call(state.copy(), seat, bid)
    except IllegalAction:
        return False
    return True


def offered(state: TarockState, seat: int) -> Offers:
    """The calls a page offers the seat to act: in the auction every contract, the pass, every announcement and a
    Kontra on every item of the contract; in play every card of its hand."""
    if seat != state.turn:
        return {}
    if state.phase == "play":
        return play_offers(state.hands[seat])
    if state.phase != "auction":
        return {}
    calls = [Bid(c) for c in CONTRACTS]
    singles = [PASS, *(SimpleAction("announce", a) for a in ANNOUNCEMENTS)]
    singles += [SimpleAction("kontra", k) for k in ALL_CALL_KINDS if state.item(k) is not None]
    return merge({"contract": {c.contract: c for c in calls}}, offers_of(singles))
