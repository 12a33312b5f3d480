"""What the page of the seat to act needs beyond the listed actions (docs/rules/rummy.md §5.1–§5.7).

Meld actions, multi-card lay-offs and the combined pile draw of §5.7 are too many to list (§5.1). `hints` gives
the current seat the melds its hand can lay now (found by the exact meld search) and whether they reach the
opening minimum, the multi-card lay-offs of natural cards onto each table meld, and under
`only_if_used_in_opening` an opening with the pile card ready to send with the draw. `offered` lists the calls
a page offers, so `Game.refusals` can ask `apply` why one is refused. Both read only the seat's own hand, the
table, the pile and the options: what the seat's view shows.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.engines.core.offers import ANY, Offers, merge

from .actions import PILE, STOCK, Discard, Draw, LayOff, MeldAction, SwapJoker
from .cards import JOKER, SUIT_OF, SUITS, card_at
from .melds import RUN, Meld, lays_off, opening_value, read_new_meld
from .meldsearch import best_melds
from .options import ONLY_IF_USED
from .state import DONE, DRAW_STEP, RummyState


def hints(state: RummyState, seat: int) -> dict[str, Any]:
    """For the current seat (`{}` for any other, and once the deal is over):

    - main step: `"melds"`: `{"groups": [[entries], …], "values": [opening value of each], "total": n,
      "opens": bool}`, disjoint melds its hand can lay now in one `{"meld": groups}` (before opening the
      combination of highest opening value, after it the one that sheds the most penalty points); `opens` says
      whether that action is accepted as to the opening minimum (always true once opened). Left out when the
      hand holds no meld. `"natural_melds"`: the same for the hand without its jokers, given when the hand holds a
      joker and a meld without one (a page's "Lay down" lays no joker: docs/decisions-rummy.md T-4).
      `"lay_offs"`: `[{"meld": i, "cards": [codes]}, …]`, for an opened seat the longest lay-off of two or more
      natural cards onto each table meld (single cards are listed in `legal`).
    - draw step, option `only_if_used_in_opening`, not opened: `"open_with_pile"`: `[[entries], …]`, an
      opening holding the pile card, to send as `{"draw": "discard", "meld": …}`; left out when there is none.
    """
    if state.phase == DONE or seat != state.current:
        return {}
    if state.step == DRAW_STEP:
        ready = _opening_with_pile(state, seat)
        return {"open_with_pile": ready} if ready else {}
    found: dict[str, Any] = {}
    melds = meld_hint(state, seat)
    if melds is not None:
        found["melds"] = melds
    natural = meld_hint(state, seat, jokers=False) if JOKER in state.hand(seat) else None
    if natural is not None:
        found["natural_melds"] = natural
    if state.opened[seat]:
        lay_offs = lay_off_hint(state, seat)
        if lay_offs:
            found["lay_offs"] = lay_offs
    return found


def meld_hint(state: RummyState, seat: int, jokers: bool = True) -> dict[str, Any] | None:
    """The `"melds"` hint (see `hints`) of the seat's hand, without its jokers when `jokers` is false (the
    `"natural_melds"` hint), or None when that hand holds no meld."""
    opened = state.opened[seat]
    limit = state.options["max_jokers_per_meld"]
    hand = state.hand(seat) if jokers else [c for c in state.hand(seat) if c != JOKER]
    _, chosen = best_melds(hand, limit, by_opening=not opened)
    if not chosen:
        return None
    groups = [list(c.entries) for c in chosen]
    values = [opening_value(read_new_meld(g, limit, seat)) for g in groups]
    total = sum(values)
    return {
        "groups": groups,
        "values": values,
        "total": total,
        "opens": opened or total >= state.options["opening_min"],
    }


def lay_off_hint(state: RummyState, seat: int) -> list[dict[str, Any]]:
    """The `"lay_offs"` hint (see `hints`): per table meld its longest natural lay-off of two or more cards."""
    hand = state.hand(seat)
    limit = state.options["max_jokers_per_meld"]
    found = []
    for index, meld in enumerate(state.melds):
        if meld.kind == RUN:
            below, above = _run_extension(meld, hand)
            tries = [below + above, below, above]
        else:
            tries = [_set_extension(meld, hand)]
        for cards in tries:
            if len(cards) >= 2 and lays_off(meld, cards, limit):
                found.append({"meld": index, "cards": cards})
                break
    return found


def _run_extension(meld: Meld, hand: list[str]) -> tuple[list[str], list[str]]:
    """The natural cards of `hand` that extend run `meld` without a gap: below its start, above its end."""
    left = Counter(hand)
    below: list[str] = []
    position = meld.start - 1
    while position >= 1 and left[card_at(position, meld.key)] > 0:
        left[card_at(position, meld.key)] -= 1
        below.insert(0, card_at(position, meld.key))
        position -= 1
    above: list[str] = []
    position = meld.end + 1
    while position <= 14 and left[card_at(position, meld.key)] > 0:
        left[card_at(position, meld.key)] -= 1
        above.append(card_at(position, meld.key))
        position += 1
    return below, above


def _set_extension(meld: Meld, hand: list[str]) -> list[str]:
    """The natural cards of `hand` of set `meld`'s rank in suits it lacks, up to four cards in the set."""
    have = {SUIT_OF[c] for c in meld.cells if c != JOKER}
    room = 4 - len(meld.cells)
    missing = [meld.key + s for s in SUITS if s not in have and meld.key + s in hand]
    return missing[:room]


def _opening_with_pile(state: RummyState, seat: int) -> list[list[str]] | None:
    """Under `only_if_used_in_opening`, for a seat not opened: an opening that holds the pile card, or None."""
    if state.opened[seat] or state.options["discard_before_opening"] != ONLY_IF_USED or not state.pile:
        return None
    top = state.pile[-1]
    total, chosen = best_melds(
        [*state.hand(seat), top], state.options["max_jokers_per_meld"], by_opening=True
    )
    if total < state.options["opening_min"] or not any(top in c.uses for c in chosen):
        return None
    return [list(c.entries) for c in chosen]


def offered(state: RummyState, seat: int) -> Offers:
    """The calls a page offers the current seat: both draws in the draw step; each card of its hand as a
    discard in the main step; the meld (its hinted melds), the lay-off and the joker swap as kinds while they
    are refused as a whole (before the draw, before the opening). Kloppers have only the listed knock."""
    if state.phase == DONE or seat != state.current:
        return {}
    hand = state.hand(seat)
    natural = next((c for c in hand if c != JOKER), None)
    kinds: Offers = {}
    if state.step == DRAW_STEP or not state.opened[seat]:
        kinds["lay_off"] = {ANY: LayOff(0, (hand[0],))}
        if natural is not None:
            kinds["swap_joker"] = {ANY: SwapJoker(0, natural)}
    if state.step == DRAW_STEP:
        draws = {STOCK: Draw(STOCK), PILE: Draw(PILE)} if state.pile else {STOCK: Draw(STOCK)}
        return merge(
            {"draw": dict(draws)},
            kinds,
            {"meld": {ANY: MeldAction(((hand[0],),))}, "discard": {ANY: Discard(hand[0])}},
        )
    melds = meld_hint(state, seat)
    if melds is not None:
        kinds["meld"] = {ANY: MeldAction(tuple(tuple(g) for g in melds["groups"]))}
    return merge({"discard": {c: Discard(c) for c in dict.fromkeys(hand)}}, kinds)
