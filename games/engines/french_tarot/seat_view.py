"""What each seat and a spectator may see of a deal (docs/rules/french_tarot.md §7).

Every secret leaves the engine through `build_view` only; tests/french_tarot/oracle.py checks it against an
independent reading of the §7 table.
"""

from __future__ import annotations

from typing import Any

from .cards import SUIT_OF, TRUMP, sort_canonical
from .match import match_scores
from .state import SEATS, TarotState, Trick


def _trick_json(trick: Trick) -> list[dict[str, Any]]:
    return [{"seat": seat, "card": card} for seat, card in trick]


def build_view(state: TarotState, seat: int | None, result: dict[str, Any] | None) -> dict[str, Any]:
    """The §7 view of `seat` (None: spectator).

    Args:
        result: the round's result JSON when the deal is over (None otherwise).
    Returns:
        A JSON-ready dict with exactly the §7 keys (`tricks` added in `done` after a scored deal).
    """
    done = state.phase == "done"
    scored = done and state.annulment is None
    taker = state.taker
    bidding_over = state.phase != "bidding" and state.annulment is None
    dog_shown = bidding_over if state.contract in ("petite", "garde") else scored
    discard: list[str] | None = None
    discard_trumps: list[str] | None = None
    if state.discard is not None:
        if scored or (seat is not None and seat == taker):
            discard = sort_canonical(state.discard)
        discard_trumps = sort_canonical(c for c in state.discard if SUIT_OF[c] == TRUMP)
    last_trick = None
    if state.tricks:
        last_trick = {"cards": _trick_json(state.tricks[-1]), "winner": state.winners[-1]}
    to_act = state.seat_to_act
    view: dict[str, Any] = {
        "phase": state.phase,
        "dealer": state.dealer,
        "forehand": state.forehand,
        "to_act": [] if to_act is None else [to_act],
        "hand": None if seat is None else sort_canonical(state.hands[seat]),
        "hand_sizes": [len(h) for h in state.hands],
        "bids": [{"seat": s, "bid": b} for s, b in state.bids],
        "taker": taker,
        "contract": state.contract,
        "dog": sort_canonical(state.dog) if dog_shown else None,
        "discard": discard,
        "discard_trumps": discard_trumps,
        "slam_announced": state.slam_announced,
        "handfuls": [
            {"seat": s, "size": len(cards), "cards": sort_canonical(cards)} for s, cards in state.handfuls
        ],
        "trick": _trick_json(state.trick),
        "last_trick": last_trick,
        "tricks_won": [sum(1 for w in state.winners if w == s) for s in range(SEATS)],
        "scores": match_scores(state, result["scores"] if result else None),
        "result": result,
    }
    if scored:
        view["tricks"] = [
            {"cards": _trick_json(trick), "winner": winner}
            for trick, winner in zip(state.tricks, state.winners, strict=True)
        ]
    return view


def public_cards(state: TarotState) -> frozenset[str]:
    """The cards every viewer, spectators included, may see now (docs/rules/french_tarot.md §7, the spectator's
    column).

    Returns:
        a frozenset of card codes: the trick in progress and the last completed trick; the handfuls shown; the
        trumps of a discard once made; the dog once Petite or Garde ends the bidding; and once a deal is scored
        every trick, the dog and the discard. An annulled deal shows nothing.
    """
    if state.annulment is not None:
        return frozenset()
    cards = {card for _, card in state.trick}
    cards.update(card for _, card in (state.tricks[-1] if state.tricks else ()))
    cards.update(card for _, shown in state.handfuls for card in shown)
    discard = state.discard or ()
    cards.update(card for card in discard if SUIT_OF[card] == TRUMP)
    if state.phase == "done":
        cards.update(card for trick in state.tricks for _, card in trick)
        cards.update((*state.dog, *discard))
    elif state.phase != "bidding" and state.contract in ("petite", "garde"):
        cards.update(state.dog)
    return frozenset(cards)
