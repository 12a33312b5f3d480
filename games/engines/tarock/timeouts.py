"""The timeout actions of docs/rules/tarock.md §5.9 (the service applies them like moves)."""

from __future__ import annotations

from games.engines.core import IllegalAction, SimpleAction

from .actions import PASS, Bid, TarockAction
from .cards import POINTS, STRENGTH, SUIT_INDEX, SUIT_OF, TRUMP
from .legality import bid_refusal, legal_cards, under_mandatory_kontra
from .state import TarockState


def timeout_key(card: str) -> tuple[int, int, int, int]:
    """The §5.9 order of a timeout play: (card points, class [suit 0, tarock 1], rank, suit index)."""
    if SUIT_OF[card] == TRUMP:
        return (POINTS[card], 1, STRENGTH[card], 0)
    return (POINTS[card], 0, STRENGTH[card], SUIT_INDEX[SUIT_OF[card]])


def timeout_action(state: TarockState, seat: int) -> TarockAction:
    """§5.9: F's opening Rufer (else Solo), the mandatory Kontra, a pass, or the smallest-key legal card.

    Raises:
        IllegalAction("not_your_turn"): `seat` is not to act.
    """
    if state.turn != seat:
        raise IllegalAction("not_your_turn")
    if state.phase == "auction":
        if state.contract is None:
            return Bid("rufer") if bid_refusal(state, seat, "rufer") is None else Bid("solo")
        if under_mandatory_kontra(state, seat):
            return SimpleAction("kontra", "game")
        return PASS
    return SimpleAction("play", min(legal_cards(state, seat), key=timeout_key))
