"""Card play: legal cards, the Farbensolo lead rule, the Pagat reservation and trick taking (docs/rules/tarock.md §5.8)."""

from __future__ import annotations

from .cards import PAGAT, is_tarock, suit, trick_winner_index
from .state import TarockState, Trick


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
    led = suit(trick.cards[0][1])
    same = [c for c in hand if suit(c) == led]
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
        led = suit(trick.cards[0][1])
        has_led = any(suit(c) == led for c in hand)
        if led != "T":
            if has_led and suit(card) != led:
                return "must_follow_suit"
            if not has_led and not is_tarock(card) and any(is_tarock(c) for c in hand):
                return "must_play_tarock"
        elif has_led and not is_tarock(card):
            return "must_follow_suit"
    if card == PAGAT and _pagat_reserved(state, seat) and len(_follow_cards(state, hand)) > 1:
        return "pagat_reserved"
    return None


def do_play(state: TarockState, seat: int, card: str) -> None:
    """Play `card` from `seat` (state already copied); completes the trick and ends the deal after trick 10."""
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


def played_cards(state: TarockState) -> set[str]:
    """Every card played so far, in completed tricks and in the trick in progress."""
    cards = {c for t in state.tricks for _, c in t.cards}
    if state.trick:
        cards.update(c for _, c in state.trick.cards)
    return cards
