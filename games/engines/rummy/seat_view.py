"""What a seat or a spectator may see (docs/rules/rummy.md §7). Nothing hidden leaves the engine another way."""

from __future__ import annotations

from typing import Any

from .legality import legal_actions, to_act
from .match import eliminated_after, totals_after
from .scoring import result
from .state import DONE, RummyState


def view(state: RummyState, seat: int | None) -> dict[str, Any]:
    """The JSON view of rules §7 for `seat` (None: a spectator).

    Keys: `options`, `dealer`, `phase`, `current`, `step`, `to_act`, `hand` (own, canonical; null for a
    spectator or a seat out), `drawn` (stock cards the seat drew this turn; own view only, else null),
    `taken` (the code the current seat took from the pile this turn, public), `pile_takes` (every `[seat, code]`
    taken from the pile this deal), `hand_sizes`, `stock_size`, `discard` (the pile bottom to top), `melds`
    (rules §5.5), `opened`, `restocks`, `legal` (the seat's listable legal actions; null for a spectator),
    `totals`, `eliminated`, and at `done`: `hands` (every remaining hand) and `result` (else null).
    """
    own = seat is not None and 0 <= seat < state.seats and state.hands[seat] is not None
    done = state.phase == DONE
    return {
        "options": dict(state.options),
        "dealer": state.dealer,
        "phase": state.phase,
        "current": state.current,
        "step": state.step,
        "to_act": sorted(to_act(state)),
        "hand": list(state.hand(seat)) if own and seat is not None else None,
        "drawn": list(state.drawn) if own and seat == state.current and not done else None,
        "taken": state.taken,
        "pile_takes": [list(t) for t in state.pile_takes],
        "hand_sizes": [None if h is None else len(h) for h in state.hands],
        "stock_size": len(state.stock),
        "discard": list(state.pile),
        "melds": [m.to_view() for m in state.melds],
        "opened": list(state.opened),
        "restocks": state.restocks,
        "legal": [a.to_wire() for a in legal_actions(state, seat)] if own and seat is not None else None,
        "totals": totals_after(state),
        "eliminated": [o is not None for o in eliminated_after(state)],
        "hands": [None if h is None else list(h) for h in state.hands] if done else None,
        "result": result(state),
    }


def public_cards(state: RummyState) -> frozenset[str]:
    """The card codes every viewer, spectators included, may see now (docs/rules/rummy.md §7, the spectator's
    column).

    Returns:
        a frozenset of codes (`"JK"` for a joker, whatever it stands for): the whole discard pile, the cards of
        the table melds, every card taken from the pile this deal (draw or kloppen) and, once the deal is done,
        every remaining hand. Codes are not counted: the pack holds two of each natural card, and one shown copy
        makes its code public. Stock cards are never public (after a restock the players know which cards are in
        the stock, never their order, and no view lists them).
    """
    cards = set(state.pile)
    cards.update(code for meld in state.melds for code in meld.cells)
    cards.update(code for _, code in state.pile_takes)
    if state.taken is not None:
        cards.add(state.taken)
    if state.phase == DONE:
        cards.update(code for hand in state.hands if hand is not None for code in hand)
    return frozenset(cards)
