"""The state transitions of the turn: draw, melds, lay-offs, joker swaps, discard, kloppen, restocks and going
out (docs/rules/rummy.md §5.3–§5.9).

Every `do_*` function checks its action in the order of rules §5.4, raising the first refusal as `IllegalAction`,
and changes the state it is given, which must be a private copy (`rules.RummyGame.apply` makes one, so the
caller's state is never touched).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engines.core.errors import BAD_ACTION, IllegalAction, InvalidAction

from .actions import PILE, Discard, Draw, Knock, LayOff, MeldAction, MeldList, SwapJoker
from .cards import JOKER, contains, remove_cards, sort_canonical
from .legality import can_knock, may_discard, may_take_pile
from .melds import Meld, entry_card, lay_off, opening_value, read_new_meld, swap_joker
from .options import NEVER, ONLY_IF_USED
from .state import DONE, DRAW_STEP, MAIN_STEP, RummyState


def _finish(state: RummyState, winner: int) -> None:
    """The deal ends the moment `winner`'s hand is empty (rules §5.3.7, §5.6)."""
    state.phase = DONE
    state.winner = winner
    state.hand_jolly = state.opened_turn[winner] == state.turn


def _void(state: RummyState) -> None:
    state.phase = DONE
    state.void = True


def restock_from_pile(state: RummyState) -> None:
    """Turn the pile under its top card into the stock with the next restock permutation (rules §5.9)."""
    below = state.pile[:-1]
    order = state.restock[state.restocks] if state.restock is not None else range(len(below))
    state.stock = state.stock + [below[p] for p in order if p < len(below)]
    state.pile = state.pile[-1:]
    state.restocks += 1


def start_turn(state: RummyState, seat: int) -> None:
    """Begin `seat`'s turn at the draw step; restock or void the deal if the stock is empty (rules §5.9)."""
    state.current = seat
    state.step = DRAW_STEP
    state.taken = None
    state.drawn = []
    state.turn += 1
    if not state.stock:
        if state.restocks < 2 and len(state.pile) >= 2:
            restock_from_pile(state)
        else:
            _void(state)


def _take_pile_card(state: RummyState, seat: int) -> str:
    card = state.pile.pop()
    state.hands[seat] = sort_canonical(state.hand(seat) + [card])
    state.taken = card
    state.pile_takes = state.pile_takes + [[seat, card]]
    return card


def _check_melds(state: RummyState, seat: int, melds: MeldList, hand: Sequence[str]) -> None:
    """The `meld` checks of rules §5.4 after `must_draw_first`; lays the melds when all pass."""
    if not contains(hand, (entry_card(e) for meld in melds for e in meld)):
        raise IllegalAction("not_in_hand", "a meld uses cards you do not hold")
    limit = state.options["max_jokers_per_meld"]
    new = [read_new_meld(meld, limit, seat) for meld in melds]
    if not state.opened[seat]:
        total = sum(opening_value(m) for m in new)
        minimum = state.options["opening_min"]
        if total < minimum:
            raise IllegalAction("opening_below_minimum", f"the opening counts {total}, it needs {minimum}")
        state.opened[seat] = True
        state.opened_turn[seat] = state.turn
    state.melds = state.melds + new
    state.hands[seat] = remove_cards(state.hand(seat), (entry_card(e) for meld in melds for e in meld))
    if not state.hands[seat]:
        _finish(state, seat)


def do_draw(state: RummyState, seat: int, action: Draw) -> None:
    """`{"draw": ...}` (rules §5.3.1, §5.7).

    Raises:
        IllegalAction: `already_drawn`, `not_opened` (option `never`), `must_open_with_taken_card` and the
            `meld` checks (option `only_if_used_in_opening`).
        InvalidAction: a `meld` inside a draw where rules §5.7 does not ask for it.
    """
    if state.step != DRAW_STEP:
        raise IllegalAction("already_drawn", "you have drawn this turn")
    option = state.options["discard_before_opening"]
    combined = option == ONLY_IF_USED and not state.opened[seat] and action.source == PILE
    if action.meld is not None and not combined:
        raise InvalidAction(BAD_ACTION, "a draw carries a meld only to open with the pile card (rules §5.7)")
    state.step = MAIN_STEP
    if action.source != PILE:
        card = state.stock.pop(0)
        state.hands[seat] = sort_canonical(state.hand(seat) + [card])
        state.drawn = [card]
        return
    if not state.opened[seat] and option == NEVER:
        raise IllegalAction("not_opened", "open before you take the pile card")
    if combined:
        top = state.pile[-1]
        if action.meld is None or not any(top in meld for meld in action.meld):
            raise IllegalAction("must_open_with_taken_card", "open at once with the pile card")
        _take_pile_card(state, seat)
        _check_melds(state, seat, action.meld, state.hand(seat))
        return
    _take_pile_card(state, seat)


