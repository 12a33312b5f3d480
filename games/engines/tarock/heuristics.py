"""Hand-strength bidding and trick-play heuristics shared by the standard bot and the expert's playouts.

Everything reads a `Situation` (what the seat knows) and returns one of the legal actions it was given.
Rules references: docs/rules/tarock.md §5.4–§5.8 (what is legal), §6.2 (what is worth playing for).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.engines.core import SimpleAction

from .actions import PASS, Bid, TarockAction
from .cards import MOND, PAGAT, POINTS, SKUS, STRENGTH, SUIT_OF, is_tarock, trick_winner_index
from .situation import Situation
from .state import DECL


def tarocks_in(hand: Sequence[str]) -> list[str]:
    """The tarocks of a hand."""
    return [c for c in hand if is_tarock(c)]


def tarock_strength(hand: Sequence[str]) -> float:
    """A rough trick-taking strength with tarocks as trumps: count, high tarocks and the Trull cards weigh extra."""
    tarocks = tarocks_in(hand)
    high = sum(1 for c in tarocks if STRENGTH[c] >= 17)
    trull = sum(1 for c in tarocks if c in (SKUS, MOND))
    kings = sum(1 for c in hand if c[0] == "K")
    return len(tarocks) + 0.5 * high + 0.75 * trull + 0.5 * kings


def colour_strength(hand: Sequence[str]) -> tuple[int, int]:
    """`(suit cards, kings and queens)` for judging a Farbensolo, where tarocks never win a suit lead."""
    suits = [c for c in hand if not is_tarock(c)]
    return len(suits), sum(1 for c in suits if c[0] in "KQ")


def _pick(legal: Sequence[TarockAction], wanted: TarockAction) -> TarockAction | None:
    wire = wanted.to_wire()
    return next((a for a in legal if a.to_wire() == wire), None)


def choose_call(sit: Situation, legal: Sequence[TarockAction], boldness: float = 0.0) -> TarockAction:
    """A sound auction call from hand strength (§5.4–§5.7); `boldness` shifts every threshold down.

    Returns:
        one of `legal` (which must be non-empty).
    """
    hand = sit.hand
    strength = tarock_strength(hand) + boldness
    n_suits, high_suits = colour_strength(hand)
    wants: list[TarockAction] = (
        [SimpleAction("kontra", "game")]
        if (sit.side != DECL and sit.contract == "rufer" and {PAGAT, MOND, SKUS} <= set(hand))
        else []
    )
    if strength >= 11.5:
        wants.append(Bid("solo"))
    if n_suits >= 7 and high_suits >= 5:
        wants.append(Bid("farbensolo"))
    wants.append(Bid("rufer"))
    if sit.contract is not None:
        _, game_level = sit.items.get("game", (DECL, 0))
        if sit.side != DECL and game_level == 0 and strength >= (6.5 if sit.contract != "rufer" else 8.5):
            wants.append(SimpleAction("kontra", "game"))
        if sit.side == DECL and game_level == 1 and strength >= 10.0:
            wants.append(SimpleAction("kontra", "game"))
        if _pagat_hand(hand):
            wants.append(SimpleAction("announce", "pagat"))
        if strength >= 13.5:
            wants.append(SimpleAction("announce", "absolut"))
    wants.append(PASS)
    for want in wants:
        chosen = _pick(legal, want)
        if chosen is not None:
            return _bundle(sit, chosen, strength) if isinstance(chosen, Bid) else chosen
    return legal[0]


def _bundle(sit: Situation, bid: Bid, strength: float) -> Bid:
    """The bid with the announcements its bidder would make anyway (K-T1): they are always accepted here,
    since a bid wipes earlier items and makes the bidder a declarer (§5.4)."""
    announce: list[str] = []
    if strength >= 13.5 and (bid.contract == "rufer" or sit.options.get("absolut_in_solo", True)):
        announce.append("absolut")
    if bid.contract != "farbensolo" and _pagat_hand(sit.hand):
        announce.append("pagat")
    return Bid(bid.contract, tuple(announce))


def _pagat_hand(hand: Sequence[str]) -> bool:
    tarocks = tarocks_in(hand)
    return PAGAT in hand and len(tarocks) >= 8 and sum(1 for c in tarocks if STRENGTH[c] >= 19) >= 2


def _winner_seat(contract: str, trick: Sequence[tuple[int, str]]) -> int:
    return trick[trick_winner_index(contract, [c for _, c in trick])][0]


def _keep_value(card: str) -> float:
    """How much a card is worth keeping: tarocks by number (the Trull most), suit cards by points."""
    if is_tarock(card):
        return 10 + STRENGTH[card] + (30 if card in (PAGAT, MOND, SKUS) else 0)
    return POINTS[card]


def choose_card(sit: Situation, legal: Sequence[str], rng: random.Random) -> str:
    """A trick-play heuristic (§5.8): win cheaply when an opponent leads the trick, smear points on a
    teammate's safe trick, keep the Pagat and the Mond out of danger, lead kings early and short suits.

    Returns:
        one of `legal` (non-empty).
    """
    cards = list(legal)
    if len(cards) == 1:
        return cards[0]
    contract = sit.contract or "rufer"
    last_trick = sit.tricks_done == 9
    if not last_trick:
        safer = [c for c in cards if c != PAGAT or _pagat_wins(sit, c)]
        cards = safer or cards
        if MOND in cards and SKUS not in sit.seen and SKUS not in sit.hand and len(cards) > 1:
            cards = [c for c in cards if c != MOND]
    if not sit.trick:
        return _lead(sit, cards)
    winner = _winner_seat(contract, sit.trick)
    teammate_winning = winner in sit.teammates
    last_to_play = len(sit.trick) == 3
    winning = [c for c in cards if _winner_seat(contract, [*sit.trick, (sit.seat, c)]) == sit.seat]
    if teammate_winning and (last_to_play or _strong(sit.trick, winner, contract)):
        return max(
            cards,
            key=lambda c: (
                POINTS[c] if not is_tarock(c) or c not in (PAGAT, MOND, SKUS) else -1,
                -_keep_value(c),
            ),
        )
    if winning:
        if last_to_play:
            return min(winning, key=_keep_value)
        return max(winning, key=_keep_value)
    return min(cards, key=lambda c: (POINTS[c], _keep_value(c)))


def _pagat_wins(sit: Situation, card: str) -> bool:
    """True when T1 played now would win a Trull trick."""
    others = {c for _, c in sit.trick}
    return card == PAGAT and {MOND, SKUS} <= others


def _strong(trick: Sequence[tuple[int, str]], winner: int, contract: str) -> bool:
    card = next(c for s, c in trick if s == winner)
    return (is_tarock(card) and STRENGTH[card] >= 19) or (
        not is_tarock(card) and card[0] == "K" and len(trick) >= 2
    )


def _lead(sit: Situation, cards: list[str]) -> str:
    kings = [c for c in cards if not is_tarock(c) and c[0] == "K"]
    if kings and sit.tricks_done < 5:
        return kings[0]
    tarocks = [c for c in cards if is_tarock(c) and c not in (PAGAT, MOND)]
    if sit.side == DECL and len(tarocks_in(sit.hand)) >= 5 and tarocks:
        return (
            max(tarocks, key=STRENGTH.__getitem__)
            if SKUS in tarocks
            else min(tarocks, key=STRENGTH.__getitem__)
        )
    suits = [c for c in cards if not is_tarock(c)]
    if suits:
        length = {s: sum(1 for c in sit.hand if SUIT_OF[c] == s) for s in "SCHD"}
        return min(suits, key=lambda c: (length[SUIT_OF[c]], POINTS[c]))
    return min(cards, key=_keep_value)
