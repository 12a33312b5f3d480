"""Table melds: reading sets and runs with jokers, lay-offs, joker swaps and opening values.

Rules: docs/rules/rummy.md §5.2–§5.5.

A meld entry on the wire is a natural code, `"JK"` or `"JK=<natural>"` (a joker designated to stand for that
card). A `Meld` on the table keeps every joker's stand-in: a run stores one cell per position (the natural code
or `"JK"`, whose stand-in is the card of that position); a set stores its naturals and a joker count (set jokers
keep only the rank, rules §12 K-R1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.engines.core.errors import IllegalAction

from .cards import JOKER, RANK_OF, SUIT_OF, card_at, position_value, positions_of, rank_value, sort_canonical

RUN = "run"
SET = "set"
MAJORITY = "majority"


@dataclass(frozen=True, slots=True)
class Meld:
    """One meld on the table (rules §5.2, §5.5).

    Attributes:
        kind: `"run"` or `"set"`.
        key: the run's suit or the set's rank.
        start: a run's first position (1 … 14; 1 = ace low); 0 for a set.
        cells: run — one entry per position from `start` up, a natural code or `"JK"`;
            set — the naturals in canonical order, then one `"JK"` per joker.
        by: the seat that created the meld.
    """

    kind: str
    key: str
    start: int
    cells: tuple[str, ...]
    by: int

    @property
    def end(self) -> int:
        """A run's last position."""
        return self.start + len(self.cells) - 1

    @property
    def jokers(self) -> int:
        """Number of jokers in the meld."""
        return self.cells.count(JOKER)

    @property
    def naturals(self) -> int:
        """Number of natural cards in the meld."""
        return len(self.cells) - self.jokers

    def stand_in(self, index: int) -> str:
        """The natural card the cell at `index` represents (a set joker: its rank with suit `?`)."""
        if self.kind == RUN:
            return card_at(self.start + index, self.key)
        cell = self.cells[index]
        return self.key + "?" if cell == JOKER else cell

    def to_view(self) -> dict[str, Any]:
        """The public form of rules §5.5: runs with `JK=<card>` stand-ins, sets with bare jokers."""
        if self.kind == RUN:
            cards = [
                c if c != JOKER else f"JK={card_at(self.start + i, self.key)}"
                for i, c in enumerate(self.cells)
            ]
            return {"type": RUN, "cards": cards, "by": self.by}
        return {"type": SET, "rank": self.key, "cards": list(self.cells), "by": self.by}

    def to_json(self) -> list[Any]:
        """Compact storage form `[kind, key, start, cells, by]`."""
        return [self.kind, self.key, self.start, list(self.cells), self.by]

    @classmethod
    def from_json(cls, data: Sequence[Any]) -> Meld:
        """Inverse of `to_json`."""
        kind, key, start, cells, by = data
        return cls(kind, key, start, tuple(cells), by)


def entry_card(entry: str) -> str:
    """The hand card an entry uses: the natural itself, or `"JK"` for `"JK"` / `"JK=xx"`."""
    return JOKER if entry.startswith(JOKER) else entry


def entry_designation(entry: str) -> str | None:
    """The natural a designated joker stands for (`"JK=9H"` → `"9H"`), else None."""
    return entry[3:] if entry.startswith(JOKER + "=") else None


def check_joker_limit(jokers: int, naturals: int, limit: str | int) -> None:
    """Raise the joker-limit refusal of rules §5.2 for a meld of `jokers` and `naturals`.

    Raises:
        IllegalAction: `joker_majority` (option `majority`, jokers > naturals) or `too_many_jokers` (option 1).
    """
    if limit == MAJORITY and jokers > naturals:
        raise IllegalAction("joker_majority", "a meld may not hold more jokers than natural cards")
    if limit == 1 and jokers > 1:
        raise IllegalAction("too_many_jokers", "at most one joker per meld")


def _split(entries: Sequence[str]) -> tuple[list[str], list[str], int]:
    naturals = [e for e in entries if not e.startswith(JOKER)]
    designated = [d for e in entries if (d := entry_designation(e)) is not None]
    bare = sum(1 for e in entries if e == JOKER)
    return naturals, designated, bare


