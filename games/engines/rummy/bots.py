"""Rummy bots at three levels; each sees only its seat's view (docs/rules/rummy.md; docs/design.md "Bots").

- beginner: legal and simple — draws from the stock, lays the melds the search finds, lays off, discards its
  highest-penalty card outside its melds.
- standard: sound heuristics — takes the pile card when it joins a meld or fits the table, knocks when the card
  completes melds, swaps jokers it can use at once, discards by the meld value it would lose, its partial melds
  and what it would feed to opened opponents.
- expert: the standard play plus playing for the hand-jolly (rules §5.6, §6): a ready opening is held back while
  it would not take the hand out at once and no opened opponent is close to going out, so the deal is won by
  opening and going out in one turn (every loser pays double when option `hand_jolly` is on) and the others get
  no lay-off targets meanwhile; and reading the others' discards and pile takes (decisions B-3): partial melds
  weighed by how many completing cards are still unseen, each of the best candidate discards tested against
  sampled hands of the next seat (bounded by `playouts`). Switches measured and left off (B-4): sampled discard
  rescoring, joker keeping and shedding.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.engines.core.protocol import Action, check_bot_level

from .actions import PILE, STOCK, Discard, Draw, Knock, LayOff, MeldAction, SwapJoker
from .botview import fits_table, table_melds, unseen_pool
from .cards import JOKER, RANK_OF, SUIT_OF, SUITS, card_at, penalty, positions_of, remove_cards
from .endgame import cards_left
from .melds import joker_lay_off_entries, swap_joker
from .meldsearch import best_melds
from .options import ONLY_IF_USED

EXPERT_PLAYOUTS = 12
ENDGAME_HAND = 10
HOLD_SAFE_HAND = 4  # expert: hold a ready opening only while every opened opponent holds more cards than this


def _melds_of(hand: Sequence[str], view: Mapping[str, Any], seat: int) -> tuple[int, list[tuple[str, ...]]]:
    """The melds the seat would lay now: penalty-best after opening; before, the opening-best if it reaches
    the minimum (else nothing)."""
    opts = view["options"]
    limit = opts["max_jokers_per_meld"]
    if view["opened"][seat]:
        value, melds = best_melds(hand, limit)
        return value, [m.entries for m in melds]
    value, melds = best_melds(hand, limit, by_opening=True)
    if value >= opts["opening_min"]:
        return sum(m.penalty_removed for m in melds), [m.entries for m in melds]
    return 0, []


def _links(card: str, hand: Sequence[str]) -> list[tuple[str, ...]]:
    """Partial melds `card` forms with another hand card: per partner, the codes that would complete it."""
    if card == JOKER:
        return []
    out = []
    rank, suit = RANK_OF[card], SUIT_OF[card]
    for other in set(hand):
        if other in (JOKER, card):
            continue
        if RANK_OF[other] == rank:
            out.append(tuple(rank + s for s in SUITS if s not in (suit, SUIT_OF[other])))
        elif SUIT_OF[other] == suit:
            for p in positions_of(card):
                for q in positions_of(other):
                    gap = abs(p - q)
                    if gap == 1:
                        lo, hi = min(p, q), max(p, q)
                        out.append(tuple(card_at(x, suit) for x in (lo - 1, hi + 1) if 1 <= x <= 14))
                    elif gap == 2:
                        out.append((card_at((p + q) // 2, suit),))
    return out


def _danger(view: Mapping[str, Any], seat: int) -> bool:
    """An opponent has opened and holds at most four cards: it may go out soon."""
    return any(
        view["opened"][s] and size is not None and size <= 4
        for s, size in enumerate(view["hand_sizes"])
        if s != seat
    )


def _drawable(view: Mapping[str, Any], seat: int) -> list[str]:
    """The unseen cards the seat may still draw, one entry per copy: pile cards an opponent took are most
    likely still in that opponent's hand, so they are left out."""
    pool = unseen_pool(view)
    for taker, card in view["pile_takes"]:
        if taker != seat and pool[card] > 0:
            pool[card] -= 1
    return list((+pool).elements())


