"""Rummy with the keyboard alone (tests/e2e/keyboard_drivers.py; docs/decisions-rummy.md "Keys"): Tab to the stock
and Enter draws; in the hand, Enter with nothing picked lays the hinted melds down, Space picks a card and Enter
with one picked discards it."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from .driver import TIMEOUT, frame
from .keyboard_drivers import arrow_to, focus_in, wait_moved
from .rummy_deals import KEYBOARD_DEALER, keyboard_deal_order
from .rummy_table import open_rummy_table


class RummyKeyboard:
    """Rummy: the player (seat 0, the dealer: it plays after the three bots) holds four melds, draws, lays them
    down and discards its last card."""

    HAND = "#hand .card:not(:disabled)"
    tricks = False  # no trick is won: the trick tests of the table feel do not apply

    def open(self, page: Page, base: str, match_end: str, bot_leads: bool = False) -> int:
        limit = 100 if match_end == "deals:2" else 1  # a quick game (limit 1) is one deal
        table = open_rummy_table(
            page, base, keyboard_deal_order(), KEYBOARD_DEALER, limit=limit, hand_jolly=False
        )
        return table

    def step(self, page: Page) -> bool:
        f: dict[str, Any] | None = frame(page)
        if not f or not f["view"] or f["read_only"] or f["table"]["you"] != f["view"]["current"]:
            return False
        view, version = f["view"], f["version"]
        if view["phase"] != "play":
            return False
        if view["step"] == "draw":
            focus_in(page, "#rummy-stock")
            page.keyboard.press("Enter")
        elif len(view["hand"]) > 1 and (f["hints"] or {}).get("melds", {}).get("opens"):
            focus_in(page, self.HAND)
            page.keyboard.press("Enter")  # nothing picked: the hinted melds
        else:
            card = next(a["discard"] for a in f["legal"] if "discard" in a)
            arrow_to(page, self.HAND, "card", card)
            page.keyboard.press("Space")
            page.wait_for_selector(f'#hand .card.selected[data-card="{card}"]', timeout=TIMEOUT)
            page.keyboard.press("Enter")
        wait_moved(page, version, f"acting at the {view['step']} step")
        return True