def _set_cells(
    rank: str, naturals: list[str], designated: list[str], jokers: int, size: int
) -> tuple[str, ...] | None:
    """The cells of a valid set of `rank`, or None (rules §5.2 "Set")."""
    if not 3 <= size <= 4:
        return None
    suits = [SUIT_OF[c] for c in naturals]
    if any(RANK_OF[c] != rank for c in naturals) or len(set(suits)) != len(suits):
        return None
    wished = [SUIT_OF[d] for d in designated]
    if any(RANK_OF[d] != rank for d in designated) or len(set(wished)) != len(wished):
        return None
    if set(wished) & set(suits):
        return None
    return tuple(sort_canonical(naturals)) + (JOKER,) * jokers


def _place(cells: list[str | None], low: int, codes: list[str], value_of: Any) -> bool:
    """Put each code at its run position inside `cells` (position `low` is index 0); False if impossible."""
    for code in codes:
        spots = [p for p in positions_of(code) if 0 <= p - low < len(cells) and cells[p - low] is None]
        if not spots:
            return False
        cells[spots[0] - low] = value_of(code)
    return True


def _reading(start: int, suit: str, cells: Sequence[str], new_indices: Sequence[int]) -> tuple[str, ...]:
    return tuple(sorted(card_at(start + i, suit) for i in new_indices if cells[i] == JOKER))


def _choose(layouts: list[tuple[int, tuple[str, ...], tuple[str, ...]]]) -> tuple[int, tuple[str, ...]]:
    """Rules §5.2 "Readings": none → invalid_meld; jokers read differently → joker_ambiguous; else lowest start."""
    if not layouts:
        raise IllegalAction("invalid_meld", "not a valid set or run")
    if len({reading for _, _, reading in layouts}) > 1:
        raise IllegalAction("joker_ambiguous", "say what the joker stands for (JK=<card>)")
    start, cells, _ = min(layouts)
    return start, cells


def read_new_meld(entries: Sequence[str], limit: str | int, by: int) -> Meld:
    """Read the entries of a new meld into a table meld (rules §5.2, checks of §5.4 in order).

    Args:
        entries: wire entries (natural codes, `"JK"`, `"JK=xx"`); hand membership is the caller's check.
        limit: option `max_jokers_per_meld` (`"majority"` or 1).
        by: the creating seat.
    Raises:
        IllegalAction: `invalid_meld` (size or no layout), `joker_majority` / `too_many_jokers`, `joker_ambiguous`.
    """
    size = len(entries)
    if not 3 <= size <= 13:
        raise IllegalAction("invalid_meld", "a meld has 3 to 13 cards")
    naturals, designated, _ = _split(entries)
    jokers = size - len(naturals)
    check_joker_limit(jokers, len(naturals), limit)
    if not naturals:
        raise IllegalAction("invalid_meld", "a meld needs natural cards")
    rank = RANK_OF[naturals[0]]
    set_cells = _set_cells(rank, naturals, designated, jokers, size)
    if set_cells is not None:
        return Meld(SET, rank, 0, set_cells, by)
    suit = SUIT_OF[naturals[0]]
    if any(SUIT_OF[c] != suit for c in naturals + designated):
        raise IllegalAction("invalid_meld", "not a valid set or run")
    layouts = []
    for start in range(1, 16 - size):
        cells: list[str | None] = [None] * size
        if not _place(cells, start, naturals, lambda c: c) or not _place(
            cells, start, designated, lambda c: JOKER
        ):
            continue
        done = tuple(JOKER if c is None else c for c in cells)
        layouts.append((start, done, _reading(start, suit, done, range(size))))
    start, cells_done = _choose(layouts)
    return Meld(RUN, suit, start, cells_done, by)


