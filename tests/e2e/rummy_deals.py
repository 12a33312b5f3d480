"""Fixed Rummy deals for the browser tests (docs/rules/rummy.md §4): the 110-card order that deals the hands
wanted, with the upcard and the top of the stock given, and "junk" hands that hold no meld and, with any one card
more, none worth an opening (so bots cannot open or lay off before the test wants them to)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from games.engines.rummy.cards import CANONICAL_PACK, RANKS, SUITS
from games.engines.rummy.dealing import deal_from_order, turn_order
from games.engines.rummy.meldsearch import best_melds


def order_for(
    hands: dict[int, list[str]],
    dealer: int,
    seats: int,
    upcard: str,
    stock_top: Sequence[str] = (),
    last: Sequence[str] = (),
    shuffle: int | None = None,
    active: Sequence[int] | None = None,
) -> list[str]:
    """The order dealing `hands` (seat -> 13 codes; every seat of the table) from `dealer`, `upcard` on the pile,
    the stock starting with `stock_top` and ending with `last` (the cards kept out of the bots' reach); the rest
    of the stock sorted, or shuffled by the seed `shuffle`, the jokers under it. `active`: the seats still in the
    match (all by default; `hands` names only them)."""
    active = list(range(seats)) if active is None else list(active)
    players = turn_order(dealer, active, seats)
    rest = Counter(CANONICAL_PACK)
    used = [c for s in players for c in hands[s]] + [upcard, *stock_top, *last]
    rest.subtract(used)
    assert all(n >= 0 for n in rest.values()), f"more copies than the pack holds: {+rest - rest}"
    middle = sorted(c for c in rest.elements() if c != "JK")
    if shuffle is not None:
        random.Random(shuffle).shuffle(middle)
    middle += ["JK"] * rest["JK"]  # the jokers last (deep in the stock)
    order = used[: 13 * len(players)] + [upcard, *stock_top, *middle, *last]
    deal = deal_from_order(order, dealer, seats, active)
    assert all(sorted(deal["hands"][s]) == sorted(hands[s]) for s in active)
    assert deal["discard"] == [upcard] and deal["stock"][: len(stock_top)] == list(stock_top)
    return order


def junk_hands(count: int, taken: Sequence[str], avoid: Sequence[str] = (), seed: int = 1) -> list[list[str]]:
    """`count` hands of 13 (one card of each rank) that hold no meld and, with any one natural card more, none worth
    an opening (the jokers lie deep in the stock), using no code of `avoid` and with `taken` no code more than
    twice: found by a seeded search, so the same every run."""
    rng = random.Random(seed)
    hands: list[list[str]] = []
    used = Counter(taken)
    naturals = [c for c in CANONICAL_PACK if c != "JK"]
    while len(hands) < count:
        hand = [rank + rng.choice(SUITS) for rank in RANKS]
        if any(c in avoid or used[c] >= 2 for c in hand) or not cannot_open(hand, naturals):
            continue
        hands.append(hand)
        used.update(hand)
    return hands


def cyclic_junk(offset: int) -> list[str]:
    """One card of each rank, the suits turning round by rank from `offset` (same-suit cards four ranks apart), the
    king one suit on (with the ace of its suit it would wait for the queen, Q K A): no meld, and none with any one
    natural card more (rules §5.2)."""
    hand = [rank + SUITS[(i + offset) % 4] for i, rank in enumerate(RANKS)]
    hand[-1] = "K" + SUITS[(offset + 1) % 4]
    return hand


def cannot_meld(hand: Sequence[str]) -> bool:
    """Whether `hand` holds no meld, also with any one natural card more."""
    return all(not best_melds([*hand, c], "majority")[1] for c in set(CANONICAL_PACK) - {"JK"})


def cannot_open(hand: Sequence[str], extra: Sequence[str] = CANONICAL_PACK) -> bool:
    """Whether `hand` holds no meld, and with any one card of `extra` added none worth 30 (rules §5.3.3)."""
    if best_melds(hand, "majority")[1]:
        return False
    return all(best_melds([*hand, c], "majority", by_opening=True)[0] < 30 for c in set(extra))


# The whole deal against three bots (tests/e2e/test_rummy_table.py): seat 0 is first (dealer 3). Turn 1: it takes
# the upcard 4S, opens with 10H JK QH (the joker is the jack: 30) and discards 9D; seat 1 opens with 10C JC QC;
# seats 2 and 3 hold junk. Turn 2: seat 0 draws from the stock, swaps JH for its own meld's joker, lays KC off onto
# seat 1's run, lays down 2S 3S 4S, 5D 5S 5C, 7D 8D JK and discards the last card (or goes out with the melds).
WHOLE_DEAL_DEALER = 3
WHOLE_DEAL_OPENING = ["10H", "QH", "JK"]
WHOLE_DEAL_DISCARD = "9D"
_TOUCHY = ["9H", "KH", "JH", "9C", "KC"]  # lay-offs onto the two opening runs, the swap of the joker


def whole_deal_order() -> list[str]:
    """The fixed order of the whole-deal test, 4 seats."""
    mine = ["10H", "QH", "JK", "JH", "2S", "3S", "5D", "5S", "5C", "7D", "8D", "KC", WHOLE_DEAL_DISCARD]
    seat1 = ["10C", "JC", "QC", "AS", "2H", "3D", "4C", "5S", "6H", "7D", "8C", "KD"]
    two, three, rest = junk_hands(3, [*mine, *seat1, "4S"], avoid=_TOUCHY)
    hands = {0: mine, 1: [*seat1, rest[0]], 2: two, 3: three}
    return order_for(hands, WHOLE_DEAL_DEALER, 4, "4S", last=["JH", "KC", "9C", "9H", "KH"])


# The keyboard deal (tests/e2e/keyboard_rummy.py): seat 0 deals, so the three bots play a turn first (the page then
# says "It is your turn."); seat 0 holds four melds, draws from the stock, lays the four down and discards what is
# left: out in one turn. The bots hold junk (99 penalty points each,
# at most the limit of 100 without the hand-jolly doubling, so a match of two deals goes on).
KEYBOARD_DEALER = 0
KEYBOARD_HAND = ["AS", "2S", "3S", "7H", "8H", "9H", "KC", "KD", "KS", "4D", "5D", "6D", "7D"]


def keyboard_deal_order() -> list[str]:
    """The fixed order of the keyboard deal, 4 seats."""
    one, two, three = junk_hands(3, [*KEYBOARD_HAND, "QC", "2C"], seed=2)
    return order_for({0: KEYBOARD_HAND, 1: one, 2: two, 3: three}, KEYBOARD_DEALER, 4, "QC", stock_top=["2C"])


# The kloppen table (tests/e2e/test_rummy_kloppen.py): three seats, alice (0), bob (1) and a bot (2), the bot
# dealing, so alice plays first. Every hand is junk that one card more never turns into a meld, so nobody goes out
# and the bot never wants to knock.
KLOPPEN_DEALER = 2


def kloppen_order() -> list[str]:
    """The fixed order of the kloppen table, 3 seats."""
    hands = {seat: cyclic_junk(seat) for seat in range(3)}
    assert all(cannot_meld(h) for h in hands.values())
    return order_for(hands, KLOPPEN_DEALER, 3, "9C", shuffle=5)


# The two-player table with limit 50 (tests/e2e/test_rummy_limit.py): the person (seat 0) deals, the bot (seat 1)
# plays first, lays its four melds down and goes out; the person keeps 41 penalty points each deal, so the second
# deal puts it above 50.
LIMIT_HAND = ["2S", "2H", "2D", "2C", "3S", "3H", "3D", "3C", "4S", "4H", "4D", "4C", "5S"]


def limit_order() -> list[str]:
    """The fixed order of each deal of the limit-50 table, 2 seats, seat 0 dealing."""
    return order_for({0: LIMIT_HAND, 1: KEYBOARD_HAND}, 0, 2, "QC", stock_top=["2C"])


def stakes_order(active: Sequence[int]) -> list[str]:
    """A deal of the three-seat stakes table (tests/e2e/test_rummy_stakes.py), seat 0 dealing: seat 1 (a bot) goes
    out in its first turn, the person (seat 0) keeps 41 penalty points, seat 2 (a bot) 99 while it is in."""
    hands = {0: LIMIT_HAND, 1: KEYBOARD_HAND, 2: cyclic_junk(1)}
    return order_for({s: hands[s] for s in active}, 0, 3, "QC", stock_top=["2C"], active=active)


# The joker table (tests/e2e/test_rummy_jokers.py): two seats, the person (seat 0) first (seat 1 deals). It holds
# KS KH KD and two jokers among cards that make no meld with one joker; it draws AC, which makes none either. So
# "Lay down" can open with KS KH KD alone (30), and each joker has only the drag left: onto that set, onto the pile.
JOKER_DEALER = 1
JOKER_HAND = ["KS", "KH", "KD", "JK", "JK", "2S", "6S", "4H", "9H", "3D", "7D", "5C", "10C"]
JOKER_STOCK_TOP = "AC"


def joker_order() -> list[str]:
    """The fixed order of the joker table, 2 seats."""
    (bot,) = junk_hands(1, [*JOKER_HAND, JOKER_STOCK_TOP, "QC"], seed=4)
    return order_for({0: JOKER_HAND, 1: bot}, JOKER_DEALER, 2, "QC", stock_top=[JOKER_STOCK_TOP])
