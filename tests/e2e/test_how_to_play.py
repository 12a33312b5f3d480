"""The How to play pages in Chromium (docs/decisions-tables.md "How to play pages"): opened from the lobby (two clicks:
the lobby's link, then a game) and from the table (its link opens the game's page in a new tab), at desktop and
phone size, with the cards drawn by the game's own deck. The screenshots how-to-play-*-1280x800.png and
how-to-play-*-390x844.png in tests/output/ come from here."""

from __future__ import annotations

import pytest

from .driver import TIMEOUT, log_in, open_table
from .site import DEMO_PASSWORD
from .tarot_deals import strong_hand_order

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

SIZES = {"1280x800": {"width": 1280, "height": 800}, "390x844": {"width": 390, "height": 844}}


def _drawn(page, cards: int) -> None:
    """Wait until the page's script has drawn its card rows; the worked example's first row holds `cards` cards."""
    page.wait_for_selector("#how-to-play[data-drawn='1']", timeout=TIMEOUT)
    first = page.locator("#worked-example .guide-cards").first
    assert first.locator(".guide-card svg.card-svg").count() == cards
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], "the page fits the window's width"


def test_a_page_opens_from_the_lobby_and_from_the_table_at_both_sizes(site, browser, output_dir):
    order, _deal = strong_hand_order(3, strong_seat=0)
    host = browser.new_context(bypass_csp=True, viewport=SIZES["1280x800"]).new_page()
    log_in(host, site.url, "alice", DEMO_PASSWORD)
    table_id = open_table(host, site.url, {"order": order, "dealer": 3, "bot_seed": 1}, human_seats=1)
    host.context.close()
    for name, viewport in SIZES.items():
        context = browser.new_context(bypass_csp=True, viewport=viewport)
        page = context.new_page()
        log_in(page, site.url, "bob", DEMO_PASSWORD)
        page.goto(site.url + "/")
        page.click("#how-to-play-link")  # click 1
        page.click("a.guide-link[data-game='jass-schieber']")  # click 2
        _drawn(page, 4)  # the best Weis, a four-card sequence
        assert page.locator("h1").inner_text() == "How to play Jass: Schieber"
        assert "(125 + 70) × 2 = 390" in page.locator("#worked-example").inner_text()
        page.screenshot(path=str(output_dir / f"how-to-play-lobby-{name}.png"), full_page=False)
        page.goto(f"{site.url}/tables/{table_id}/")
        with context.expect_page() as opened:
            page.click("#table-how-to-play")  # one click from the table
        guide = opened.value
        guide.wait_for_load_state()
        _drawn(guide, 6)  # the dog
        assert guide.locator("h1").inner_text() == "How to play French Tarot"
        guide.locator("#worked-example").scroll_into_view_if_needed()
        guide.screenshot(path=str(output_dir / f"how-to-play-table-{name}.png"), full_page=False)
        context.close()
