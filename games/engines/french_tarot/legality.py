"""What a seat may discard, show and play (docs/rules/french_tarot.md §5.2, §5.3, §5.4, §5.5).

`legal_actions` lists what a seat may do now. Each `*_refusal` check is a question: it returns the rules file's
refusal code or None, in the rules file's check order, so `transitions.py` raises exactly the first failure and the
bots and playouts can share the same functions.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engines.core import Action, SimpleAction

from .cards import BOUTS, EXCUSE, STRENGTH, SUIT_OF, TRUMP, is_king, led_suit
from .state import BIDS, TRICKS_PER_DEAL, TarotState

HANDFUL_SIZES: dict[int, int] = {10: 20, 13: 30, 15: 40}  # cards shown -> bonus (§5.4)
DISCARD_SIZE = 6


def legal_actions(state: TarotState, seat: int) -> list[Action]:
    """Every legal bid, slam answer or card of `seat` (§5); discards and handfuls are never listed."""
    actions: list[Action] = []
    if seat != state.seat_to_act:
        return actions
    if state.phase == "bidding":
        highest = max((BIDS.index(b) for _, b in state.bids), default=0)
        actions += [SimpleAction("bid", b) for b in ("pass", *BIDS[highest + 1 :])]
    elif state.phase == "slam":
        actions += [SimpleAction("slam", True), SimpleAction("slam", False)]
    elif state.phase == "play":
        actions += [SimpleAction("play", c) for c in playable_cards(state, seat)]
    return actions


def playable_cards(state: TarotState, seat: int) -> list[str]:
    """The cards `seat` may play on the current trick of `state` (§5.3, §5.5)."""
    return legal_cards(state.hands[seat], [c for _, c in state.trick], excuse_locked(state, seat))


def excuse_locked(state: TarotState, seat: int) -> bool:
    """True while the slam announcer must keep `EX` for trick 18 (§5.3).

    That is: a slam was announced, `seat` is the taker, he holds `EX`, the current trick is before trick 18
    and his camp has won every completed trick.
    """
    return (
        bool(state.slam_announced)
        and seat == state.taker
        and len(state.tricks) < TRICKS_PER_DEAL - 1
        and EXCUSE in state.hands[seat]
        and all(w == state.taker for w in state.winners)
    )


def legal_cards(hand: Sequence[str], trick_cards: Sequence[str], lock_excuse: bool) -> list[str]:
    """Every card of `hand` that may be played on the current trick (§5.5), in hand order.

    Args:
        hand: the seat's cards.
        trick_cards: the cards already in the current trick, in play order.
        lock_excuse: the §5.3 slam restriction applies (see `excuse_locked`).
    Returns:
        A non-empty list when `hand` is not empty.
    """
    excuse = [EXCUSE] if EXCUSE in hand and not lock_excuse else []
    led = led_suit(trick_cards)
    if led is None:
        return [c for c in hand if c != EXCUSE] + excuse
    if led != TRUMP:
        follow = [c for c in hand if SUIT_OF[c] == led]
        if follow:
            return follow + excuse
    trumps = [c for c in hand if SUIT_OF[c] == TRUMP]
    if not trumps:
        return [c for c in hand if c != EXCUSE] + excuse
    highest = max((STRENGTH[c] for c in trick_cards if SUIT_OF[c] == TRUMP), default=0)
    over = [c for c in trumps if STRENGTH[c] > highest]
    return (over or trumps) + excuse


def play_refusal(hand: Sequence[str], trick_cards: Sequence[str], card: str, lock_excuse: bool) -> str | None:
    """The refusal code for playing `card` now, in §5.5 order, or None when it is legal.

    Codes: `not_in_hand`, `excuse_must_be_last`, `must_follow_suit`, `must_trump`, `must_overtrump`.
    """
    if card not in hand:
        return "not_in_hand"
    if card == EXCUSE:
        return "excuse_must_be_last" if lock_excuse else None
    led = led_suit(trick_cards)
    if led is None:
        return None
    suit = SUIT_OF[card]
    has_trump = any(SUIT_OF[c] == TRUMP for c in hand)
    if led != TRUMP:
        if any(SUIT_OF[c] == led for c in hand):
            return None if suit == led else "must_follow_suit"
        if not has_trump:
            return None
        if suit != TRUMP:
            return "must_trump"
    else:
        if not has_trump:
            return None
        if suit != TRUMP:
            return "must_follow_suit"
    highest = max((STRENGTH[c] for c in trick_cards if SUIT_OF[c] == TRUMP), default=0)
    if STRENGTH[card] < highest and any(SUIT_OF[c] == TRUMP and STRENGTH[c] > highest for c in hand):
        return "must_overtrump"
    return None


def required_discard_trumps(hand: Sequence[str]) -> int:
    """How many trumps (T2-T20) a legal discard must hold: max(0, 6 - n), n = non-King suit cards (§5.2 step 5)."""
    plain = sum(1 for c in hand if SUIT_OF[c] not in (TRUMP, "") and not is_king(c))
    return max(0, DISCARD_SIZE - plain)


def discard_refusal(hand: Sequence[str], discard: Sequence[str]) -> str | None:
    """The refusal code for a discard from the taker's 24-card `hand`, in §5.2 order, or None when legal.

    Codes: `discard_wrong_count`, `not_in_hand`, `illegal_discard_king`, `illegal_discard_bout`,
    `illegal_discard_trump`.
    """
    if len(discard) != DISCARD_SIZE or len(set(discard)) != DISCARD_SIZE:
        return "discard_wrong_count"
    held = set(hand)
    if any(c not in held for c in discard):
        return "not_in_hand"
    if any(is_king(c) for c in discard):
        return "illegal_discard_king"
    if any(c in BOUTS for c in discard):
        return "illegal_discard_bout"
    if sum(1 for c in discard if SUIT_OF[c] == TRUMP) != required_discard_trumps(hand):
        return "illegal_discard_trump"
    return None


def handful_refusal(state: TarotState, seat: int, cards: Sequence[str]) -> str | None:
    """The refusal code for `seat` showing `cards` as a handful now, in §5.4 order, or None when legal.

    The general checks (phase, turn) have already passed. Codes: `handful_not_allowed`, `handful_too_late`,
    `handful_already_shown`, `handful_wrong_size`, `not_in_hand`, `handful_not_trump`,
    `handful_excuse_hides_trump`.
    """
    if state.profile != "fft":
        return "handful_not_allowed"
    if state.tricks or any(s == seat for s, _ in state.trick):
        return "handful_too_late"
    if any(s == seat for s, _ in state.handfuls):
        return "handful_already_shown"
    if len(cards) not in HANDFUL_SIZES or len(set(cards)) != len(cards):
        return "handful_wrong_size"
    hand = state.hands[seat]
    if any(c not in hand for c in cards):
        return "not_in_hand"
    if any(SUIT_OF[c] not in (TRUMP, "") for c in cards):
        return "handful_not_trump"
    if EXCUSE in cards and any(SUIT_OF[c] == TRUMP and c not in cards for c in hand):
        return "handful_excuse_hides_trump"
    return None
