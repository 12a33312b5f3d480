"""Listable legal actions and the timeout action (docs/rules/rummy.md §5.1, §5.10).

Meld actions, multi-card lay-offs and the combined draw of rules §5.7 are too many to list; `apply` alone
decides them.
"""

from __future__ import annotations

from games.engines.core.errors import IllegalAction

from .actions import PILE, STOCK, Discard, Draw, Knock, LayOff, RummyAction, SwapJoker
from .cards import JOKER, RANK_INDEX, SUIT_INDEX, penalty, rank_of, suit_of
from .melds import RUN, SET, joker_lay_off_entries, lay_off, may_extend, swap_joker
from .state import DONE, DRAW_STEP, RummyState
from .turns import can_knock, may_discard, may_take_pile


def to_act(state: RummyState) -> frozenset[int]:
    """The current seat plus every eligible klopper (rules §5.1, §5.8); empty when the deal is over."""
    if state.phase == DONE:
        return frozenset()
    kloppers = {s for s in range(state.seats) if can_knock(state, s)}
    return frozenset({state.current} | kloppers)


def legal_actions(state: RummyState, seat: int) -> list[RummyAction]:
    """Every listable legal action of `seat` (rules §5.1): draws, discards, knock, swaps, single-card lay-offs
    (a joker once per possible stand-in, bare when its reading is unique)."""
    if state.phase == DONE:
        return []
    if seat != state.current:
        return [Knock()] if can_knock(state, seat) else []
    if state.step == DRAW_STEP:
        out: list[RummyAction] = [Draw(STOCK)]
        if may_take_pile(state, seat) and state.pile:
            out.append(Draw(PILE))
        return out
    hand = state.hand(seat)
    distinct = sorted(set(hand), key=hand.index)
    actions: list[RummyAction] = [Discard(c) for c in distinct if may_discard(hand, state.taken, c)]
    if not state.opened[seat]:
        return actions
    limit = state.options["max_jokers_per_meld"]
    # Per run suit and set rank, the hand's distinct cards that could touch such a meld, in hand order.
    touching: dict[tuple[str, str], list[str]] = {}
    for card in distinct:
        if card == JOKER:
            continue
        touching.setdefault((RUN, suit_of(card)), []).append(card)
        touching.setdefault((SET, rank_of(card)), []).append(card)
    holds_joker = JOKER in distinct
    for index, meld in enumerate(state.melds):
        has_joker = JOKER in meld.cells
        for card in touching.get((meld.kind, meld.key), ()):
            if may_extend(meld, card):
                try:
                    lay_off(meld, [card], limit)
                    actions.append(LayOff(index, (card,)))
                except IllegalAction:
                    pass
            if has_joker:
                try:
                    swap_joker(meld, card)
                    actions.append(SwapJoker(index, card))
                except IllegalAction:
                    pass
        if holds_joker:  # canonical order puts the joker last in the hand
            actions.extend(LayOff(index, (entry,)) for entry in joker_lay_off_entries(meld, limit))
    return actions


def timeout_key(card: str) -> tuple[int, int, int]:
    """Sort key of rules §5.10: (penalty, rank index, suit index); the highest is discarded first."""
    if card == JOKER:
        return (penalty(card), 0, 0)
    return (penalty(card), RANK_INDEX[rank_of(card)], SUIT_INDEX[suit_of(card)])


def timeout_action(state: RummyState, seat: int) -> RummyAction:
    """The current seat's timeout action (rules §5.10): draw from the stock, then discard the allowed card with
    the highest `timeout_key`; no melding.

    Raises:
        IllegalAction: `wrong_phase` after the deal, `not_your_turn` for any seat but the current one
            (kloppers have no deadline).
    """
    if state.phase == DONE:
        raise IllegalAction("wrong_phase", "the deal is over")
    if seat != state.current:
        raise IllegalAction("not_your_turn", "only the current seat has a deadline")
    if state.step == DRAW_STEP:
        return Draw(STOCK)
    hand = state.hand(seat)
    return Discard(max((c for c in hand if may_discard(hand, state.taken, c)), key=timeout_key))
