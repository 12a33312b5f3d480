"""Fixed Tarock deals for browser tests (docs/rules/tarock.md §4.2 dealing, run backwards), the lobby's New game
dialog for a Tarock table, and the engine's own auction replayed to check what the table's bots will call.

Seat 0 is the person in every deal. The deals:
- `PAGAT_RUFER` (dealer 3, so seat 0 is forehand): seat 0 holds T1, T14–T17, T19–T22 and 10S and opens a Rufer
  with the Pagat; T18 is called, seat 2 holds it with T4 only, so the partnership is public once T18 falls. Led
  from the top, the four high Tarocks exhaust every other seat's Tarocks by trick 8, the 10S loses trick 9 to
  seat 1's lone KS, and the Pagat, the last Tarock, wins trick 10.
- `TRULL_DEFENDER` (dealer 0: seat 1 is forehand and opens a Rufer): seat 0 holds the Trull and none of XX–XVI,
  so it is a defender under mandatory Kontra (§5.6).
- `PARTNER_PUBLIC` (dealer 3) for two people: seat 0 opens a Rufer calling T18, which seat 1 (the second person)
  holds with T4 only: seat 1 plays T4 under the T22 of trick 1 and must give the T18 under the T21 of trick 2,
  which makes the partnership public (§7); its lone KS then takes seat 0's 10S in trick 3.
- `FARBENSOLO` (dealer 3): seat 0 holds seven suit cards and opens a Farbensolo.
"""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Page

from games.engines.core import get_game
from tests.tarock.helpers import order_for as tarock_order

from .driver import create_fixed_table, new_game_dialog

GAME = get_game("tarock")

PAGAT_RUFER = {
    "dealer": 3,
    "hands": [
        ["T1", "T22", "T21", "T20", "T19", "T17", "T16", "T15", "T14", "10S"],
        ["KS", "T13", "T12", "T11", "T10", "T9", "QH", "KH", "AD", "JD"],
        ["T18", "T4", "10C", "JC", "NC", "QC", "KC", "AH", "JH", "NH"],
        ["JS", "NS", "QS", "T8", "T7", "T6", "T5", "ND", "QD", "KD"],
    ],
}
TRULL_DEFENDER = {
    "dealer": 0,
    "hands": [
        ["T1", "T21", "T22", "T5", "10S", "JS", "AH", "JH", "AD", "JD"],
        ["T20", "T19", "T18", "T15", "T14", "T12", "KS", "KH", "QH", "ND"],
        ["T17", "T13", "T11", "T9", "T7", "NS", "QS", "10C", "JC", "NH"],
        ["T16", "T10", "T8", "T6", "T4", "NC", "QC", "KC", "KD", "QD"],
    ],
}
PARTNER_PUBLIC = {
    "dealer": 3,
    "hands": [
        ["T22", "T21", "T20", "T19", "T17", "T16", "T15", "T14", "T13", "10S"],
        ["T18", "T4", "KS", "10C", "JC", "NC", "QC", "KC", "AH", "JH"],
        ["T1", "T12", "T11", "T10", "T9", "JS", "NS", "QH", "KH", "AD"],
        ["T8", "T7", "T6", "T5", "QS", "NH", "JD", "ND", "QD", "KD"],
    ],
}
FARBENSOLO = {
    "dealer": 3,
    "hands": [
        ["KS", "QS", "NS", "KC", "QC", "KH", "KD", "T22", "T21", "T20"],
        ["T19", "T18", "T17", "T4", "T5", "JS", "10S", "NC", "JH", "AH"],
        ["T16", "T15", "T14", "T6", "T7", "JC", "10C", "QH", "NH", "AD"],
        ["T1", "T13", "T12", "T11", "T10", "T9", "T8", "JD", "ND", "QD"],
    ],
}


def order_for(deal: dict[str, Any]) -> list[str]:
    """The deck order of `deal` ({"dealer", "hands"}) for the table's fixed next deal."""
    return tarock_order(deal["hands"], deal["dealer"])


def bot_auction(
    deal: dict[str, Any], human: dict[int, list[dict[str, Any]]], level: str = "standard"
) -> list[Any]:
    """The auction the table's bots and the people's calls give (people: seat -> their calls in order, each
    call a wire action or "legal:<kind>" for the first legal call of that kind). The standard bot's calls read
    only its view (no randomness), so this is what the live table will do. Returns the auction log."""
    state = GAME.new_round({}, {"hands": deal["hands"]}, deal["dealer"])
    queue = {seat: list(calls) for seat, calls in human.items()}
    bot = GAME.bot(level)
    while GAME.phase(state) == "auction":
        seat = min(GAME.to_act(state))
        if seat in queue:
            action = GAME.parse_action(queue[seat].pop(0))
        else:
            legal = GAME.legal_actions(state, seat)
            action = bot.choose(GAME.view(state, seat), seat, legal, random.Random(0))
        state = GAME.apply(state, seat, action)
    return GAME.view(state, None)["auction"]


def open_tarock_table(
    page: Page,
    base: str,
    deal: dict[str, Any],
    *,
    deals: int = 1,
    human_seats: int = 1,
    stake: str = "0",
    bot_level: str = "standard",
    bot_seed: str = "tarock-e2e",
) -> int:
    """Open a Tarock table from the lobby's New game dialog with its first deal fixed to `deal` (the test hook),
    `deals` played deals in the match; waits for the table page. Returns the table id."""
    fixed = {"order": order_for(deal), "dealer": deal["dealer"], "bot_seed": bot_seed}
    new_game_dialog(page, base, "tarock")
    page.fill("#id_tarock__deals", str(deals))
    return create_fixed_table(page, base, fixed, human_seats=human_seats, stake=stake, bot_level=bot_level)