@dataclass
class RummyBot:
    """One bot of `level`; `playouts` bounds the expert's sampled worlds per discard decision."""

    level: str
    playouts: int = EXPERT_PLAYOUTS
    endgame: bool = (
        False  # expert: discard by sampled progress towards going out once opened (measured worse)
    )
    futures: bool = False  # expert: discard by sampled draws before that
    keep_jokers: bool = False  # expert: lay off a joker only when the hand can then go out
    shed_jokers: bool = (
        False  # expert: lay off jokers at once, and swap a card it cannot place for a joker it can
    )
    hold: bool = True  # expert: hold a ready opening for a hand-jolly while that is safe (decisions B-5)
    read_table: bool = True  # expert: reads the discards and pile takes of the others (B-3)

    # --- the entry point ---------------------------------------------------------------------------------
    def choose(self, view: dict[str, Any], seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
        """An action for `seat` from its view and listed legal actions (see the module doc for each level)."""
        if view["current"] != seat:
            # A klopper's only action is the knock; drivers ask `wants_to_knock` before asking it to choose.
            return next(a for a in legal if isinstance(a, Knock))
        if view["step"] == "draw":
            return self._draw(view, seat, legal)
        return self._main(view, seat, legal, rng)

    def optional_call(
        self, view: dict[str, Any], seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Knock | None:
        """The knock of an eligible klopper that `wants_to_knock` (rules §5.8), else None (no knock)."""
        return Knock() if self.wants_to_knock(view, seat, legal) else None

    def wants_to_knock(self, view: dict[str, Any], seat: int, legal: Sequence[Action]) -> bool:
        """Whether this bot would knock now (the caller asks eligible kloppers before the current seat)."""
        return (
            self.level != "beginner"
            and any(isinstance(a, Knock) for a in legal)
            and self._pile_pays(view, seat, knock=True)
        )

    # --- draw step ---------------------------------------------------------------------------------------
    def _pile_pays(self, view: Mapping[str, Any], seat: int, knock: bool = False) -> bool:
        hand = view["hand"]
        top = view["discard"][-1] if view["discard"] else None
        if top is None:
            return False
        before, _ = _melds_of(hand, view, seat)
        after, melds = _melds_of(hand + [top], view, seat)
        used = any(top in m for m in melds)
        if knock:  # two unknown stock cards come with it: only worth it when the card completes real melds
            return used and after - before >= penalty(top) + 10
        if used and after > before:
            return True
        limit = view["options"]["max_jokers_per_meld"]
        return bool(view["opened"][seat]) and top != JOKER and fits_table(top, table_melds(view), limit)

    def _draw(self, view: Mapping[str, Any], seat: int, legal: Sequence[Action]) -> Action:
        opts = view["options"]
        top = view["discard"][-1] if view["discard"] else None
        if self.level != "beginner" and top is not None:
            if not view["opened"][seat] and opts["discard_before_opening"] == ONLY_IF_USED:
                _, melds = _melds_of(view["hand"] + [top], view, seat)
                if melds and any(top in m for m in melds):
                    return Draw(PILE, tuple(melds))
            elif Draw(PILE) in legal and self._pile_pays(view, seat):
                return Draw(PILE)
        return Draw(STOCK)

    # --- main step ---------------------------------------------------------------------------------------
    def _main(
        self, view: Mapping[str, Any], seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        hand: list[str] = view["hand"]
        _, melds = _melds_of(hand, view, seat)
        if melds and self.level == "expert" and self.hold and self._holds_opening(view, seat, hand):
            melds = []
        if melds:
            return MeldAction(tuple(melds))
        if view["opened"][seat]:
            if self.level != "beginner":
                swap = self._useful_swap(view, seat, legal)
                if swap is not None:
                    return swap
            expert = self.level == "expert"
            if expert and self.shed_jokers:
                swap = self._swap_to_shed(view, hand, legal)
                if swap is not None:
                    return swap
            lay = (
                self._expert_lay_off(view, hand, legal)
                if expert and self.keep_jokers
                else self._lay_off(hand, legal, eager_jokers=expert and self.shed_jokers)
            )
            if lay is not None:
                return lay
        discards = [a for a in legal if isinstance(a, Discard)]
        return self._discard(view, seat, discards, rng)

    def _holds_opening(self, view: Mapping[str, Any], seat: int, hand: Sequence[str]) -> bool:
        """Whether to hold back an opening the hand could make now (rules §5.6, §6: a winner who opens and goes out
        in the same turn makes every loser pay double when option `hand_jolly` is on; either way melds kept in
        hand give the others no lay-off targets and no jokers to swap). Held when the seat has not opened, opening
        now would still leave two or more cards after every meld and lay-off (with at most one it goes out at
        once), and every opened opponent holds more than `HOLD_SAFE_HAND` cards (none is about to go out while
        the whole hand is at stake). Measured in decisions B-5."""
        opts = view["options"]
        if view["opened"][seat]:
            return False
        sizes = view["hand_sizes"]
        if any(
            view["opened"][s] and size is not None and size <= HOLD_SAFE_HAND
            for s, size in enumerate(sizes)
            if s != seat
        ):
            return False
        return cards_left(hand, table_melds(view), opts["max_jokers_per_meld"]) >= 2

    def _useful_swap(self, view: Mapping[str, Any], seat: int, legal: Sequence[Action]) -> Action | None:
        hand = view["hand"]
        base, _ = _melds_of(hand, view, seat)
        for action in legal:
            if isinstance(action, SwapJoker):
                after = remove_cards(hand, [action.card]) + [JOKER]
                gain, melds = _melds_of(after, view, seat)
                if any(e.startswith(JOKER) for m in melds for e in m) and gain > base + penalty(action.card):
                    return action
        return None

    def _swap_to_shed(
        self, view: Mapping[str, Any], hand: Sequence[str], legal: Sequence[Action]
    ) -> Action | None:
        """A swap that gets rid of a card nothing else takes: the natural goes into the meld, and the joker it frees
        can be laid off on the table at once (the next call lays it off)."""
        placeable = {a.cards[0] for a in legal if isinstance(a, LayOff)}
        limit = view["options"]["max_jokers_per_meld"]
        for action in legal:
            if not isinstance(action, SwapJoker) or action.card in placeable:
                continue
            table = table_melds(view)
            table[action.meld] = swap_joker(table[action.meld], action.card)
            if any(joker_lay_off_entries(meld, limit) for meld in table):
                return action
        return None

    def _lay_off(
        self, hand: Sequence[str], legal: Sequence[Action], eager_jokers: bool = False
    ) -> Action | None:
        offs = [a for a in legal if isinstance(a, LayOff)]
        naturals = [a for a in offs if not a.cards[0].startswith(JOKER)]
        if naturals:
            return max(naturals, key=lambda a: penalty(a.cards[0]))
        # A joker on the table can be swapped out by others: lay it off only to get rid of a nearly empty hand.
        if offs and (self.level == "beginner" or eager_jokers or len(hand) <= 3):
            return offs[0]
        return None

    def _expert_lay_off(
        self, view: Mapping[str, Any], hand: Sequence[str], legal: Sequence[Action]
    ) -> Action | None:
        """Natural lay-offs always; a joker only when the hand can then go out this turn (a joker in hand is an
        out for almost every table meld next turn)."""
        offs = [a for a in legal if isinstance(a, LayOff)]
        naturals = [a for a in offs if not a.cards[0].startswith(JOKER)]
        if naturals:
            return max(naturals, key=lambda a: penalty(a.cards[0]))
        limit = view["options"]["max_jokers_per_meld"]
        if offs and (len(hand) <= 2 or cards_left(hand, table_melds(view), limit) <= 1):
            return offs[0]
        return None

    # --- discard -----------------------------------------------------------------------------------------
    def _discard(
        self, view: Mapping[str, Any], seat: int, discards: Sequence[Discard], rng: random.Random
    ) -> Action:
        hand: list[str] = view["hand"]
        if len(discards) == 1:
            return discards[0]
        limit = view["options"]["max_jokers_per_meld"]
        if self.level == "beginner":
            _, melds = best_melds(hand, limit)
            in_melds = Counter(c for m in melds for c in m.uses)
            free = [d for d in discards if d.card != JOKER and in_melds[d.card] < hand.count(d.card)]
            pool = free or [d for d in discards if d.card != JOKER] or list(discards)
            top = max(penalty(d.card) for d in pool)
            return rng.choice([d for d in pool if penalty(d.card) == top])
        base, _ = best_melds(hand, limit)
        unseen = unseen_pool(view) if self.level == "expert" and self.read_table else None
        table = table_melds(view)
        feeders = [s for s, opened in enumerate(view["opened"]) if opened and s != seat]
        scores: dict[str, float] = {}
        for d in discards:
            card = d.card
            if card == JOKER:
                scores[card] = -1000.0
                continue
            rest = remove_cards(hand, [card])
            loss = base - best_melds(rest, limit)[0]
            links = _links(card, rest)
            if unseen is None:
                keep = 6.0 * len(links)
            else:
                keep = sum(1.5 * min(4, sum(unseen[c] for c in outs)) for outs in links)
            feed = 15.0 if feeders and fits_table(card, table, limit) else 0.0
            scores[card] = penalty(card) - 2.0 * loss - keep - feed
        if self.level == "expert":
            if self.endgame and view["opened"][seat] and len(hand) <= ENDGAME_HAND:
                self._endgame(view, seat, scores, rng)
            elif self.futures:
                self._sample_draws(view, seat, scores, rng)
            tested = self._read_opponents(view, seat, scores, rng) if self.read_table else []
            if tested:  # choose among the discards tested against the next seat only
                scores = {c: scores[c] for c in tested}
        best = max(scores.values())
        return Discard(min((c for c, s in scores.items() if s == best), key=lambda c: -penalty(c)))

    def _endgame(
        self, view: Mapping[str, Any], seat: int, scores: dict[str, float], rng: random.Random
    ) -> None:
        """Rescore discards by sampled draws: the expected number of cards the rest of the hand still holds after
        the next draw, once it melds and lays off on the table all it can (fewer is closer to going out; the same
        samples for every candidate), then by the penalty kept in case another seat goes out first."""
        hand: list[str] = view["hand"]
        limit = view["options"]["max_jokers_per_meld"]
        flat = _drawable(view, seat)
        if not flat:
            return
        draws = [rng.choice(flat) for _ in range(max(1, self.playouts))]
        table = table_melds(view)
        for card in scores:
            if card == JOKER:
                continue
            rest = remove_cards(hand, [card])
            left = statistics.fmean(cards_left([*rest, x], table, limit) for x in draws)
            scores[card] = -10.0 * left + 0.5 * penalty(card)

    def _sample_draws(
        self, view: Mapping[str, Any], seat: int, scores: dict[str, float], rng: random.Random
    ) -> None:
        """Rescore the best few discards by sampled futures: for each, the expected meld value of the rest of the
        hand plus the next two cards drawn from the unseen pool (the same samples for every candidate), so the
        discard that leaves the least unmelded penalty wins. Dead cards (all copies seen) never come back."""
        hand: list[str] = view["hand"]
        limit = view["options"]["max_jokers_per_meld"]
        flat = _drawable(view, seat)
        if len(flat) < 2:
            return
        samples = [rng.sample(flat, 2) for _ in range(max(1, self.playouts))]
        ranked = sorted((c for c in scores if c != JOKER), key=lambda c: -scores[c])[:5]
        danger = _danger(view, seat)
        opened = view["opened"][seat]
        minimum = view["options"]["opening_min"]

        def value(cards: list[str]) -> float:
            removed = best_melds(cards, limit)[0]
            if opened or best_melds(cards, limit, by_opening=True)[0] >= minimum:
                return removed
            return 0.5 * removed  # melds that cannot be laid yet are worth less

        for card in ranked:
            rest = remove_cards(hand, [card])
            future = statistics.fmean(value(rest + draw) for draw in samples)
            scores[card] = (2.0 if danger else 1.0) * penalty(card) + future

    def _read_opponents(
        self, view: Mapping[str, Any], seat: int, scores: dict[str, float], rng: random.Random
    ) -> list[str]:
        """Lower the score of discards the next seat would likely take, over sampled hands consistent with the
        view: each opponent holds the pile cards it took (while unseen), the rest is drawn from the unseen pool."""
        sizes = view["hand_sizes"]
        n = len(sizes)
        nxt = next((seat + k) % n for k in range(1, n) if sizes[(seat + k) % n] is not None)
        pool = unseen_pool(view)
        known = [c for s, c in view["pile_takes"] if s == nxt and pool[c] > 0]
        candidates = sorted(scores, key=lambda c: -scores[c])[:4]
        if not candidates or sizes[nxt] is None:
            return []
        limit = view["options"]["max_jokers_per_meld"]
        opened = view["opened"][nxt]
        table = table_melds(view)
        hits = Counter[str]()
        flat = list(pool.elements())
        for _ in range(max(1, self.playouts)):
            kept = known[: sizes[nxt]]
            rest = Counter(flat)
            rest.subtract(kept)
            others = list((+rest).elements())
            rng.shuffle(others)
            sample = kept + others[: sizes[nxt] - len(kept)]
            base = best_melds(sample, limit, by_opening=not opened)[0]
            for card in candidates:
                gain = best_melds(sample + [card], limit, by_opening=not opened)[0] - base
                opens = not opened and base < view["options"]["opening_min"] <= base + gain
                if (opened and (gain > 0 or fits_table(card, table, limit))) or opens:
                    hits[card] += 1
        for card in candidates:
            scores[card] -= 30.0 * hits[card] / max(1, self.playouts)
        return candidates


def make_bot(level: str, playouts: int | None = None) -> RummyBot:
    """A bot of `level` (`beginner`, `standard`, `expert`); `playouts` overrides the expert's sample count.

    Raises:
        ValueError: unknown level.
    """
    check_bot_level(level)
    return RummyBot(level, EXPERT_PLAYOUTS if playouts is None else playouts)
