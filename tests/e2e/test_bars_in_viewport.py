"""Every action bar and dialog of the table page inside the window, for every game and every phase a deal goes through,
at 1280 x 800 and 390 x 844 (docs/decisions-tables.md "The look": French Tarot's Discard bar and Rummy's "Leave
game" fell below a 1280 x 800 screen; static/css/tables.css "The bars under the hand"). One deal of each game
against bots on the keyboard drivers' fixed deals (tests/e2e/keyboard_drivers.py), a match of one deal; at each new
phase of the person's turn, then on the score sheet, under it and on the match sheet, the page is looked at in both
sizes from its top: the bounding box of each bar, dialog and button in them must lie wholly inside the viewport.
Rummy's "Leave game" comes at the end of a quick game the person loses."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page

from .driver import TIMEOUT, frame, sign_up, wait_for_news
from .keyboard_drivers import driver_for, table_games
from .rummy_deals import limit_order
from .rummy_table import open_rummy_table

pytestmark = [pytest.mark.browser, pytest.mark.timeout(400)]

SIZES = [{"width": 1280, "height": 800}, {"width": 390, "height": 844}]
# the bars under the hand and over the felt, the question dialog, the sheets, and the buttons in each
BARS = (
    ".table-bar, .table-bar button:not([hidden]), #actions > *, #actions button, #dialog[open], #dialog[open] button,"
    " .sheet-dialog[open], .sheet-dialog[open] button"
)
# What a person must reach in each game's deal: the phases of their turns on the fixed deals.
PHASES = {
    "french-tarot": {"bidding", "discard", "play"},
    "tarock": {"auction", "play"},
    "jass-schieber": {"trump", "play"},
    "jass-differenzler": {"predict", "play"},
    "rummy": {"play"},
}


def outside(page: Page, where: str) -> list[str]:
    """Each shown element of BARS not wholly inside the viewport, at each of SIZES, looked at from the top of the
    page; one line each, naming `where`. The page is left at the first size."""
    found: list[str] = []
    for size in SIZES:
        page.set_viewport_size(size)
        found += page.evaluate(
            """([selector, where]) => {
              window.scrollTo(0, 0);
              return [...document.querySelectorAll(selector)].filter((e) => e.checkVisibility()).map((e) => {
                const r = e.getBoundingClientRect();
                const inside = r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5
                  && r.bottom <= innerHeight + 0.5;
                if (inside) return null;
                const name = e.id || e.dataset.value || e.className || e.tagName;
                const box = [r.left, r.top, r.width, r.height].map(Math.round).join(",");
                return `${where}: ${name} at ${box} in ${innerWidth}x${innerHeight}`;
              }).filter(Boolean);
            }""",
            [BARS, where],
        )
    page.set_viewport_size(SIZES[0])
    return found


def phase_of(page: Page) -> str:
    """The phase, step and open question of the page's frame: what makes its bars and dialogs differ."""
    f = frame(page) or {}
    view = f.get("view") or {}
    kind = page.get_attribute("#dialog[open]", "data-kind") if page.locator("#dialog[open]").count() else None
    return ":".join(str(part) for part in (view.get("phase"), view.get("step"), kind) if part)


def end_of_match(page: Page) -> list[str]:
    """The score sheet of the last deal, the bars under it once it is closed, and the match sheet."""
    page.wait_for_selector("#score-dialog[open]", timeout=TIMEOUT * 2)
    found = outside(page, "score sheet")
    page.click("#score-dialog .sheet-close")
    found += outside(page, "after the deal")
    page.click("#match-sheet-button")
    page.wait_for_selector("#match-dialog[open]", timeout=TIMEOUT)
    found += outside(page, "match sheet")
    page.click("#match-dialog .sheet-close")
    return found


@pytest.mark.parametrize("game", table_games())
def test_every_bar_and_dialog_of_a_deal_lies_inside_the_viewport(site, browser, game):
    context = browser.new_context(bypass_csp=True, viewport=SIZES[0])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    sign_up(page, site.url, f"view-{game}", "a-long-test-password-42")
    driver = driver_for(game)
    driver.open(page, site.url, "deals:1")
    found: list[str] = []
    phases: set[str] = set()
    deadline = time.monotonic() + 240
    while ((frame(page) or {}).get("view") or {}).get("phase") != "done":
        assert time.monotonic() < deadline, f"the deal did not end: {phase_of(page)}"
        if not page.evaluate("window.kibitzShell.myTurn()"):
            wait_for_news(page)
            continue
        phase = phase_of(page)
        if phase not in phases:
            phases.add(phase)
            found += outside(page, phase)
        driver.step(page)
    found += end_of_match(page)
    assert PHASES[game] <= {p.split(":")[0] for p in phases}, phases
    assert found == []
    assert not errors
    context.close()


def test_rummys_leave_game_lies_inside_the_viewport(site, browser):
    """A quick Rummy game (limit 1) that the person loses: the red X, "Leave game" and the final sheet."""
    context = browser.new_context(bypass_csp=True, viewport=SIZES[0])
    page = context.new_page()
    sign_up(page, site.url, "view-rummy-out", "a-long-test-password-42")
    open_rummy_table(page, site.url, limit_order(), 0, players=2, limit=1, hand_jolly=False)
    page.wait_for_selector("#score-dialog[open] #score-sheet", timeout=TIMEOUT * 2)
    assert frame(page)["view"]["eliminated"][0]  # type: ignore[index]
    found = end_of_match(page)
    assert page.is_visible("#leave-game-button")
    assert found == []
    context.close()