def lay_off(meld: Meld, entries: Sequence[str], limit: str | int) -> Meld:
    """Add entries to a table meld (rules §5.3.4; checks of §5.4 after `not_in_hand`).

    Existing cells keep their positions and stand-ins; in a run the new cards fill whole positions beyond
    either end or both.

    Raises:
        IllegalAction: `joker_majority` / `too_many_jokers` (on the result), `invalid_meld`, `joker_ambiguous`.
    """
    naturals, designated, _ = _split(entries)
    new_jokers = len(entries) - len(naturals)
    check_joker_limit(meld.jokers + new_jokers, meld.naturals + len(naturals), limit)
    if meld.kind == SET:
        old_naturals = [c for c in meld.cells if c != JOKER]
        set_cells = _set_cells(
            meld.key,
            old_naturals + naturals,
            designated,
            meld.jokers + new_jokers,
            len(meld.cells) + len(entries),
        )
        if set_cells is None:
            raise IllegalAction("invalid_meld", "the set would not stay valid")
        return Meld(SET, meld.key, 0, set_cells, meld.by)
    if any(SUIT_OF[c] != meld.key for c in naturals + designated):
        raise IllegalAction("invalid_meld", "a run holds one suit")
    count = len(entries)
    layouts = []
    for below in range(count + 1):
        low, high = meld.start - below, meld.end + count - below
        if low < 1 or high > 14 or (low == 1 and high == 14):
            continue
        cells: list[str | None] = [None] * below + list(meld.cells) + [None] * (count - below)
        if not _place(cells, low, naturals, lambda c: c) or not _place(
            cells, low, designated, lambda c: JOKER
        ):
            continue
        done = tuple(JOKER if c is None else c for c in cells)
        new_indices = [*range(below), *range(below + len(meld.cells), len(done))]
        layouts.append((low, done, _reading(low, meld.key, done, new_indices)))
    start, cells_done = _choose(layouts)
    return Meld(RUN, meld.key, start, cells_done, meld.by)


def lays_off(meld: Meld, entries: Sequence[str], limit: str | int) -> bool:
    """Whether `lay_off(meld, entries, limit)` accepts these entries (rules §5.3.4, §5.4); `limit`: option
    `max_jokers_per_meld`."""
    try:
        lay_off(meld, entries, limit)
    except IllegalAction:
        return False
    return True


def may_extend(meld: Meld, card: str) -> bool:
    """Cheap necessary condition for laying natural `card` off alone on `meld` (rules §5.3.4): a run's suit
    at a position next to either end (one new card fills one whole position outside the run), or a set's rank
    with fewer than four cards. `lay_off` decides exactly; this only skips hopeless calls."""
    if meld.kind == RUN:
        return SUIT_OF[card] == meld.key and any(
            p == meld.start - 1 or p == meld.end + 1 for p in positions_of(card)
        )
    return RANK_OF[card] == meld.key and len(meld.cells) < 4


def swap_joker(meld: Meld, card: str) -> Meld:
    """Put natural `card` in place of a joker of `meld` that stands for it (rules §5.3.5).

    Raises:
        IllegalAction: `swap_card_mismatch` when no joker of the meld stands for `card`.
    """
    if meld.kind == RUN:
        for i, cell in enumerate(meld.cells):
            if cell == JOKER and card_at(meld.start + i, meld.key) == card:
                return Meld(
                    RUN, meld.key, meld.start, meld.cells[:i] + (card,) + meld.cells[i + 1 :], meld.by
                )
    elif (
        meld.jokers
        and RANK_OF[card] == meld.key
        and all(SUIT_OF[c] != SUIT_OF[card] for c in meld.cells if c != JOKER)
    ):
        naturals = [c for c in meld.cells if c != JOKER] + [card]
        return Meld(SET, meld.key, 0, tuple(sort_canonical(naturals)) + (JOKER,) * (meld.jokers - 1), meld.by)
    raise IllegalAction("swap_card_mismatch", f"no joker of this meld stands for {card}")


def swaps_joker(meld: Meld, card: str) -> bool:
    """Whether `swap_joker(meld, card)` accepts natural `card` for a joker of `meld` (rules §5.3.5)."""
    try:
        swap_joker(meld, card)
    except IllegalAction:
        return False
    return True


def opening_value(meld: Meld) -> int:
    """Value of a meld for the opening minimum: the in-meld values of the cards it represents (rules §5.2)."""
    if meld.kind == SET:
        return rank_value(meld.key) * len(meld.cells)
    return sum(position_value(p) for p in range(meld.start, meld.end + 1))


def joker_lay_off_entries(meld: Meld, limit: str | int) -> list[str]:
    """The single-joker lay-off entries onto `meld` that `apply` accepts, as listed by `legal_actions`.

    Returns `["JK"]` when one reading exists, one `"JK=<card>"` per possible stand-in when several, [] when none
    (rules §5.1 "legal_actions").
    """
    try:
        lay_off(meld, [JOKER], limit)
        return [JOKER]
    except IllegalAction as error:
        if error.code != "joker_ambiguous":
            return []
    out = []
    for position in (meld.start - 1, meld.end + 1):
        if 1 <= position <= 14:
            entry = f"{JOKER}={card_at(position, meld.key)}"
            try:
                lay_off(meld, [entry], limit)
            except IllegalAction:
                continue
            out.append(entry)
    return out
