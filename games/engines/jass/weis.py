"""Weis declarations (docs/rules/jass.md §5.4): checking a declaration, its values, and which single Weis is best.

A declaration is a list of groups; each group is a sequence (3–9 consecutive cards of one suit in the natural
order 6 … A) or a four of a kind (rank 9, 10, J, Q, K, A; also 6 in `unenufe`).
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import NATURAL_INDEX, RANK_OF, RANKS, SUIT_OF, SUITS, UNENUFE, sort_canonical

SEQUENCE_POINTS: dict[int, int] = {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300}
FOUR_POINTS: dict[str, int] = {"10": 100, "Q": 100, "K": 100, "A": 100, "9": 150, "J": 200}

Group = tuple[str, ...]


def four_of_a_kind_points(rank: str, mode: str) -> int | None:
    """Points of four cards of `rank` in `mode`, or None when that four does not score (docs/rules/jass.md §5.4)."""
    if rank == "6":
        return 100 if mode == UNENUFE else None
    return FOUR_POINTS.get(rank)


def group_kind(group: Sequence[str], mode: str) -> str | None:
    """`"sequence"`, `"four"` or None (not a Weis) for one group of distinct cards (docs/rules/jass.md §5.4)."""
    if len(set(group)) != len(group):
        return None
    ranks = {RANK_OF[c] for c in group}
    if len(group) == 4 and len(ranks) == 1 and four_of_a_kind_points(next(iter(ranks)), mode) is not None:
        return "four"
    if 3 <= len(group) <= 9 and len({SUIT_OF[c] for c in group}) == 1:
        steps = sorted(NATURAL_INDEX[RANK_OF[c]] for c in group)
        if steps == list(range(steps[0], steps[0] + len(steps))):
            return "sequence"
    return None


def group_points(group: Sequence[str], mode: str) -> int:
    """Points of a valid group (docs/rules/jass.md §5.4 table). The group must have passed `group_kind`."""
    if group_kind(group, mode) == "four":
        points = four_of_a_kind_points(RANK_OF[group[0]], mode)
        assert points is not None
        return points
    return SEQUENCE_POINTS[len(group)]


def check_declaration(groups: Sequence[Sequence[str]], mode: str) -> list[Group] | None:
    """Return the groups in canonical card order if the declaration is valid, else None (→ `weis_invalid`).

    Valid: at least one group; every group a Weis; no group repeated; no card in two sequences (a card may be
    in one sequence and one four of a kind). Cards held is checked by the caller (`not_in_hand`).
    """
    if not groups:
        return None
    normalized: list[Group] = []
    in_sequences: set[str] = set()
    in_fours: set[str] = set()
    for group in groups:
        kind = group_kind(group, mode)
        if kind is None:
            return None
        cards = tuple(sort_canonical(group))
        if cards in normalized:
            return None
        used = in_sequences if kind == "sequence" else in_fours
        if used.intersection(cards):
            return None
        used.update(cards)
        normalized.append(cards)
    return normalized


def weis_key(group: Sequence[str], mode: str, trump_suit: str | None) -> tuple[int, int, int, int]:
    """Sort key of a single Weis; a greater key is a better Weis, before the play-order tie-break.

    Compares (docs/rules/jass.md §5.4 "Best Weis"): points; four of a kind over sequence; the top card (a four's rank,
    a sequence's highest card; in `unenufe` the order reverses, 6 strongest, so a sequence's lowest card counts);
    a sequence in the trump suit over one in another suit.
    """
    kind = group_kind(group, mode)
    indices = [NATURAL_INDEX[RANK_OF[c]] for c in group]
    top = len(RANKS) - 1 - min(indices) if mode == UNENUFE else max(indices)
    in_trump = kind == "sequence" and trump_suit is not None and SUIT_OF[group[0]] == trump_suit
    return (group_points(group, mode), 1 if kind == "four" else 0, top, 1 if in_trump else 0)


def best_weis_seat(
    declarations: Sequence[Sequence[Sequence[str]] | None], forehand: int, mode: str
) -> int | None:
    """The seat holding the single best Weis, or None when nobody declared (docs/rules/jass.md §5.4).

    Args:
        declarations: per seat 0–3, its normalised groups or None.
        forehand: ties after every other criterion go to the seat earlier in play order from the forehand.
    """
    trump_suit = mode if mode in SUITS else None
    best: tuple[tuple[int, int, int, int], int] | None = None
    best_seat: int | None = None
    for offset in range(4):
        seat = (forehand + offset) % 4
        groups = declarations[seat]
        if not groups:
            continue
        key = max(weis_key(g, mode, trump_suit) for g in groups)
        ranked = (key, -offset)
        if best is None or ranked > best:
            best, best_seat = ranked, seat
    return best_seat
