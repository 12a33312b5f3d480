"""Exact search for the best melds a hand can lay, for the bots (docs/rules/rummy.md §5.2).

Every candidate set and run the hand can form (jokers filling gaps within the joker limit) is listed, then a
memoised depth-first search over disjoint choices finds the combination with the highest total weight:
penalty points removed from the hand (after opening) or opening value (before). Runs carry designated jokers
(`"JK=5H"`), so `apply` never finds them ambiguous.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache

from .cards import JOKER, ORDER, RANKS, SUITS, card_at, penalty, position_value, rank_value
from .melds import MAJORITY


@dataclass(frozen=True, slots=True)
class Candidate:
    """One meld the hand could lay: its wire entries, the naturals it uses, its joker count and weights."""

    entries: tuple[str, ...]
    uses: tuple[str, ...]
    jokers: int
    penalty_removed: int
    opening_value: int


def _limit_ok(jokers: int, naturals: int, limit: str | int) -> bool:
    if limit == MAJORITY:
        return jokers <= naturals
    return jokers <= 1


def candidates(counts: dict[str, int], jokers: int, limit: str | int) -> list[Candidate]:
    """Every set and run formable from `counts` (natural code → copies) and `jokers` jokers."""
    out: list[Candidate] = []
    for suit in SUITS:
        have = [False] + [counts.get(card_at(p, suit), 0) > 0 for p in range(1, 15)]
        for start in range(1, 13):
            missing = 0
            for end in range(start, min(14, start + 12) + 1):
                if not have[end]:
                    missing += 1
                if missing > jokers:
                    break
                length = end - start + 1
                if (
                    length < 3
                    or (start == 1 and end == 14)
                    or not _limit_ok(missing, length - missing, limit)
                ):
                    continue
                span = range(start, end + 1)
                entries = tuple(card_at(p, suit) if have[p] else f"{JOKER}={card_at(p, suit)}" for p in span)
                uses = tuple(card_at(p, suit) for p in span if have[p])
                out.append(
                    Candidate(
                        entries,
                        uses,
                        missing,
                        sum(map(penalty, uses)) + 30 * missing,
                        sum(position_value(p) for p in span),
                    )
                )
    for rank in RANKS:
        held = [rank + s for s in SUITS if counts.get(rank + s, 0) > 0]
        for mask in range(1, 1 << len(held)):
            naturals = tuple(c for i, c in enumerate(held) if mask >> i & 1)
            for extra in range(jokers + 1):
                size = len(naturals) + extra
                if size < 3:
                    continue
                if size > 4 or not _limit_ok(extra, len(naturals), limit):
                    break
                out.append(
                    Candidate(
                        naturals + (JOKER,) * extra,
                        naturals,
                        extra,
                        sum(map(penalty, naturals)) + 30 * extra,
                        rank_value(rank) * size,
                    )
                )
    return out


def best_melds(
    hand: Iterable[str], limit: str | int, by_opening: bool = False, budget: int = 20000
) -> tuple[int, list[Candidate]]:
    """The disjoint melds of highest total weight that `hand` can lay (rules §5.2).

    Args:
        hand: codes (a multiset).
        limit: option `max_jokers_per_meld`.
        by_opening: weigh melds by opening value (before opening) instead of penalty removed.
        budget: most search nodes; past it the best combination found so far is returned.
    Returns:
        `(total weight, melds)`; `(0, [])` when no meld can be formed.
    """
    counts, jokers = _tally(hand)
    cands = candidates(counts, jokers, limit)
    if not cands:
        return 0, []
    weight: Callable[[Candidate], int] = (
        (lambda c: c.opening_value) if by_opening else (lambda c: c.penalty_removed)
    )
    by_card = _by_card(cands, weight)
    order = sorted(by_card, key=ORDER.__getitem__)
    search = _searcher(by_card, order, weight, budget)
    value, chosen = search(tuple(counts.get(c, 0) for c in order), jokers)
    return value, list(chosen)


def _tally(hand: Iterable[str]) -> tuple[dict[str, int], int]:
    """`(natural code → copies, joker count)` of `hand`, the naturals in first-seen order."""
    counts: dict[str, int] = {}
    jokers = 0
    for code in hand:
        if code == JOKER:
            jokers += 1
        else:
            counts[code] = counts.get(code, 0) + 1
    return counts, jokers


def _by_card(cands: list[Candidate], weight: Callable[[Candidate], int]) -> dict[str, list[Candidate]]:
    """Per natural code, the candidates that use it, heaviest first (ties in `cands` order)."""
    by_card: dict[str, list[Candidate]] = {}
    for cand in cands:
        for code in set(cand.uses):
            by_card.setdefault(code, []).append(cand)
    for lst in by_card.values():
        lst.sort(key=weight, reverse=True)
    return by_card


_Search = Callable[[tuple[int, ...], int], tuple[int, tuple[Candidate, ...]]]
"""A memoised search: (copies left per code of its order, jokers left) → (best total weight, its melds)."""


def _searcher(
    by_card: dict[str, list[Candidate]], order: list[str], weight: Callable[[Candidate], int], budget: int
) -> _Search:
    """The depth-first search of `best_melds` over the codes in `order`: the lowest code left is either left
    unmelded or used by one of its candidates (`by_card`, heaviest first); past `budget` nodes every call
    answers (0, ()), so the best combination found so far stands."""
    nodes = [0]

    @cache
    def search(key: tuple[int, ...], jokers_left: int) -> tuple[int, tuple[Candidate, ...]]:
        nodes[0] += 1
        left = dict(zip(order, key, strict=True))
        first = next((i for i, code in enumerate(order) if key[i] > 0), None)
        if first is None or nodes[0] > budget:
            return 0, ()
        code = order[first]
        skipped = list(key)
        skipped[first] = 0  # every copy of `code` left unmelded from here on
        best = search(tuple(skipped), jokers_left)
        for cand in by_card[code]:
            if cand.jokers > jokers_left or any(left.get(c, 0) < cand.uses.count(c) for c in set(cand.uses)):
                continue
            rest = dict(left)
            for c in cand.uses:
                rest[c] -= 1
            value, chosen = search(tuple(rest[c] for c in order), jokers_left - cand.jokers)
            value += weight(cand)
            if value > best[0]:
                best = (value, (cand, *chosen))
        return best

    return search
