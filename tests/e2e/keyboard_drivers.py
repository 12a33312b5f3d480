"""Playing a game at the live table with the keyboard alone (docs/decisions-tables.md "Tests", keyboard and
axe): one driver per game that has a browser module, in DRIVERS by game key. A driver opens a table
against bots on a fixed deal (from the lobby, as a person does) and then acts only by key presses: the arrows
to a card or a dialog button, Space to pick, Enter to play or confirm. A game issue that adds a browser module
adds its driver here; `table_games()` lists the games the live-site tests run for."""

from __future__ import annotations

from typing import Any, Protocol

from playwright.sync_api import Page

from games.declarations import has_table_module
from games.engines.core import all_games

from .driver import TIMEOUT, frame, open_table
from .keyboard_jass import JassKeyboard
from .keyboard_tarock import TarockKeyboard
from .tarot_deals import legal_discard, passing_bot_seed, strong_hand_order

# what has the focus, for failure messages: a card's code, a button's value or an id
ACTIVE = (
    "(() => { const a = document.activeElement; return a && (a.dataset.card || a.dataset.value || a.id); })()"
)


def table_games() -> list[str]:
    """The keys of the shipped games that have a browser module (the tests' own game is not on the live site)."""
    return [
        key
        for key, game in all_games().items()
        if type(game).__module__.startswith("games.engines.") and has_table_module(game)
    ]


class KeyboardDriver(Protocol):
    """What the keyboard test asks of a game's driver."""

    def open(self, page: Page, base: str, match_end: str, bot_leads: bool = False) -> int:
        """Open a table of the game against bots on a fixed deal, `match_end` the option that ends the match
        after one or more deals ("deals:1" / "deals:2"), and wait for its page. With `bot_leads` a bot leads the
        first trick, so that among the first tricks the person completes one and a bot another. Returns the
        table id."""
        ...

    def step(self, page: Page) -> bool:
        """If the page's seat is to act, act once by keyboard and wait until the table moved; returns whether
        it acted."""
        ...


