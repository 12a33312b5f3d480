"""The state transitions of a deal, one function per phase (docs/rules/french_tarot.md §4, §5, §6.1, §6.2 b).

These functions assume the general checks (form, phase, turn) have passed; each raises the phase's own
refusal codes and returns a new state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from games.engines.core import IllegalAction

from .cards import CANONICAL_INDEX, DECK_SET, EXCUSE, PETIT, SUIT_OF, TRUMP, canonical, trick_winner_index
from .legality import discard_refusal, excuse_locked, handful_refusal, play_refusal
from .match import read_start
from .scoring import excuse_wins_last_trick
from .state import BIDS, CONTRACTS, SEATS, TRICKS_PER_DEAL, TarotState

HAND_SIZE = 18
DOG_SIZE = 6


def read_deal(deal: Mapping[str, Any]) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """Check a §4 deal JSON and return `(hands, dog)` as tuples.

    Raises:
        IllegalAction: `bad_deal` unless it is 4 hands of 18 and a dog of 6 holding the 78 cards once each.
    """
    if (
        not isinstance(deal, Mapping)
        or not isinstance(deal.get("hands"), list)
        or not isinstance(deal.get("dog"), list)
    ):
        raise IllegalAction("bad_deal", 'a deal is {"hands": [4 lists of 18], "dog": [6]}')
    hands, dog = deal["hands"], deal["dog"]
    if (
        len(hands) != SEATS
        or any(not isinstance(h, list) or len(h) != HAND_SIZE for h in hands)
        or len(dog) != DOG_SIZE
    ):
        raise IllegalAction("bad_deal", "a deal is 4 hands of 18 cards and a dog of 6")
    cards = [c for h in hands for c in h] + list(dog)
    if any(not isinstance(c, str) for c in cards) or len(set(cards)) != len(cards) or set(cards) != DECK_SET:
        raise IllegalAction("bad_deal", "the deal must hold each of the 78 cards exactly once")
    return tuple(tuple(h) for h in hands), tuple(dog)


def petit_sec_seat(hands: Sequence[Sequence[str]]) -> int | None:
    """The lowest seat whose dealt hand holds `T1` as its only trump and no `EX` (§4 petit sec), or None."""
    for seat, hand in enumerate(hands):
        trumps = [c for c in hand if SUIT_OF[c] == TRUMP]
        if trumps == [PETIT] and EXCUSE not in hand:
            return seat
    return None


def start_deal(
    options: dict[str, Any], deal: Mapping[str, Any], dealer: int, start: Mapping[str, Any] | None
) -> TarotState:
    """The state at the start of a deal, already annulled when a hand is petit sec (§4)."""
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < SEATS:
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
        hands=tuple(tuple(canonical(h)) for h in hands),
    )
    seat = petit_sec_seat(hands)
    if seat is not None:
        return replace(state, phase="done", annulment=("petit_sec", seat))
    return state


def _after_contract(state: TarotState) -> TarotState:
    """Enter the phase that follows the end of bidding (§5.1) or of the discard (§5.2)."""
    if state.profile == "fft":
        return replace(state, phase="slam")
    return replace(state, phase="play", leader=state.forehand)


def apply_bid(state: TarotState, seat: int, bid: str) -> TarotState:
    """A bid or pass (§5.1): `bid_too_low` unless strictly higher than every bid so far."""
    highest = max((BIDS.index(b) for _, b in state.bids), default=0)
    if bid != "pass" and BIDS.index(bid) <= highest:
        raise IllegalAction("bid_too_low", "a bid must be higher than the highest bid so far")
    bids = (*state.bids, (seat, bid))
    if bid != "garde_contre" and len(bids) < SEATS:
        return replace(state, bids=bids)
    contracts = [(BIDS.index(b), s, b) for s, b in bids if b != "pass"]
    if not contracts:
        return replace(state, bids=bids, phase="done", annulment=("all_passed", None))
    _, taker, contract = max(contracts)
    state = replace(state, bids=bids, taker=taker, contract=contract)
    if contract in ("petite", "garde"):
        hands = list(state.hands)
        hands[taker] = tuple(canonical((*hands[taker], *state.dog)))
        return replace(state, hands=tuple(hands), phase="discard")
    return _after_contract(state)


def apply_discard(state: TarotState, seat: int, cards: Sequence[str]) -> TarotState:
    """The taker's discard (§5.2), checked in the rules file's order."""
    hand = state.hands[seat]
    code = discard_refusal(hand, cards)
    if code:
        raise IllegalAction(code, _DISCARD_MESSAGES[code])
    removed = set(cards)
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hand if c not in removed)
    return _after_contract(replace(state, hands=tuple(hands), discard=tuple(canonical(cards))))


_DISCARD_MESSAGES = {
    "discard_wrong_count": "the discard is exactly 6 different cards",
    "not_in_hand": "you can only discard cards you hold",
    "illegal_discard_king": "a King may not be discarded",
    "illegal_discard_bout": "T1, T21 and the Excuse may not be discarded",
    "illegal_discard_trump": "trumps go in the discard only when unavoidable, and then as few as possible",
}


def apply_slam(state: TarotState, seat: int, announce: bool) -> TarotState:
    """The taker's slam answer (§5.3): an announcing taker leads trick 1, otherwise the forehand."""
    leader = seat if announce else state.forehand
    return replace(state, slam_announced=announce, phase="play", leader=leader)


def apply_handful(state: TarotState, seat: int, cards: Sequence[str]) -> TarotState:
    """A handful shown in trick 1 (§5.4); the seat still has to play."""
    code = handful_refusal(state, seat, cards)
    if code:
        raise IllegalAction(code, code.replace("_", " "))
    shown = tuple(sorted(cards, key=CANONICAL_INDEX.__getitem__))
    return replace(state, handfuls=(*state.handfuls, (seat, shown)))


def apply_play(state: TarotState, seat: int, card: str) -> TarotState:
    """A card played to the current trick (§5.5); completes the trick and the deal when due (§6.1, §6.2 b)."""
    hand = state.hands[seat]
    code = play_refusal(hand, [c for _, c in state.trick], card, excuse_locked(state, seat))
    if code:
        raise IllegalAction(code, code.replace("_", " "))
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hand if c != card)
    trick = (*state.trick, (seat, card))
    if len(trick) < SEATS:
        return replace(state, hands=tuple(hands), trick=trick)
    winner = trick[trick_winner_index([c for _, c in trick])][0]
    tricks = (*state.tricks, trick)
    winners = (*state.winners, winner)
    assert state.taker is not None
    if len(tricks) == TRICKS_PER_DEAL and excuse_wins_last_trick(tricks, winners, state.taker, state.profile):
        winner = next(s for s, c in trick if c == EXCUSE)
        winners = (*winners[:-1], winner)
    done = len(tricks) == TRICKS_PER_DEAL
    return replace(
        state,
        hands=tuple(hands),
        trick=(),
        tricks=tricks,
        winners=winners,
        leader=None if done else winner,
        phase="done" if done else "play",
    )


__all__ = [
    "CONTRACTS",
    "apply_bid",
    "apply_discard",
    "apply_handful",
    "apply_play",
    "apply_slam",
    "start_deal",
]
