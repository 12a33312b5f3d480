"""Keyboard play and accessibility on the live site (docs/decisions-tables.md "Tests"), for every game with a
browser module (tests/e2e/keyboard_drivers.py), at 1280×800 and 390×844: a whole deal against three bots played
with the keyboard alone, every control reached by Tab with a visible focus, the screen reader's line, and axe-core
with no serious or critical violation on the lobby, the table mid-deal and the score sheet dialog. Then N: on the
desktop the match has two deals and N starts the next one; on the phone it has one and N opens the new game
(Differenzler always has four: N starts its next deal at both sizes)."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page

from .axe import assert_accessible
from .driver import TIMEOUT, frame, sign_up, wait_for_news
from .keyboard_drivers import driver_for, focus_in, tab_problems, table_games

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}


def _card_name_problems(page: Page) -> list[str]:
    """What a screen reader would say wrong of the hand's cards: each card's accessible name is its name in words
    (static/js/cards/names.js), never its code; a suit card's name ends with its suit ("King of Hearts")."""
    named = page.eval_on_selector_all(
        "#hand .card",
        "cards => cards.map((c) => [c.dataset.card, c.querySelector('svg').getAttribute('aria-label')])",
    )
    problems = [f"{code}: no name" for code, name in named if not name]
    problems += [f"{code}: named by its code" for code, name in named if name == code]
    problems += [
        f"{code}: {name!r} does not name its suit"
        for code, name in named
        if name and code[-1] in SUIT_NAMES and code[0] != "T" and not name.endswith(SUIT_NAMES[code[-1]])
    ]
    return problems if named else ["no card in the hand"]


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", table_games())
def test_a_whole_deal_is_played_with_the_keyboard_alone_and_axe_finds_nothing_serious(
    site, browser, output_dir, game, size
):
    driver = driver_for(game)
    width, height = SIZES[size]
    context = browser.new_context(bypass_csp=True, viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    sign_up(page, site.url, f"keys-{size}-{game}"[:30], "a-long-test-password-42")
    assert_accessible(page, f"the lobby ({size})")
    assert tab_problems(page) == []
    page.click("#new-game-button")
    assert_accessible(page, f"the lobby's New game dialog ({size})")

    match_end = "deals:2" if size == "desktop" else "deals:1"
    table_id = driver.open(page, site.url, match_end)
    # Every line the screen reader's region says, as the page writes it: sampling it between steps could miss a
    # trick's winner that the next turn's line replaced at once on a slow machine.
    page.evaluate(
        """() => {
          const region = document.getElementById('table-announcer');
          window.spoken = [region.textContent];
          new MutationObserver(() => window.spoken.push(region.textContent))
            .observe(region, { childList: true, characterData: true, subtree: true });
        }"""
    )
    announcements: set[str] = set()
    checked_mid_deal = False
    end = time.monotonic() + 300
    while (frame(page)["view"] or {}).get("phase") != "done":
        assert time.monotonic() < end, f"the deal did not finish: {frame(page)}"
        acted = driver.step(page)
        announcements.add(page.inner_text("#table-announcer"))
        if acted and not checked_mid_deal and frame(page)["view"]["phase"] == "play":
            page.wait_for_function("window.kibitzShell.myTurn()", timeout=TIMEOUT)
            assert_accessible(page, f"the table mid-deal ({size})")
            assert _card_name_problems(page) == []
            assert tab_problems(page) == []
            page.screenshot(path=str(output_dir / f"keyboard-table-{size}.png"))
            checked_mid_deal = True
        if not acted:
            wait_for_news(page)
    assert checked_mid_deal

    page.wait_for_selector("#score-dialog[open]", timeout=TIMEOUT)
    page.wait_for_function(
        "document.getElementById('table-announcer').textContent.includes('points')", timeout=TIMEOUT
    )  # the deal's result line
    announcements.update(page.evaluate("window.spoken"))
    assert "It is your turn." in announcements
    if getattr(driver, "tricks", True):
        assert any("wins the trick" in line for line in announcements)
    assert_accessible(page, f"the score sheet dialog ({size})")
    assert tab_problems(page) == []
    page.screenshot(path=str(output_dir / f"keyboard-score-sheet-{size}.png"))

    focus_in(page, "#score-dialog button")  # back from the Tab round (N in the chat's box is a letter typed)
    match_over = frame(page)["table"]["match_over"]  # read before "n": a new table's page replaces this one
    page.keyboard.press("n")
    if not match_over:  # Differenzler's match has four deals whatever the size
        page.wait_for_function("window.kibitzShell.frame.table.round.number === 2", timeout=TIMEOUT)
    else:
        page.wait_for_url(
            lambda url: url.rstrip("/").split("/")[-1] not in ("", str(table_id)), timeout=TIMEOUT
        )
        page.wait_for_function("window.kibitzShell && window.kibitzShell.frame", timeout=TIMEOUT)
        assert frame(page)["table"]["you"] == 0
        assert frame(page)["table"]["id"] != table_id
    assert not errors
    context.close()
