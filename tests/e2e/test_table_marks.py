"""The marks around the felt on the live site, in Debian's Chromium (docs/decisions-tables.md "Game modules" and
"Absence"): the forehand's green flag in every game that has one, the bot badge and the dealer chip in the player's
language, the match length in the table's bar (French Tarot, Tarock), and the status panel naming the away person
whose seat a bot plays. The site lets a person be away after one second without a socket (KIBITZ_ABSENCE_SECONDS)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from .driver import TIMEOUT, frame, join_from_lobby, log_in, open_table, sign_up
from .site import DEMO_PASSWORD, running_site
from .tarock_deals import PAGAT_RUFER, PARTNER_PUBLIC, open_tarock_table
from .tarot_deals import strong_hand_order

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

PASSWORD = "a-long-test-password-42"
GREEN = "rgb(111, 227, 138)"  # the forehand's flag (tables.css), the seed's "groene vlag"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    yield from running_site(tmp_path_factory, env={"KIBITZ_ABSENCE_SECONDS": "1"})


def _page(browser: Any, viewport: dict[str, int] | None = None) -> Page:
    page = browser.new_context(
        bypass_csp=True, viewport=viewport or {"width": 1280, "height": 800}
    ).new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda e: page.errors.append(str(e)))  # type: ignore[attr-defined]
    return page


def _speak(page: Page, base: str, language: str) -> None:
    page.goto(base + "/accounts/profile/")
    page.select_option("#id_language", language)
    page.click("form.stack button[type=submit]")
    page.wait_for_load_state()


def _flag_colour(page: Page) -> str:
    return page.eval_on_selector(".forehand-flag", "f => getComputedStyle(f).color")


def test_a_german_tarock_table_marks_the_bots_and_the_dealer_in_german(site, browser, output_dir):
    page = _page(browser)
    log_in(page, site.url, "carol", DEMO_PASSWORD)
    _speak(page, site.url, "de")
    open_tarock_table(page, site.url, PAGAT_RUFER, deals=4)
    page.wait_for_selector("#dialog[open]", timeout=TIMEOUT)
    dealer = PAGAT_RUFER["dealer"]
    chip = page.locator(f'.seat-box[data-seat="{dealer}"] .dealer-chip')
    assert chip.inner_text() == "G" and chip.get_attribute("title") == "Geber"  # Geber, not the English "D"
    badges = page.locator(".seat-box .bot-badge")
    assert badges.count() == 3
    assert {badges.nth(i).text_content() for i in range(3)} == {"Bot"}  # the German seed's word ("drei Bots")
    assert (
        page.locator('.seat-box[data-seat="0"] .forehand-flag').count() == 1 and _flag_colour(page) == GREEN
    )
    assert page.inner_text("#match-length") == "Spiel 1 von 4"
    assert page.inner_text(".tarock-why-not summary").startswith("Warum nicht?")
    page.screenshot(path=str(output_dir / "table-marks-german-desktop.png"))
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize(("viewport"), [{"width": 1280, "height": 800}, {"width": 390, "height": 844}])
def test_a_french_tarot_table_shows_its_match_end_and_a_green_forehand_flag(site, browser, viewport):
    page = _page(browser, viewport)
    sign_up(page, site.url, f"tarot-{viewport['width']}", PASSWORD)
    order, _deal = strong_hand_order(3, strong_seat=0)
    open_table(page, site.url, {"order": order, "dealer": 3, "bot_seed": 1}, match_end="target:500")
    page.wait_for_function("window.kibitzShell.frame.view", timeout=TIMEOUT)
    length = page.locator("#match-length")
    assert length.inner_text() == "Deal 1 · first to 500 points" and length.is_visible()
    box = length.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    assert frame(page)["view"]["forehand"] == 0 and _flag_colour(page) == GREEN
    assert page.locator(".seat-box .dealer-chip").inner_text() == "D"
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_a_tarock_match_without_a_fixed_number_of_deals_says_so(site, browser):
    page = _page(browser)
    sign_up(page, site.url, "open-ended", PASSWORD)
    open_tarock_table(page, site.url, PAGAT_RUFER, deals=0)
    page.wait_for_function("window.kibitzShell.frame.view", timeout=TIMEOUT)
    assert page.inner_text("#match-length") == "Deal 1 · until the table closes"
    page.context.close()


def test_the_status_panel_names_the_away_person_whose_seat_a_bot_plays(site, browser, output_dir):
    alice, bob = _page(browser), _page(browser)
    log_in(alice, site.url, "alice", DEMO_PASSWORD)
    log_in(bob, site.url, "bob", DEMO_PASSWORD)
    table = open_tarock_table(alice, site.url, PARTNER_PUBLIC, human_seats=2)
    join_from_lobby(bob, table, alice.url)
    seat = frame(bob)["table"]["you"]
    bob.context.close()  # bob's socket closes: after a second a bot plays his seat until he comes back

    entry = alice.locator(f'#seated-list li[data-seat="{seat}"]')
    alice.locator(f'#seated-list li.stand-in[data-seat="{seat}"]').wait_for(timeout=TIMEOUT)
    bot = frame(alice)["table"]["seats"][seat]
    assert bot["bot"] and bot["bot_reason"] == "absent" and bot["replaced"] == "bob"
    assert entry.locator(".seated").inner_text() == "bob"  # the person, not only the bot
    assert entry.locator(".status-mark").inner_text() == f"away; {bot['name']}, a bot, plays for now"
    assert "bob is away" in alice.inner_text(f'.seat-box[data-seat="{seat}"] .seat-away')
    alice.locator("#table-status").screenshot(path=str(output_dir / "table-status-away.png"))
    assert not alice.errors, alice.errors  # type: ignore[attr-defined]
    alice.context.close()
