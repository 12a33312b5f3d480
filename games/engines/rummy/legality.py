"""Who may act and what (docs/rules/rummy.md §5.1, §5.3, §5.7, §5.8): `to_act`, the listable legal actions and
the checks the turn's transitions share (taking the pile card, the taken-card rule, kloppen).

Meld actions, multi-card lay-offs and the combined draw of rules §5.7 are too many to list; `apply` alone
decides them.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engines.core import Action

from .actions import PILE, STOCK, Discard, Draw, Knock, LayOff, SwapJoker
from .cards import JOKER, RANK_OF, SUIT_OF
from .melds import RUN, SET, joker_lay_off_entries, lays_off, may_extend, swaps_joker
from .options import ALWAYS
from .state import DONE, DRAW_STEP, RummyState


def to_act(state: RummyState) -> frozenset[int]:
    """The current seat plus every eligible klopper (rules §5.1, §5.8); empty when the deal is over."""
    if state.phase == DONE:
        return frozenset()
    kloppers = {s for s in range(state.seats) if can_knock(state, s)}
    return frozenset({state.current} | kloppers)


def due(state: RummyState) -> frozenset[int]:
    """The seat whose move is awaited: the current seat (rules §5.10: kloppers hold an optional call and have no
    deadline); empty when the deal is over."""
    return frozenset() if state.phase == DONE else frozenset((state.current,))


def dealt_in(state: RummyState) -> frozenset[int]:
    """The seats dealt into this deal: the active ones (rules §3, §4; a seat out of the match has no hand)."""
    return frozenset(s for s in range(state.seats) if state.active(s))


def legal_actions(state: RummyState, seat: int) -> list[Action]:
    """Every listable legal action of `seat` (rules §5.1): draws, discards, knock, swaps, single-card lay-offs
    (a joker once per possible stand-in, bare when its reading is unique)."""
    if state.phase == DONE:
        return []
    if seat != state.current:
        return [Knock()] if can_knock(state, seat) else []
    if state.step == DRAW_STEP:
        return _draws(state, seat)
    hand = state.hand(seat)
    distinct = sorted(set(hand), key=hand.index)
    actions: list[Action] = [Discard(c) for c in distinct if may_discard(hand, state.taken, c)]
    if not state.opened[seat]:
        return actions
    return actions + _meld_actions(state, distinct)


def _draws(state: RummyState, seat: int) -> list[Action]:
    """The current seat's draws (rules §5.3): the stock, and the pile card when the seat may take it."""
    out: list[Action] = [Draw(STOCK)]
    if may_take_pile(state, seat) and state.pile:
        out.append(Draw(PILE))
    return out


def _touching(distinct: Sequence[str]) -> dict[tuple[str, str], list[str]]:
    """Per run suit and set rank, the hand's `distinct` natural cards that could touch such a meld, in hand
    order."""
    touching: dict[tuple[str, str], list[str]] = {}
    for card in distinct:
        if card == JOKER:
            continue
        touching.setdefault((RUN, SUIT_OF[card]), []).append(card)
        touching.setdefault((SET, RANK_OF[card]), []).append(card)
    return touching


def _meld_actions(state: RummyState, distinct: Sequence[str]) -> list[Action]:
    """An opened current seat's single-card lay-offs and joker swaps on the table's melds, meld by meld (rules
    §5.2, §5.3): per meld each touching card's lay-off then swap, the joker's lay-offs last."""
    limit = state.options["max_jokers_per_meld"]
    touching = _touching(distinct)
    holds_joker = JOKER in distinct
    actions: list[Action] = []
    for index, meld in enumerate(state.melds):
        has_joker = JOKER in meld.cells
        for card in touching.get((meld.kind, meld.key), ()):
            if may_extend(meld, card) and lays_off(meld, [card], limit):
                actions.append(LayOff(index, (card,)))
            if has_joker and swaps_joker(meld, card):
                actions.append(SwapJoker(index, card))
        if holds_joker:  # canonical order puts the joker last in the hand
            actions.extend(LayOff(index, (entry,)) for entry in joker_lay_off_entries(meld, limit))
    return actions


def may_take_pile(state: RummyState, seat: int) -> bool:
    """Whether `seat` may take the pile card with a plain draw or a knock (rules §5.7)."""
    return state.opened[seat] or state.options["discard_before_opening"] == ALWAYS


def can_knock(state: RummyState, seat: int) -> bool:
    """Whether `seat` is an eligible klopper now (rules §5.8)."""
    if state.phase == DONE or not state.options["kloppen"] or state.step != DRAW_STEP or state.turn == 0:
        return False
    if (
        not state.active(seat)
        or seat == state.current
        or seat == state.top_by
        or not may_take_pile(state, seat)
    ):
        return False
    if sum(h is not None for h in state.hands) <= 2:
        return False
    stock, pile = len(state.stock), len(state.pile)
    return stock >= 2 or (state.restocks < 2 and stock + pile - 1 >= 2)


def may_discard(hand: Sequence[str], taken: str | None, card: str) -> bool:
    """The taken-card rule of rules §5.3.6: not the taken code unless every card in the hand has it."""
    return card != taken or all(c == taken for c in hand)
