"""Shared helpers for the Rummy tests: seeded random deals played by a noisy bot policy, and invariant checks."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from games.engines.core import get_game
from games.engines.core.errors import IllegalAction
from games.engines.rummy.actions import Knock, LayOff, SwapJoker
from games.engines.rummy.cards import CANONICAL_PACK, JOKER
from games.engines.rummy.melds import read_new_meld
from games.engines.rummy.rules import RummyGame
from games.engines.rummy.state import RummyState

GAME: RummyGame = get_game("rummy")  # type: ignore[assignment]
PACK_CODES = frozenset(CANONICAL_PACK)
PACK: Counter[str] = Counter(CANONICAL_PACK)

OPTION_SETS = [
    {},
    {"kloppen": True},
    {"kloppen": True, "max_jokers_per_meld": 1, "opening_min": 40},
    {"discard_before_opening": "only_if_used_in_opening", "kloppen": True},
    {"discard_before_opening": "never", "hand_jolly": False},
]


def random_options(rng: random.Random, players: int) -> dict[str, Any]:
    """One of the option sets above for `players`."""
    return {"players": players, **rng.choice(OPTION_SETS)}


def noisy_move(
    state: RummyState,
    rng: random.Random,
    bots: list[Any],
    legal: list[Any] | None = None,
    view: dict[str, Any] | None = None,
) -> tuple[int, Any]:
    """A seat in `to_act` and its action: mostly a beginner/standard bot's choice, sometimes a random listed
    action (random knocks, lay-offs, swaps, discards) so rare paths are walked too. `legal` and `view` may pass
    the current seat's listed actions and view when the caller has them already."""
    acting = sorted(GAME.to_act(state))
    kloppers = [s for s in acting if s != state.current]
    if kloppers and rng.random() < 0.3:
        seat = rng.choice(kloppers)
        return seat, Knock()
    seat = state.current
    if legal is None:
        legal = GAME.legal_actions(state, seat)
    assert legal, "the current seat always has a listed action"
    odd = [a for a in legal if isinstance(a, (LayOff, SwapJoker))]
    if odd and rng.random() < 0.5:
        return seat, rng.choice(odd)
    if rng.random() < 0.1:
        return seat, rng.choice(legal)
    return seat, bots[seat].choose(GAME.view(state, seat) if view is None else view, seat, legal, rng)


def random_deals(
    count: int, players: int, seed: int | str
) -> Iterator[tuple[dict[str, Any], dict[str, Any], int, RummyState]]:
    """`count` seeded deals: `(options, deal, dealer, first state)`."""
    rng = random.Random(seed)
    for _i in range(count):
        options = random_options(rng, players)
        dealer = rng.randrange(players)
        deal = GAME.deal_cards(rng, dealer, options)
        yield options, deal, dealer, GAME.new_round(options, deal, dealer)


def check_accounting(state: RummyState) -> None:
    """All 110 cards are in exactly one place: hands, stock, pile or the table."""
    every: Counter[str] = Counter(state.stock)
    every.update(state.pile)
    for meld in state.melds:
        every.update(meld.cells)
    for hand in state.hands:
        if hand is not None:
            every.update(hand)
    assert every == PACK, f"cards gained {every - PACK}, lost {PACK - every}"


def check_melds(state: RummyState, checked: set[Any] | None = None) -> None:
    """Every table meld, read again from its public form, is a valid meld within the joker limit.

    `checked` (melds are immutable values) skips melds already verified earlier in the same deal.
    """
    limit = state.options["max_jokers_per_meld"]
    for meld in state.melds:
        if checked is not None:
            if meld in checked:
                continue
            checked.add(meld)
        shown = meld.to_view()["cards"]
        again = read_new_meld(shown, limit, meld.by)  # raises on an invalid meld
        # A run 2…K plus an ace may hold the ace high (grown by lay-offs) where a fresh reading puts it low.
        assert sorted(again.stand_in(i) for i in range(len(again.cells))) == sorted(
            meld.stand_in(i) for i in range(len(meld.cells))
        ), (meld, again)
        assert (again.kind, again.key, again.jokers) == (meld.kind, meld.key, meld.jokers), (meld, again)
        if limit == 1:
            assert meld.jokers <= 1
        else:
            assert meld.jokers <= meld.naturals


