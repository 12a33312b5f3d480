"""What one seat or a spectator sees (docs/rules/tarock.md §7). Every secret leaves the engine only through `view`.

View keys (all always present; an absent object is null):
    game, phase, dealer, forehand, seat, to_act, options, match {totals, deals_played},
    redeal (reason codes of a thrown-in deal, else null),
    hand (own cards in canonical order; null for a spectator and after a redeal), hand_sizes [4],
    auction [{seat, call, side}], contract, declarer, called, partner, sides [4 × decl | def | null],
    items [{item, owner, kontra, announced}],
    trick {leader, cards [[seat, card]]} | null, last_trick {leader, cards, winner} | null,
    tricks_won [4 ints], won_tricks [4 × list of tricks | null] (null where the viewer may not see them),
    legal [wire actions] (listable single calls and cards; empty for a spectator),
    dealt (hands as dealt, after a played deal is done), result (after done).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engines.core import Action

from .cards import sort_canonical
from .state import TarockState, Trick
from .visibility import known_partner, known_sides, visible_trick_owners


def _trick_json(trick: Trick) -> dict[str, Any]:
    return {"leader": trick.leader, "cards": [[s, c] for s, c in trick.cards], "winner": trick.winner}


def build_view(
    state: TarockState, seat: int | None, legal: Sequence[Action], result: dict[str, Any] | None
) -> dict[str, Any]:
    """The §7 view of `state` for `seat` (None: a spectator).

    Args:
        legal: the seat's legal actions (the caller passes [] for a spectator).
        result: the §6.5 result once the deal is done, else None.
    Returns:
        the JSON-ready dict described in this module's docstring.
    """
    redeal = state.redeal is not None
    done = state.phase == "done"
    owners = visible_trick_owners(state, seat) if not redeal else set()
    won: list[list[dict[str, Any]] | None] = [
        [_trick_json(t) for t in state.tricks if t.winner == s] if s in owners else None for s in range(4)
    ]
    return {
        "game": "tarock",
        "phase": state.phase,
        "dealer": state.dealer,
        "forehand": state.forehand,
        "seat": seat,
        "to_act": [] if state.turn is None else [state.turn],
        "options": dict(state.options),
        "match": {"totals": list(state.start["totals"]), "deals_played": state.start["deals_played"]},
        "redeal": list(state.redeal) if state.redeal is not None else None,
        "hand": None if seat is None or redeal else sort_canonical(state.hands[seat]),
        "hand_sizes": [len(h) for h in state.hands],
        "auction": [dict(c) for c in state.calls],
        "contract": state.contract,
        "declarer": state.declarer,
        "called": state.called,
        "partner": known_partner(state, seat),
        "sides": known_sides(state, seat),
        "items": [
            {"item": i.item, "owner": i.owner, "kontra": i.kontra, "announced": i.item != "game"}
            for i in state.items
        ],
        "trick": {"leader": state.trick.leader, "cards": [[s, c] for s, c in state.trick.cards]}
        if state.trick
        else None,
        "last_trick": _trick_json(state.tricks[-1]) if state.tricks else None,
        "tricks_won": [sum(1 for t in state.tricks if t.winner == s) for s in range(4)],
        "won_tricks": won,
        "legal": [a.to_wire() for a in legal],
        "dealt": [list(h) for h in state.dealt] if done and not redeal else None,
        "result": result if done else None,
    }


def public_cards(state: TarockState) -> frozenset[str]:
    """The cards every viewer, spectators included, may see now (docs/rules/tarock.md §7, the spectator's column).

    Returns:
        a frozenset of card codes: the called card of a Rufer, the trick in progress and the last completed trick;
        after a played deal every card (the hands as dealt); after a redeal none.
    """
    if state.redeal is not None:
        return frozenset()
    if state.phase == "done":
        return frozenset(card for hand in state.dealt for card in hand)
    cards = {state.called} if state.called else set()
    if state.trick:
        cards.update(card for _, card in state.trick.cards)
    if state.tricks:
        cards.update(card for _, card in state.tricks[-1].cards)
    return frozenset(cards)
