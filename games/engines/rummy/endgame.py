"""Endgame reading for the bots: how many cards a hand cannot get rid of in one turn (docs/rules/rummy.md §5.3
"Going out").

Getting rid of cards = laying new melds (the exact meld search) and laying off single cards on the table melds,
repeated while anything fits; both orders (melds first, lay-offs first) are tried and the better one kept.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engines.core.errors import IllegalAction

from .cards import JOKER, remove_cards
from .melds import Meld, joker_lay_off_entries, lay_off, read_new_meld
from .meldsearch import best_melds


def _lay_off_all(cards: list[str], table: list[Meld], limit: str | int) -> list[str]:
    """Lay off single cards on `table` (changing it) while any fits; returns the cards left."""
    changed = True
    while changed and cards:
        changed = False
        for card in sorted(set(cards), key=lambda c: c == JOKER):
            for i, meld in enumerate(table):
                entries = joker_lay_off_entries(meld, limit)[:1] if card == JOKER else [card]
                if not entries:
                    continue
                try:
                    table[i] = lay_off(meld, entries, limit)
                except IllegalAction:
                    continue
                cards = remove_cards(cards, [card])
                changed = True
                break
            if changed:
                break
    return cards


def _meld_all(cards: list[str], table: list[Meld], limit: str | int) -> list[str]:
    _, melds = best_melds(cards, limit)
    for cand in melds:
        table.append(read_new_meld(cand.entries, limit, -1))
        cards = remove_cards(cards, [JOKER if e.startswith(JOKER) else e for e in cand.entries])
    return cards


def cards_left(cards: Sequence[str], table: Sequence[Meld], limit: str | int) -> int:
    """The fewest cards an opened seat holding `cards` keeps after melding and laying off all it can."""
    best = len(cards)
    for first_melds in (True, False):
        hand = list(cards)
        melds = list(table)
        if first_melds:
            hand = _lay_off_all(_meld_all(hand, melds, limit), melds, limit)
        else:
            hand = _lay_off_all(hand, melds, limit)
            hand = _lay_off_all(_meld_all(hand, melds, limit), melds, limit)
        best = min(best, len(hand))
    return best
