"""The state transitions of a deal: the auction's calls and the card play (docs/rules/tarock.md §5.3–§5.8).

`apply_call` and `apply_play` are the checked paths: they raise the first refusal of `legality.py` as
`IllegalAction` and otherwise change the state they are given, which is `apply`'s private copy. `do_play` and
the `do_*` call effects are the unchecked fast path the expert's playouts use on their own sampled states.
"""

from __future__ import annotations

from games.engines.core import IllegalAction

from .actions import Bid, TarockAction
from .cards import called_card, trick_winner_index
from .legality import announce_refusal, bid_refusal, card_refusal, kontra_refusal, pass_refusal
from .state import DECL, Item, TarockState, Trick, next_seat


def _refuse(code: str | None) -> None:
    if code is not None:
        raise IllegalAction(code)


def _log(state: TarockState, seat: int, call: dict[str, object], side: str | None) -> None:
    state.calls.append({"seat": seat, "call": call, "side": side})


def do_bid(state: TarockState, seat: int, contract: str) -> None:
    """Effect of an accepted bid (§5.4): new contract and declarer, earlier items wiped, a fresh `game` item."""
    state.contract = contract
    state.declarer = seat
    if contract == "rufer":
        state.called = called_card(state.hands[seat])
        state.partner = state.holder_of(state.called) if state.called else None
    else:
        state.called = None
        state.partner = None
    state.items = [Item("game", DECL)]
    state.passes = 0


def do_announce(state: TarockState, seat: int, kind: str) -> None:
    """Effect of an accepted announcement (§5.5): the item is created for the caller's side at level 0."""
    state.items.append(Item(kind, state.side_of(seat), 0, seat))
    state.agreed[seat] = True
    state.passes = 0


def do_kontra(state: TarockState, seat: int, kind: str) -> None:
    """Effect of an accepted Kontra (§5.5): the item's level goes up by one."""
    item = state.item(kind)
    assert item is not None
    item.kontra += 1
    state.agreed[seat] = True
    state.passes = 0


def do_pass(state: TarockState, seat: int) -> None:
    """Effect of a pass (§5.7); the third consecutive pass ends the auction and F leads trick 1."""
    state.passes += 1
    state.agreed[seat] = True


def apply_call(state: TarockState, seat: int, action: TarockAction) -> None:
    """Apply one auction call to `state` (already a copy) and pass the turn on.

    Raises:
        IllegalAction: the first refusal of the call's checks (§5.4–§5.7), `wrong_phase` for a card; the copy
            may then be half-changed and the caller drops it.
    """
    if isinstance(action, Bid):
        _refuse(bid_refusal(state, seat, action.contract))
        do_bid(state, seat, action.contract)
        for kind in action.announce:
            _refuse(announce_refusal(state, seat, kind))
            do_announce(state, seat, kind)
        _log(state, seat, action.to_wire(), DECL)
    elif action.kind == "pass":
        _refuse(pass_refusal(state, seat))
        do_pass(state, seat)
        _log(state, seat, {"pass": True}, None)
    elif action.kind == "announce":
        _refuse(announce_refusal(state, seat, str(action.value)))
        do_announce(state, seat, str(action.value))
        _log(state, seat, action.to_wire(), state.side_of(seat))
    elif action.kind == "kontra":
        _refuse(kontra_refusal(state, seat, str(action.value)))
        do_kontra(state, seat, str(action.value))
        _log(state, seat, action.to_wire(), state.side_of(seat))
    else:
        raise IllegalAction("wrong_phase")
    if state.passes >= 3:
        state.phase = "play"
        state.turn = state.forehand
        state.trick = Trick(state.forehand)
    else:
        state.turn = next_seat(seat)


def apply_play(state: TarockState, seat: int, card: str) -> None:
    """Play `card` from `seat` after the §5.8 checks. Raises `IllegalAction` with the first refusal."""
    _refuse(card_refusal(state, seat, card))
    do_play(state, seat, card)


def do_play(state: TarockState, seat: int, card: str) -> None:
    """Play a legal `card` from `seat` (unchecked); completes the trick and ends the deal after trick 10."""
    trick = state.trick
    assert trick is not None and state.contract is not None
    state.hands[seat].remove(card)
    trick.cards.append((seat, card))
    if len(trick.cards) < 4:
        state.turn = (seat + 1) % 4
        return
    trick.winner = trick.cards[trick_winner_index(state.contract, [c for _, c in trick.cards])][0]
    state.tricks.append(trick)
    if len(state.tricks) == 10:
        state.trick = None
        state.phase = "done"
        state.turn = None
    else:
        state.trick = Trick(trick.winner)
        state.turn = trick.winner
