"""What the page of the seat to act needs beyond the listed actions (docs/rules/french_tarot.md §5.2, §5.4).

The discard (écart) and the handful (poignée) are never listed (§5): `hints` says which cards the taker may put
in the discard and how many trumps it must hold, and which handfuls the seat to play may show now, each with a
ready legal selection. `offered` lists the calls a page offers, so `Game.refusals` can ask `apply` why one is
refused. Both read only the seat's own hand and public facts.
"""

from __future__ import annotations

from typing import Any

from games.engines.core import SimpleAction
from games.engines.core.offers import ANY, Offers, merge, offers_of, play_offers

from .cards import BOUTS, EXCUSE, SUIT_OF, TRUMP, is_king
from .legality import DISCARD_SIZE, HANDFUL_SIZES, handful_refusal, required_discard_trumps
from .state import BIDS, TarotState


def hints(state: TarotState, seat: int) -> dict[str, Any]:
    """`{"discard": ...}` for the taker in phase `discard`, `{"handful": ...}` for the seat to play while it may
    still show one; `{}` otherwise.

    `discard`: `{"size": 6, "cards": [codes it may discard], "must": [codes every legal discard holds],
    "trumps": n}` (exactly n trumps T2-T20 in it; §5.2). `handful`: `{"sizes": {"10" | "13" | "15": [codes]}}`,
    for each size the seat may show now one legal handful of it (its trumps in hand order, the Excuse only when
    it completes one with every trump; §5.4). The points of a size are in the rules file (20 / 30 / 40).
    """
    if seat != state.seat_to_act:
        return {}
    if state.phase == "discard":
        return {"discard": discard_hint(state.hands[seat])}
    if state.phase == "play":
        sizes = handful_choices(state, seat)
        if sizes:
            return {"handful": {"sizes": sizes}}
    return {}


def discard_hint(hand: tuple[str, ...]) -> dict[str, Any]:
    """The taker's discard choice from his 24-card `hand` (§5.2): which cards may go, which must, how many trumps."""
    plain = [c for c in hand if SUIT_OF[c] != TRUMP and c != EXCUSE and not is_king(c)]
    trumps = required_discard_trumps(hand)
    if not trumps:
        return {"size": DISCARD_SIZE, "cards": plain, "must": [], "trumps": 0}
    allowed = [c for c in hand if c in plain or (SUIT_OF[c] == TRUMP and c not in BOUTS)]
    return {"size": DISCARD_SIZE, "cards": allowed, "must": plain, "trumps": trumps}


def handful_choices(state: TarotState, seat: int) -> dict[str, list[str]]:
    """For each handful size `seat` may show now, one legal handful of it (§5.4); `{}` when it may show none."""
    hand = state.hands[seat]
    trumps = [c for c in hand if SUIT_OF[c] == TRUMP]
    found: dict[str, list[str]] = {}
    for size in HANDFUL_SIZES:
        cards = trumps[:size] if len(trumps) >= size else [*trumps, EXCUSE]
        if len(cards) == size and handful_refusal(state, seat, cards) is None:
            found[str(size)] = cards
    return found


def offered(state: TarotState, seat: int) -> Offers:
    """The calls a page offers the seat to act: every bid while bidding; every card of its hand and (profile
    `fft`) the handful while playing. The discard and the slam answer always have a legal choice."""
    if seat != state.seat_to_act:
        return {}
    if state.phase == "bidding":
        return offers_of(SimpleAction("bid", b) for b in BIDS)
    if state.phase != "play":
        return {}
    hand = state.hands[seat]
    calls = play_offers(hand)
    if state.profile == "fft":
        choices = handful_choices(state, seat)
        shown = next(iter(choices.values()), [c for c in hand if SUIT_OF[c] == TRUMP or c == EXCUSE])
        calls = merge(calls, {"handful": {ANY: SimpleAction("handful", tuple(shown))}})
    return calls
