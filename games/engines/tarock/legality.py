"""What a seat may do now: the auction's calls and the card play (docs/rules/tarock.md §5.4–§5.8).

`legal_actions` lists the listable actions. Each `*_refusal(state, seat, ...)` check is a question: it returns the
refusal code of the first failing check in the rules file's order, or None, so `transitions.py` raises exactly
that code and the listing and the bots share the same checks.
"""

from __future__ import annotations

from games.engines.core import Action, SimpleAction

from .actions import ANNOUNCEMENTS, CONTRACT_RANK, CONTRACTS, PASS, Bid, TarockAction
from .cards import MOND, PAGAT, SKUS, SUIT_OF, TRUMP, called_card, is_tarock, suit_card_count
from .state import DEF, TarockState

ALL_CALL_KINDS = ("game", *ANNOUNCEMENTS)


def legal_actions(state: TarockState, seat: int) -> list[Action]:
    """Single calls (auction) or cards (play) of `seat`; [] when it is not its turn (§5.1)."""
    if state.turn != seat:
        return []
    if state.phase == "auction":
        return list(legal_calls(state, seat))
    return [SimpleAction("play", c) for c in legal_cards(state, seat)]


# --- the auction ---------------------------------------------------------------------------------------
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


# --- card play -----------------------------------------------------------------------------------------
def _follow_cards(state: TarockState, hand: list[str]) -> list[str]:
    """Cards allowed by the lead, follow-suit and must-play-tarock rules (before the Pagat reservation)."""
    trick = state.trick
    assert trick is not None
    if not trick.cards:
        if state.contract == "farbensolo":
            suit_cards = [c for c in hand if not is_tarock(c)]
            if suit_cards:
                return suit_cards
        return list(hand)
    led = SUIT_OF[trick.cards[0][1]]
    same = [c for c in hand if SUIT_OF[c] == led]
    if same:
        return same
    tarocks = [c for c in hand if is_tarock(c)]
    return tarocks or list(hand)


def _pagat_reserved(state: TarockState, seat: int) -> bool:
    """The announced Pagat's holder keeps T1 for trick 10 (§5.8 `pagat_reserved`)."""
    return len(state.tricks) < 9 and state.item("pagat") is not None and PAGAT in state.hands[seat]


def legal_cards(state: TarockState, seat: int) -> list[str]:
    """The cards `seat` may play now, in hand order (§5.8)."""
    hand = state.hands[seat]
    cards = _follow_cards(state, hand)
    if len(cards) > 1 and _pagat_reserved(state, seat) and PAGAT in cards:
        cards = [c for c in cards if c != PAGAT]
    return cards


def card_refusal(state: TarockState, seat: int, card: str) -> str | None:
    """Refusal code of playing `card`, or None; the first failing check of §5.8's table."""
    hand = state.hands[seat]
    if card not in hand:
        return "not_in_hand"
    trick = state.trick
    assert trick is not None
    if not trick.cards:
        if state.contract == "farbensolo" and is_tarock(card) and any(not is_tarock(c) for c in hand):
            return "tarock_lead_forbidden"
    else:
        led = SUIT_OF[trick.cards[0][1]]
        has_led = any(SUIT_OF[c] == led for c in hand)
        if led != TRUMP:
            if has_led and SUIT_OF[card] != led:
                return "must_follow_suit"
            if not has_led and not is_tarock(card) and any(is_tarock(c) for c in hand):
                return "must_play_tarock"
        elif has_led and not is_tarock(card):
            return "must_follow_suit"
    if card == PAGAT and _pagat_reserved(state, seat) and len(_follow_cards(state, hand)) > 1:
        return "pagat_reserved"
    return None