def do_meld(state: RummyState, seat: int, action: MeldAction) -> None:
    """`{"meld": [...]}` (rules §5.3.2–3). Raises the `meld` refusals of rules §5.4."""
    if state.step != MAIN_STEP:
        raise IllegalAction("must_draw_first", "draw first")
    _check_melds(state, seat, action.melds, state.hand(seat))


def _table_meld(state: RummyState, index: int) -> Meld:
    if index >= len(state.melds):
        raise IllegalAction("no_such_meld", f"there is no meld {index}")
    return state.melds[index]


def do_lay_off(state: RummyState, seat: int, action: LayOff) -> None:
    """`{"lay_off": ...}` (rules §5.3.4). Raises `must_draw_first`, `not_opened`, `no_such_meld`,
    `not_in_hand`, the joker limit, `invalid_meld`, `joker_ambiguous`."""
    if state.step != MAIN_STEP:
        raise IllegalAction("must_draw_first", "draw first")
    if not state.opened[seat]:
        raise IllegalAction("not_opened", "open before you lay off")
    meld = _table_meld(state, action.meld)
    cards = [entry_card(e) for e in action.cards]
    if not contains(state.hand(seat), cards):
        raise IllegalAction("not_in_hand", "you do not hold these cards")
    melds = list(state.melds)
    melds[action.meld] = lay_off(meld, action.cards, state.options["max_jokers_per_meld"])
    state.melds = melds
    state.hands[seat] = remove_cards(state.hand(seat), cards)
    if not state.hands[seat]:
        _finish(state, seat)


def do_swap_joker(state: RummyState, seat: int, action: SwapJoker) -> None:
    """`{"swap_joker": ...}` (rules §5.3.5). Raises `must_draw_first`, `not_opened`, `no_such_meld`,
    `not_in_hand`, `swap_card_mismatch`."""
    if state.step != MAIN_STEP:
        raise IllegalAction("must_draw_first", "draw first")
    if not state.opened[seat]:
        raise IllegalAction("not_opened", "open before you swap a joker")
    meld = _table_meld(state, action.meld)
    if action.card not in state.hand(seat):
        raise IllegalAction("not_in_hand", f"you do not hold {action.card}")
    melds = list(state.melds)
    melds[action.meld] = swap_joker(meld, action.card)
    state.melds = melds
    state.hands[seat] = sort_canonical(remove_cards(state.hand(seat), [action.card]) + [JOKER])


def do_discard(state: RummyState, seat: int, action: Discard) -> None:
    """`{"discard": c}` (rules §5.3.6–7): ends the turn or the deal. Raises `must_draw_first`,
    `not_in_hand`, `cannot_discard_taken_card`."""
    if state.step != MAIN_STEP:
        raise IllegalAction("must_draw_first", "draw first")
    hand = state.hand(seat)
    if action.card not in hand:
        raise IllegalAction("not_in_hand", f"you do not hold {action.card}")
    if not may_discard(hand, state.taken, action.card):
        raise IllegalAction(
            "cannot_discard_taken_card", "you may not discard the card you took from the pile"
        )
    state.hands[seat] = remove_cards(hand, [action.card])
    state.pile = state.pile + [action.card]
    state.top_by = seat
    if not state.hands[seat]:
        _finish(state, seat)
        return
    start_turn(state, state.next_seat(seat))


def do_knock(state: RummyState, seat: int, action: Knock) -> None:
    """`{"knock": true}` (rules §5.8): take the pile card and two stock cards, skipping the seats between.

    Raises:
        IllegalAction: `kloppen_off`, `not_opened` (options `never` / `only_if_used_in_opening`), `cannot_knock`.
    """
    if not state.options["kloppen"]:
        raise IllegalAction("kloppen_off", "kloppen is off at this table")
    if state.active(seat) and not may_take_pile(state, seat):
        raise IllegalAction("not_opened", "open before you knock")
    if not can_knock(state, seat):
        raise IllegalAction("cannot_knock", "you may not knock now")
    if len(state.stock) < 2:
        restock_from_pile(state)
    state.current = seat
    state.step = MAIN_STEP
    state.turn += 1
    _take_pile_card(state, seat)
    drawn, state.stock = state.stock[:2], state.stock[2:]
    state.hands[seat] = sort_canonical(state.hand(seat) + drawn)
    state.drawn = drawn
