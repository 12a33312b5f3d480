"""Heuristic Jass play shared by the `standard` bot and the expert's playouts (docs/rules/jass.md §5, §6).

Pure functions of what one seat knows: its hand, the trick so far, the mode. No state, no view parsing here
(that is `bots.py`); the expert's search calls `choose_card` for every seat of a sampled world.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import (
    MODES,
    OBENABE,
    POINTS,
    RANK_OF,
    RANKS,
    ROUND_CARD_POINTS,
    STRENGTH,
    SUIT_OF,
    SUITS,
    UNENUFE,
    winning_index,
)
from .weis import check_declaration

AVERAGE_TRICK_POINTS = ROUND_CARD_POINTS / 9
# A partner's card this strong is treated as a sure winner: the top plain card of any mode (A, or 6 in
# `unenufe`: both index 8 in `STRENGTH`) or any trump (100 and up).
SURE_WINNER_STRENGTH = 8
# Chance that a card takes a trick, by its rank in the trump suit and in a plain suit (a rough table used for
# the standard bot's Differenzler prediction).
_TRUMP_TAKES = {
    "J": 1.0,
    "9": 0.85,
    "A": 0.7,
    "K": 0.55,
    "Q": 0.45,
    "10": 0.35,
    "8": 0.3,
    "7": 0.25,
    "6": 0.2,
}
_PLAIN_TAKES = {
    "A": 0.75,
    "K": 0.35,
    "Q": 0.15,
    "J": 0.05,
    "10": 0.05,
    "9": 0.0,
    "8": 0.0,
    "7": 0.0,
    "6": 0.0,
}


def mode_strength(hand: Sequence[str], mode: str) -> float:
    """A hand-strength score for naming `mode` (higher is better; about 40 is a fair trump game).

    Trump suit: Buur, Nell, Ace and length count, plus side Aces. `obenabe` / `unenufe`: top cards and the
    cards behind them in each suit (A, then K behind A ...; in `unenufe` 6, then 7 behind 6 ...).
    """
    if mode in SUITS:
        weights = {"J": 12, "9": 9, "A": 6, "K": 4, "Q": 4, "10": 4, "8": 3, "7": 3, "6": 3}
        trumps = sum(weights[RANK_OF[c]] for c in hand if SUIT_OF[c] == mode)
        return float(trumps + sum(5 for c in hand if SUIT_OF[c] != mode and RANK_OF[c] == "A"))
    order = list(reversed(RANKS)) if mode == OBENABE else list(RANKS)
    score = 0.0
    for suit in SUITS:
        held = {RANK_OF[c] for c in hand if SUIT_OF[c] == suit}
        run = 0
        for rank in order:
            if rank not in held:
                break
            run += 1
        score += [0, 7, 12, 16, 19, 22, 24, 26, 28, 30][run]
        score += 0.5 * (len(held) - run) if run else 0.0
    return score


def best_mode(hand: Sequence[str]) -> tuple[str, float]:
    """The mode with the highest `mode_strength` and its score."""
    scores = {mode: mode_strength(hand, mode) for mode in MODES}
    mode = max(MODES, key=lambda m: scores[m])
    return mode, scores[mode]


def estimate_points(hand: Sequence[str], mode: str) -> int:
    """Expected card points a Differenzler hand takes, by a per-card chance of winning a trick (0–157)."""
    takes = sum((_TRUMP_TAKES if SUIT_OF[c] == mode else _PLAIN_TAKES)[RANK_OF[c]] for c in hand)
    return max(0, min(ROUND_CARD_POINTS, round(takes * AVERAGE_TRICK_POINTS)))


def best_declaration(hand: Sequence[str], mode: str) -> list[tuple[str, ...]] | None:
    """Every Weis in `hand` (its longest sequences and its scoring fours), or None when it holds none
    (docs/rules/jass.md §5.4). Declaring all is never worse: the team with the best single Weis scores them all."""
    groups: list[tuple[str, ...]] = []
    for suit in SUITS:
        run: list[str] = []
        for rank in RANKS + ("",):
            card = rank + suit
            if rank and card in hand:
                run.append(card)
                continue
            if len(run) >= 3:
                groups.append(tuple(run))
            run = []
    for rank in RANKS:
        four = tuple(rank + s for s in SUITS)
        if all(c in hand for c in four):
            groups.append(four)
    if not groups:
        return None
    checked = check_declaration(groups, mode)
    return [tuple(g) for g in checked] if checked else None


def _cheapest(cards: Sequence[str], mode: str) -> str:
    points, strength = POINTS[mode], STRENGTH[mode]
    return min(cards, key=lambda c: (SUIT_OF[c] == mode, points[c], strength[c], c))


def _richest(cards: Sequence[str], mode: str) -> str:
    points, strength = POINTS[mode], STRENGTH[mode]
    return max(cards, key=lambda c: (SUIT_OF[c] != mode, points[c], -strength[c], c))


def choose_card(
    legal: Sequence[str],
    trick: Sequence[str],
    mode: str,
    seat: int,
    leader: int,
    teams: bool,
    want_points: bool = True,
) -> str:
    """The heuristic card for `seat` among `legal` (non-empty).

    Schieber (`teams`): lead the Buur or a top plain card, else a cheap card; smear points on a partner who wins
    safely; win a valuable trick with the cheapest winning card; otherwise give the cheapest card. Differenzler
    (`teams` False): when the seat still `want_points`, win tricks cheaply; when it has enough, duck with the
    strongest card that does not win (shedding danger), else the cheapest.
    """
    if len(legal) == 1:
        return legal[0]
    strength, points = STRENGTH[mode], POINTS[mode]
    if not trick:
        if not want_points:
            return min(legal, key=lambda c: (strength[c] if SUIT_OF[c] != mode else 1000, points[c], c))
        if mode in SUITS and ("J" + mode) in legal:
            return "J" + mode
        top_rank = "6" if mode == UNENUFE else "A"
        tops = [c for c in legal if RANK_OF[c] == top_rank and SUIT_OF[c] != mode]
        if tops:
            return max(tops, key=lambda c: (points[c], c))
        return _cheapest(legal, mode)
    position = len(trick)
    winners = [c for c in legal if winning_index([*trick, c], mode) == position]
    losers = [c for c in legal if c not in winners]
    at_stake = sum(points[c] for c in trick)
    if teams:
        current = (leader + winning_index(trick, mode)) % 4
        if current == (seat + 2) % 4:
            best = trick[winning_index(trick, mode)]
            safe = position == 3 or strength[best] >= SURE_WINNER_STRENGTH
            return _richest(losers or legal, mode) if safe else _cheapest(losers or legal, mode)
        if winners and (position == 3 or at_stake >= 10 or any(SUIT_OF[c] != mode for c in winners)):
            return _cheapest(winners, mode)
        return _cheapest(losers or legal, mode)
    if want_points:
        if winners:
            return _cheapest(winners, mode) if position < 3 else _richest(winners, mode)
        return _cheapest(legal, mode)
    if losers:
        return max(losers, key=lambda c: (strength[c] if SUIT_OF[c] != mode else -1, points[c], c))
    return _cheapest(legal, mode)