def focus_in(page: Page, items: str, value_of: str = "card") -> None:
    """Bring the focus into the group `items` (a CSS selector) with Tab when it is elsewhere."""
    for _ in range(60):
        if page.evaluate(f"!!document.activeElement?.matches({items!r})"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {items} (the focus is on {page.evaluate(ACTIVE)!r})")


def arrow_to(page: Page, items: str, key: str, value: str) -> None:
    """Move the focus with ArrowRight / ArrowLeft inside the group `items` to the element whose data-`key` is
    `value` (the shortest way round: the group wraps)."""
    focus_in(page, items)
    values = page.eval_on_selector_all(items, f"es => es.map(e => e.dataset.{key})")
    assert value in values, f"{value} is not among {values}"
    here = values.index(page.evaluate(f"document.activeElement.dataset.{key}"))
    there = values.index(value)
    right = (there - here) % len(values)
    steps, arrow = (
        (right, "ArrowRight") if right <= len(values) - right else (len(values) - right, "ArrowLeft")
    )
    for _ in range(steps):
        page.keyboard.press(arrow)
    active = page.evaluate(f"document.activeElement.dataset.{key}")
    assert active == value, f"the arrows reached {active}, not {value}"


def wait_moved(page: Page, version: int, what: str) -> None:
    try:
        page.wait_for_function(f"window.kibitzShell.version > {version}", timeout=TIMEOUT)
    except Exception as error:
        notice = page.inner_text("#notice") if page.is_visible("#notice") else ""
        raise AssertionError(f"no progress after {what} by keyboard (notice: {notice!r})") from error


class FrenchTarotKeyboard:
    """French Tarot: the player (seat 0, forehand) holds T4–T21 and bids garde, the three bots pass; the discard
    is six cards picked with Space and sent with Enter; every card is played with the arrows and Enter. With
    `bot_leads` seat 0 deals: seat 1 leads the first trick, the player completes it with a trump and wins it,
    then leads the next ones, which seat 3 completes."""

    HAND = "#hand .card:not(:disabled)"
    BUTTONS = "#dialog[open] .buttons button"

    def open(self, page: Page, base: str, match_end: str, bot_leads: bool = False) -> int:
        dealer = 0 if bot_leads else 3
        order, deal = strong_hand_order(dealer, strong_seat=0, spread=bot_leads)
        seed = passing_bot_seed(deal, dealer, {0: "garde"}, bots={1, 2, 3}, first_version=3)
        return open_table(
            page, base, {"order": order, "dealer": dealer, "bot_seed": seed}, match_end=match_end
        )

    def step(self, page: Page) -> bool:
        f: dict[str, Any] | None = frame(page)
        if not f or not f["view"] or f["read_only"] or f["table"]["you"] not in f["view"]["to_act"]:
            return False
        view, version = f["view"], f["version"]
        if view["phase"] in ("bidding", "slam"):
            page.wait_for_selector("#dialog[open]", timeout=TIMEOUT)
            if view["phase"] == "bidding":
                wanted = "garde" if any(a.get("bid") == "garde" for a in f["legal"]) else "pass"
            else:
                wanted = "false"
            arrow_to(page, self.BUTTONS, "value", wanted)
            page.keyboard.press("Enter")
        elif view["phase"] == "discard":
            for card in legal_discard(view["hand"]):
                arrow_to(page, self.HAND, "card", card)
                page.keyboard.press("Space")
            page.keyboard.press("Enter")
        elif view["phase"] == "play":
            card = next(a["play"] for a in f["legal"] if "play" in a)
            arrow_to(page, self.HAND, "card", card)
            page.keyboard.press("Enter")
        else:
            return False
        wait_moved(page, version, f"acting in phase {view['phase']}")
        return True


def _drivers() -> dict[str, KeyboardDriver]:
    from .keyboard_rummy import RummyKeyboard  # it uses this module's helpers

    return {
        "french-tarot": FrenchTarotKeyboard(),
        "tarock": TarockKeyboard(),
        "jass-schieber": JassKeyboard("schieber"),
        "jass-differenzler": JassKeyboard("differenzler"),
        "rummy": RummyKeyboard(),
    }


DRIVERS: dict[str, KeyboardDriver] = _drivers()


def trick_games() -> list[str]:
    """The table games whose deals are played in tricks (the trick tests of the table feel run for them)."""
    return [game for game in table_games() if getattr(driver_for(game), "tricks", True)]


def driver_for(game: str) -> KeyboardDriver:
    """The keyboard driver of `game`; fails, naming the file to extend, for a game with a browser module and no
    driver yet."""
    if game not in DRIVERS:
        raise AssertionError(
            f"{game} has a browser module but no keyboard driver: add one to tests/e2e/keyboard_drivers.py DRIVERS"
        )
    return DRIVERS[game]


CONTROLS = (
    "a[href], button:not(:disabled), input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea, "
    "[tabindex]:not([tabindex='-1'])"
)


def tab_problems(page: Page, limit: int = 120) -> list[str]:
    """Press Tab round the whole page once: every visible control must be reached (the hand's cards as one stop,
    the roving card; the others by the arrows) and show a visible focus (an outline or a ring). Returns one line
    per control missed or focused without a visible mark ([] when all is well)."""
    page.evaluate(
        "document.querySelectorAll('[data-tab-seen]').forEach(e => e.removeAttribute('data-tab-seen'))"
    )
    problems: list[str] = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        seen = page.evaluate(
            """() => {
              const a = document.activeElement;
              if (!a || a === document.body) return {again: false, name: null};
              const again = a.hasAttribute('data-tab-seen');
              a.setAttribute('data-tab-seen', '1');
              const s = getComputedStyle(a);
              const marked = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
              return {again, marked, name: a.id || a.dataset.card || a.textContent.trim().slice(0, 30) || a.tagName};
            }"""
        )
        if seen["again"]:
            break
        if seen["name"] is not None and not seen["marked"]:
            problems.append(f"no visible focus on {seen['name']!r}")
    missed = page.evaluate(
        """(controls) => [...document.querySelectorAll(controls)]
          .filter(e => e.checkVisibility() && !e.hasAttribute('data-tab-seen') && !e.closest('#hand'))
          .map(e => e.id || e.textContent.trim().slice(0, 30) || e.outerHTML.slice(0, 60))""",
        CONTROLS,
    )
    problems += [f"Tab never reaches {name!r}" for name in missed]
    if (
        page.locator("#hand .card:not(:disabled)").count()
        and not page.locator("#hand [data-tab-seen]").count()
    ):
        problems.append("Tab never reaches the hand")
    return problems
