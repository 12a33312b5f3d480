"""The state transitions of a deal, one function per phase (docs/rules/french_tarot.md §4, §5, §6.1, §6.2 b).

These functions assume the general checks (form, phase, turn) have passed. Each changes the state it is given,
which is `apply`'s private copy, and raises the phase's own refusal codes (`IllegalAction`) before it changes
anything. A field changes by assignment of a new tuple: a copy shares every field with its original.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engines.core import IllegalAction
from games.engines.core.wire import is_json_int

from .cards import EXCUSE, sort_canonical, trick_winner_index
from .dealing import petit_sec_seat, read_deal
from .legality import discard_refusal, excuse_locked, handful_refusal, play_refusal
from .match import read_start
from .scoring import excuse_wins_last_trick
from .state import BIDS, SEATS, TRICKS_PER_DEAL, TarotState


def start_deal(
    options: dict[str, Any], deal: Mapping[str, Any], dealer: int, start: Mapping[str, Any] | None
) -> TarotState:
    """The state at the start of a deal, already annulled when a hand is petit sec (§4).

    Raises:
        IllegalAction: `bad_deal` for a dealer that is not a seat, a deal that is not the deck (`read_deal`) or a
            malformed `start` (`read_start`).
    """
    if not is_json_int(dealer) or not 0 <= dealer < SEATS:
        raise IllegalAction("bad_deal", "dealer must be a seat 0-3")
    hands, dog = read_deal(deal)
    scores, played = read_start(start)
    state = TarotState(
        options=options,
        dealer=dealer,
        deal_hands=hands,
        dog=dog,
        start_scores=scores,
        deals_played=played,
        hands=tuple(tuple(sort_canonical(h)) for h in hands),
    )
    seat = petit_sec_seat(hands)
    if seat is not None:
        state.phase = "done"
        state.annulment = ("petit_sec", seat)
    return state


def _replace_hand(state: TarotState, seat: int, hand: tuple[str, ...]) -> None:
    hands = list(state.hands)
    hands[seat] = hand
    state.hands = tuple(hands)


def _after_contract(state: TarotState) -> None:
    """Enter the phase that follows the end of bidding (§5.1) or of the discard (§5.2)."""
    if state.profile == "fft":
        state.phase = "slam"
    else:
        state.phase = "play"
        state.leader = state.forehand


def apply_bid(state: TarotState, seat: int, bid: str) -> None:
    """A bid or pass (§5.1): `bid_too_low` unless strictly higher than every bid so far."""
    highest = max((BIDS.index(b) for _, b in state.bids), default=0)
    if bid != "pass" and BIDS.index(bid) <= highest:
        raise IllegalAction("bid_too_low", "a bid must be higher than the highest bid so far")
    state.bids = bids = (*state.bids, (seat, bid))
    if bid != "garde_contre" and len(bids) < SEATS:
        return
    contracts = [(BIDS.index(b), s, b) for s, b in bids if b != "pass"]
    if not contracts:
        state.phase = "done"
        state.annulment = ("all_passed", None)
        return
    _, taker, contract = max(contracts)
    state.taker = taker
    state.contract = contract
    if contract in ("petite", "garde"):
        _replace_hand(state, taker, tuple(sort_canonical((*state.hands[taker], *state.dog))))
        state.phase = "discard"
        return
    _after_contract(state)


def apply_discard(state: TarotState, seat: int, cards: Sequence[str]) -> None:
    """The taker's discard (§5.2), checked in the rules file's order."""
    hand = state.hands[seat]
    code = discard_refusal(hand, cards)
    if code:
        raise IllegalAction(code, _DISCARD_MESSAGES[code])
    removed = set(cards)
    _replace_hand(state, seat, tuple(c for c in hand if c not in removed))
    state.discard = tuple(sort_canonical(cards))
    _after_contract(state)


_DISCARD_MESSAGES = {
    "discard_wrong_count": "the discard is exactly 6 different cards",
    "not_in_hand": "you can only discard cards you hold",
    "illegal_discard_king": "a King may not be discarded",
    "illegal_discard_bout": "T1, T21 and the Excuse may not be discarded",
    "illegal_discard_trump": "trumps go in the discard only when unavoidable, and then as few as possible",
}


def apply_slam(state: TarotState, seat: int, announce: bool) -> None:
    """The taker's slam answer (§5.3): an announcing taker leads trick 1, otherwise the forehand."""
    state.slam_announced = announce
    state.phase = "play"
    state.leader = seat if announce else state.forehand


def apply_handful(state: TarotState, seat: int, cards: Sequence[str]) -> None:
    """A handful shown in trick 1 (§5.4); the seat still has to play."""
    code = handful_refusal(state, seat, cards)
    if code:
        raise IllegalAction(code, code.replace("_", " "))
    shown = tuple(sort_canonical(cards))
    state.handfuls = (*state.handfuls, (seat, shown))


def apply_play(state: TarotState, seat: int, card: str) -> None:
    """A card played to the current trick (§5.5); completes the trick and the deal when due (§6.1, §6.2 b)."""
    hand = state.hands[seat]
    code = play_refusal(hand, [c for _, c in state.trick], card, excuse_locked(state, seat))
    if code:
        raise IllegalAction(code, code.replace("_", " "))
    _replace_hand(state, seat, tuple(c for c in hand if c != card))
    trick = (*state.trick, (seat, card))
    if len(trick) < SEATS:
        state.trick = trick
        return
    winner = trick[trick_winner_index([c for _, c in trick])][0]
    tricks = (*state.tricks, trick)
    winners = (*state.winners, winner)
    assert state.taker is not None
    if len(tricks) == TRICKS_PER_DEAL and excuse_wins_last_trick(tricks, winners, state.taker, state.profile):
        winner = next(s for s, c in trick if c == EXCUSE)
        winners = (*winners[:-1], winner)
    done = len(tricks) == TRICKS_PER_DEAL
    state.trick = ()
    state.tricks = tricks
    state.winners = winners
    state.leader = None if done else winner
    state.phase = "done" if done else "play"
