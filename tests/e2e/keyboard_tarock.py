"""Tarock at the keyboard (tests/e2e/keyboard_drivers.py): the auction's calls are the question's buttons, reached
with the arrows and pressed with Enter; every card is played with the arrows and Enter. Without `bot_leads` the
player is forehand on the Pagat Rufer deal (tests/e2e/tarock_deals.py), with it a defender holding the Trull on a
deal whose forehand (seat 1) leads the first trick."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from games.engines.tarock.cards import STRENGTH

from .driver import TIMEOUT, frame
from .tarock_deals import PAGAT_RUFER, TRULL_DEFENDER, open_tarock_table

# the calls a player makes when the question offers them, in this order of preference
CALLS = ("contract:rufer", "pass:true", "kontra:game")


def choose_call(buttons: list[str]) -> str:
    """The button value to press in the auction's question."""
    return next((c for c in CALLS if c in buttons), buttons[0])


def choose_card(legal: list[str]) -> str:
    """The highest legal Tarock other than the Pagat (kept for the last trick), else the first legal card."""
    tarocks = [c for c in legal if c[0] == "T" and c != "T1"]
    return max(tarocks, key=lambda c: STRENGTH[c]) if tarocks else legal[0]


class TarockKeyboard:
    HAND = "#hand .card:not(:disabled)"
    BUTTONS = "#dialog[open] .buttons button"

    def open(self, page: Page, base: str, match_end: str, bot_leads: bool = False) -> int:
        deals = int(match_end.split(":")[1])
        return open_tarock_table(page, base, TRULL_DEFENDER if bot_leads else PAGAT_RUFER, deals=deals)

    def step(self, page: Page) -> bool:
        # imported here: keyboard_drivers imports this module
        from .keyboard_drivers import arrow_to, wait_moved

        f: dict[str, Any] | None = frame(page)
        if not f or not f["view"] or f["read_only"] or f["table"]["you"] not in f["view"]["to_act"]:
            return False
        view, version = f["view"], f["version"]
        if view["phase"] == "auction":
            page.wait_for_selector(self.BUTTONS, timeout=TIMEOUT)
            buttons = page.eval_on_selector_all(self.BUTTONS, "bs => bs.map(b => b.dataset.value)")
            arrow_to(page, self.BUTTONS, "value", choose_call(buttons))
            page.keyboard.press("Enter")
        elif view["phase"] == "play":
            card = choose_card([a["play"] for a in f["legal"] if "play" in a])
            arrow_to(page, self.HAND, "card", card)
            page.keyboard.press("Enter")
        else:
            return False
        wait_moved(page, version, f"acting in phase {view['phase']}")
        return True
