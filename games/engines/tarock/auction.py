"""The Tarock auction: contract bids, announcements, the Kontra chain and passes (docs/rules/tarock.md §5.3–§5.7).

Each call has a `*_refusal(state, seat, ...) -> code | None` check that follows the rules file's order of
checks, and a `do_*` effect that mutates a state the caller already copied.
"""

from __future__ import annotations

from games.engines.core import SimpleAction

from .actions import ANNOUNCEMENTS, CONTRACT_RANK, CONTRACTS, PASS, Bid, TarockAction
from .cards import MOND, PAGAT, SKUS, called_card, suit_card_count
from .state import DECL, DEF, Item, TarockState, Trick, next_seat

ALL_CALL_KINDS = ("game", *ANNOUNCEMENTS)


def holder_of(state: TarockState, card: str) -> int:
    """The seat that was dealt `card`."""
    return next(s for s in range(4) if card in state.dealt[s])


def valat_announced(state: TarockState) -> bool:
    """True when a Valat item exists in the current contract (the Valat lock, §5.4, §5.5)."""
    return state.item("valat") is not None


def under_mandatory_kontra(state: TarockState, seat: int) -> bool:
    """docs/rules/tarock.md §5.6: a Rufer defender holding T1, T21, T22 while the game is at level 0 and no Valat."""
    if state.contract != "rufer" or state.side_of(seat) != DEF:
        return False
    hand = state.hands[seat]
    if PAGAT not in hand or MOND not in hand or SKUS not in hand:
        return False
    game = state.item("game")
    return game is not None and game.kontra == 0 and not valat_announced(state)


def bid_refusal(state: TarockState, seat: int, contract: str) -> str | None:
    """Refusal code of a contract bid, or None (§5.4 checks in order)."""
    if valat_announced(state):
        return "valat_lock"
    if state.agreed[seat]:
        return "already_agreed"
    if seat == state.declarer:
        return "cannot_raise_own_contract"
    if state.contract is not None and CONTRACT_RANK[contract] <= CONTRACT_RANK[state.contract]:
        return "contract_too_low"
    hand = state.hands[seat]
    if contract == "rufer" and called_card(hand) is None:
        return "rufer_unavailable"
    if contract == "farbensolo" and suit_card_count(hand) < 5:
        return "farbensolo_needs_five_suit_cards"
    return None


def announce_refusal(state: TarockState, seat: int, kind: str) -> str | None:
    """Refusal code of an announcement, or None (§5.5 "Announcement checks", §5.7 for the opening)."""
    if state.contract is None:
        return "must_bid"
    if under_mandatory_kontra(state, seat):
        return "kontra_required"
    if valat_announced(state):
        return "valat_lock"
    if state.item(kind) is not None:
        return "already_announced"
    if kind == "pagat":
        if PAGAT not in state.hands[seat]:
            return "not_pagat_holder"
        if state.contract == "farbensolo":
            return "pagat_not_in_farbensolo"
    elif kind == "absolut":
        if state.contract != "rufer" and not state.options["absolut_in_solo"]:
            return "absolut_not_allowed"
        game = state.item("game")
        if state.side_of(seat) == DEF and game is not None and game.kontra == 0:
            return "absolut_needs_kontra"
    return None


def kontra_refusal(state: TarockState, seat: int, kind: str) -> str | None:
    """Refusal code of a Kontra / Rekontra / Subkontra on item `kind`, or None (§5.5 "Kontra checks")."""
    if state.contract is None:
        return "must_bid"
    if kind != "game" and under_mandatory_kontra(state, seat):
        return "kontra_required"
    if kind != "valat" and valat_announced(state):
        return "valat_lock"
    item = state.item(kind)
    if item is None:
        return "no_such_item"
    if item.kontra >= 3:
        return "kontra_maxed"
    owner_raises = item.kontra == 1
    if (state.side_of(seat) == item.owner) != owner_raises:
        return "not_your_kontra"
    return None


def pass_refusal(state: TarockState, seat: int) -> str | None:
    """Refusal code of a pass, or None (§5.7)."""
    if state.contract is None:
        return "must_bid"
    if under_mandatory_kontra(state, seat):
        return "kontra_required"
    return None


def _log(state: TarockState, seat: int, call: dict[str, object], side: str | None) -> None:
    state.calls.append({"seat": seat, "call": call, "side": side})


def do_bid(state: TarockState, seat: int, contract: str) -> None:
    """Effect of an accepted bid (§5.4): new contract and declarer, earlier items wiped, a fresh `game` item."""
    state.contract = contract
    state.declarer = seat
    if contract == "rufer":
        state.called = called_card(state.hands[seat])
        state.partner = holder_of(state, state.called) if state.called else None
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


def apply_call(state: TarockState, seat: int, action: TarockAction) -> str | None:
    """Apply one auction call to `state` (already a copy) and pass the turn on.

    Returns:
        None on success, else the refusal code (the copy may then be half-changed: the caller drops it).
    """
    if isinstance(action, Bid):
        code = bid_refusal(state, seat, action.contract)
        if code:
            return code
        do_bid(state, seat, action.contract)
        for kind in action.announce:
            code = announce_refusal(state, seat, kind)
            if code:
                return code
            do_announce(state, seat, kind)
        _log(state, seat, action.to_wire(), DECL)
    elif action.kind == "pass":
        code = pass_refusal(state, seat)
        if code:
            return code
        do_pass(state, seat)
        _log(state, seat, {"pass": True}, None)
    elif action.kind == "announce":
        code = announce_refusal(state, seat, str(action.value))
        if code:
            return code
        do_announce(state, seat, str(action.value))
        _log(state, seat, action.to_wire(), state.side_of(seat))
    elif action.kind == "kontra":
        code = kontra_refusal(state, seat, str(action.value))
        if code:
            return code
        do_kontra(state, seat, str(action.value))
        _log(state, seat, action.to_wire(), state.side_of(seat))
    else:
        return "wrong_phase"
    if state.passes >= 3:
        state.phase = "play"
        state.turn = state.forehand
        state.trick = Trick(state.forehand)
    else:
        state.turn = next_seat(seat)
    return None


def legal_calls(state: TarockState, seat: int) -> list[TarockAction]:
    """Every single call `seat` may make now (bundled bids are legal but not listed, §5.1)."""
    legal: list[TarockAction] = [Bid(c) for c in CONTRACTS if bid_refusal(state, seat, c) is None]
    if pass_refusal(state, seat) is None:
        legal.append(PASS)
    legal.extend(
        SimpleAction("announce", k) for k in ANNOUNCEMENTS if announce_refusal(state, seat, k) is None
    )
    legal.extend(SimpleAction("kontra", k) for k in ALL_CALL_KINDS if kontra_refusal(state, seat, k) is None)
    return legal