def check_payments(state: RummyState) -> None:
    """A finished deal's result payments equal the settlement, each at least 2 units (a void deal pays nothing);
    that payments are zero-sum is tests/engine/test_conformance.py's."""
    result = GAME.result(state)
    assert result is not None
    if result.get("void"):
        assert GAME.settlement(state) is None
        return
    assert [list(p) for p in GAME.settlement(state) or []] == result["payments"]
    assert all(units >= 2 for _, _, units in result["payments"])


def strings_and_lists(value: Any) -> tuple[list[str], list[list[Any]]]:
    """Every string and every list anywhere inside a JSON value (one iterative walk)."""
    strings: list[str] = []
    lists: list[list[Any]] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            strings.append(item)
        elif isinstance(item, list):
            lists.append(item)
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
    return strings, lists


def check_no_leak(
    state: RummyState, view_of: Callable[[RummyState, int | None], dict[str, Any]] = GAME.view
) -> dict[int | None, dict[str, Any]]:
    """No view (seat or spectator) shows another hand's cards or the stock's order (rules §7).

    Oracle built from `to_json` only: a code may appear in a view at most as often as it is legitimately visible
    to that viewer (own hand and own stock draws, the pile, the table, the public record of pile takes).
    Action lists (`legal`) repeat the own hand and are left out of the count but must use own cards only.
    No list of three or more codes other than the public ones (table melds, the pile, the own hand and draws)
    may equal the top of the stock. `view_of` is the view function under test (a planted leak in the tests).

    Returns:
        every view checked, by seat (None: the spectator), as read back from JSON text, without `legal`.
    """
    data = GAME.to_json(state)
    views: dict[int | None, dict[str, Any]] = {}
    if data["phase"] == "done":
        return views
    public: Counter[str] = Counter(data["pile"])
    for meld in data["melds"]:
        public.update(meld[3])
    public.update(code for _, code in data["pile_takes"])
    if data["taken"] is not None:
        public[data["taken"]] += 1
    for seat in [None, *range(len(data["hands"]))]:
        view = views[seat] = json.loads(json.dumps(view_of(state, seat)))
        own: Counter[str] = Counter()
        if seat is not None and data["hands"][seat] is not None:
            own.update(data["hands"][seat])
            if seat == data["current"]:
                own.update(data["drawn"])
        allowed = public + own
        legal = view.pop("legal")
        strings, lists = strings_and_lists(view)
        shown = Counter(JOKER if text.startswith(JOKER) else text for text in strings)
        over = {c: n for c, n in shown.items() if c in PACK_CODES and n > allowed[c]}
        assert not over, f"view of seat {seat} shows more than it may see: {over}"
        for text in strings_and_lists(legal or [])[0]:
            code = JOKER if text.startswith(JOKER) else text
            assert code not in PACK_CODES or own[code] > 0 or code == data["taken"], (seat, text)
        public_lists = [m["cards"] for m in view["melds"]] + [view["discard"], view["hand"], view["drawn"]]
        skip = {id(lst) for lst in public_lists if lst is not None}
        stock = data["stock"]
        for lst in lists:
            if len(lst) >= 3 and id(lst) not in skip:
                assert lst != stock[: len(lst)], f"view of seat {seat} shows the stock's order"
        if seat is None:
            assert view["hand"] is None and view["drawn"] is None
        sizes = view["hand_sizes"]
        assert sizes == [None if h is None else len(h) for h in data["hands"]]
        assert view["stock_size"] == len(data["stock"])
    return views


def rejects(state: RummyState, seat: int, action: Any) -> str | None:
    """The refusal code of `action`, or None when it is accepted."""
    try:
        GAME.apply(state, seat, action)
    except IllegalAction as error:
        return error.code
    return None
