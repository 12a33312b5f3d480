"""Keyboard drivers for Jass (tests/e2e/keyboard_drivers.py DRIVERS): Schieber and Differenzler against three bots
on fixed deals, acted by keys alone: the arrows and Enter in the trump and Weis dialogs and the hand, digits and
Enter in the prediction box (docs/rules/jass.md §5)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from .driver import TIMEOUT, frame
from .jass_deals import open_jass_table, order_for

HAND = "#hand .card:not(:disabled)"
BUTTONS = "#dialog[open] .buttons button"

# The player deals nothing and leads (dealer 3): its team holds every low card, so in Unenufe it takes all nine
# tricks, a Match worth 257 × 4 = 1028, past the target of 1000 with the last trick's points (the match's end after
# one deal); in Spades (×1) it scores far less and a second deal follows. The player leads 8C first, which its
# partner takes: after the partner's lead the player's turn comes alone. Only the partner holds a Weis (20).
LEAD_HANDS = [
    ["6S", "7S", "8C", "6H", "7H", "9H", "6D", "7D", "9D"],
    ["AC", "AH", "AS", "JC", "JH", "KD", "QC", "QD", "QS"],
    ["8S", "9S", "10S", "8H", "10H", "8D", "10D", "6C", "7C"],
    ["10C", "9C", "AD", "JD", "JS", "KC", "KH", "KS", "QH"],
]
# A bot leads (the player deals, dealer 0): seat 1 holds eight Hearts and names them trump; the player's Buur (JH),
# the highest trump, takes the first trick, which the player completes, and the player leads the second, which a bot
# completes. Only the partner's Weis scores (§5.4), so neither team nears the target in the first deal.
BOT_LEAD_HANDS = [
    ["JH", "6S", "7S", "8C", "10C", "QC", "6D", "8D", "AC"],
    ["6H", "7H", "8H", "9H", "10H", "QH", "KH", "AH", "9S"],
    ["10S", "JS", "QS", "KS", "AS", "9D", "10D", "JD", "QD"],
    ["KD", "AD", "9C", "JC", "KC", "8S", "7D", "7C", "6C"],
]
# Differenzler: the dealer's last card is the trump card; the player (dealer 0 with `bot_leads`) holds the trump
# Under with it and plays it first.
DIFF_HANDS = [
    ["6S", "7S", "8S", "6H", "7H", "8H", "6C", "7C", "JD"],
    ["9S", "10S", "JS", "9H", "10H", "JH", "8C", "9C", "6D"],
    ["QS", "KS", "AS", "QH", "KH", "AH", "10C", "JC", "7D"],
    ["8D", "9D", "10D", "QD", "KD", "AD", "QC", "KC", "AC"],
]
PREFERRED = ("JH", "JD", "8C")  # the Buur of Hearts / Diamonds that takes trick 1; the lead the partner takes


def arrow_to_value(page: Page, items: str, key: str, value: str) -> None:
    from .keyboard_drivers import arrow_to

    arrow_to(page, items, key, value)


def moved(page: Page, version: int, what: str) -> None:
    from .keyboard_drivers import wait_moved

    wait_moved(page, version, what)


class JassKeyboard:
    """Either variant: trump chosen with the arrows and Enter (Unenufe for a one-deal match, Spades for two), the
    Weis dialog answered with Enter on "Declare", a prediction typed and sent with Enter, and each card reached with
    the arrows and played with Enter (PREFERRED first when legal). "Enough, thanks" is never called."""

    def __init__(self, variant: str) -> None:
        self.variant = variant
        self.mode = "S"

    def open(self, page: Page, base: str, match_end: str, bot_leads: bool = False) -> int:
        dealer = 0 if bot_leads else 3
        if self.variant == "differenzler":
            hands = [DIFF_HANDS[(s - dealer) % 4] for s in range(4)]  # the dealer holds the trump card last
            order = order_for(hands, dealer, "differenzler")
            return open_jass_table(
                page,
                base,
                "jass-differenzler",
                {"predictions": "secret"},
                {"order": order, "dealer": dealer, "bot_seed": "keys"},
            )
        self.mode = "unenufe" if match_end == "deals:1" else "S"
        hands = BOT_LEAD_HANDS if bot_leads else LEAD_HANDS
        return open_jass_table(
            page,
            base,
            "jass-schieber",
            {"target": "1000"},
            {"order": order_for(hands, dealer), "dealer": dealer, "bot_seed": "keys"},
        )

    def step(self, page: Page) -> bool:
        f: dict[str, Any] | None = frame(page)
        if not f or not f["view"] or f["read_only"] or f["table"]["you"] not in f["view"]["to_act"]:
            return False
        view, version = f["view"], f["version"]
        legal = f["legal"] or []
        if view["phase"] == "trump":
            page.wait_for_selector('#dialog[open][data-kind="trump"]', timeout=TIMEOUT)
            arrow_to_value(page, BUTTONS, "value", self.mode)
            page.keyboard.press("Enter")
        elif view["phase"] == "predict":
            # A secret prediction sent with a version a bot's prediction had just passed is sent again by the page
            # (resendsWhenStale) while its box stays answered: then the frame moves on without the box coming back.
            page.wait_for_function(
                """() => document.querySelector('#prediction-input')
                  || !window.kibitzShell.frame.view.to_act.includes(window.kibitzShell.frame.table.you)""",
                timeout=TIMEOUT,
            )
            if not page.locator("#prediction-input").count():
                return False
            page.wait_for_selector("#prediction-input", timeout=TIMEOUT)
            page.wait_for_function("document.activeElement?.id === 'prediction-input'", timeout=TIMEOUT)
            page.keyboard.type("40")
            page.keyboard.press("Enter")
        elif (
            view["phase"] == "play"
            and (f["hints"] or {}).get("weis")
            and page.locator("#dialog[open]").count()
        ):
            arrow_to_value(page, BUTTONS, "value", "declare")
            page.keyboard.press("Enter")
        elif view["phase"] == "play" and any("play" in a for a in legal):
            cards = [a["play"] for a in legal if "play" in a]
            card = next((c for c in PREFERRED if c in cards), cards[0])
            arrow_to_value(page, HAND, "card", card)
            page.keyboard.press("Enter")
        else:
            return False  # only "Enough, thanks" is open to this seat: declined
        moved(page, version, f"acting in phase {view['phase']}")
        return True
