"""The leaderboards and a player's record page in Chromium (docs/decisions-ratings.md "Leaderboards", "The record
page"), in the five languages at 1280x800 and 390x844, over rated results stored first (tests/e2e/rating_data.py;
no deal is played in the browser): the game tabs, the board's rows and one's own place or why not, the record's
history chart (an SVG with its axis labels, wholly inside a phone's width), statistics and replay links; axe finds
no serious or critical violation on either page.
Screenshots go to tests/output/ratings/."""

from __future__ import annotations

import pytest

from .axe import assert_accessible
from .driver import TIMEOUT, log_in
from .rating_data import PEOPLE
from .site import DEMO_PASSWORD, OUTPUT, run_on_site

pytestmark = [pytest.mark.browser, pytest.mark.timeout(400)]

SIZES = {"1280x800": {"width": 1280, "height": 800}, "390x844": {"width": 390, "height": 844}}
SHOTS = OUTPUT / "ratings"
# The board's heading and the record's section title in each language.
WORDS = {
    "en": ("Leaderboards", "Ratings"),
    "de": ("Ranglisten", "Wertungen"),
    "nl": ("Ranglijsten", "Ratings"),
    "pt": ("Rankings", "Classificações"),
    "fr": ("Palmarès", "Classements"),
}


@pytest.fixture(scope="module")
def seeded(site):
    run_on_site(site.folder, "from tests.e2e.rating_data import seed\nseed()\n")
    return site


@pytest.mark.parametrize("name", list(PEOPLE))
def test_the_leaderboard_and_the_record_page(browser, seeded, name):
    language = PEOPLE[name]
    board_word, record_word = WORDS[language]
    SHOTS.mkdir(parents=True, exist_ok=True)
    base = seeded.url
    errors: list[str] = []
    for size, viewport in SIZES.items():
        context = browser.new_context(bypass_csp=True, viewport=viewport)
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        log_in(page, base, name, DEMO_PASSWORD)
        page.click(".site-nav a[href='/leaderboards/']")
        page.wait_for_selector("#leaderboard", timeout=TIMEOUT)
        assert page.locator("h1").inner_text() == board_word
        assert page.locator(".game-tabs a").count() == 5
        assert page.locator(".game-tabs a[aria-current=page]").count() == 1
        assert page.locator("#leaderboard tbody tr").count() >= 25
        own = page.locator("#own-place").inner_text()
        if name == "dave":  # hidden by his profile's choice
            assert page.locator("#leaderboard a", has_text="dave").count() == 0 and own
        elif name == "erin":  # provisional
            assert own and page.locator("#leaderboard tr.own").count() == 0
        else:
            assert page.locator("#leaderboard tr.own").count() == 1
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        page.screenshot(path=str(SHOTS / f"leaderboard-{language}-{size}.png"), full_page=True)
        assert_accessible(page, f"the leaderboard ({language}, {size})")
        page.click(".board-kind a:not([aria-current])")
        page.wait_for_selector(".season-picker select", timeout=TIMEOUT)
        assert page.locator(".season-picker option").count() >= 2
        page.screenshot(path=str(SHOTS / f"leaderboard-season-{language}-{size}.png"), full_page=True)
        page.locator("#leaderboard a", has_text=name).first.click() if name != "dave" else page.goto(
            f"{base}/players/{name}/"
        )
        page.wait_for_selector("#rated-record", timeout=TIMEOUT)
        counts = page.locator(
            ".player-card .record"
        )  # the per-game counts, a row per game in the long languages
        assert counts.locator("tbody tr").count() == 5
        right = page.evaluate(
            "Math.max(...[...document.querySelectorAll('.player-card *')].map(e => e.getBoundingClientRect().right))"
        )
        assert right <= viewport["width"], f"the player card reaches {right} px"
        assert page.locator("#rated-record-title").inner_text() == record_word
        assert page.locator("#rated-record .game-tabs a").count() == 5
        assert page.locator(".game-record").count() == 1
        chart = page.locator(".rating-chart").first
        assert chart.locator("text.y-label").count() >= 2 and chart.locator("text.x-label").count() >= 2
        box = chart.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
        assert page.locator(".game-record .stats").count() >= 1
        assert page.locator(".game-record .recent a[href^='/deals/']").count() >= 5
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        page.evaluate("document.fonts.ready")  # the chart's labels are laid out in the site's font
        page.screenshot(path=str(SHOTS / f"record-{language}-{size}.png"), full_page=True)
        assert_accessible(page, f"the record page ({language}, {size})")
        page.click("#rated-record .game-tabs a[href*='game=jass-schieber']")  # two statistics tables
        page.wait_for_selector(".game-record .stats + .stats", timeout=TIMEOUT)
        page.locator(".game-record").screenshot(path=str(SHOTS / f"record-schieber-{language}-{size}.png"))
        replay = page.locator(".game-record .recent a[href^='/deals/']").first
        replay.click()
        page.wait_for_url(f"{base}/tables/**", timeout=TIMEOUT)
        assert not errors, errors
        context.close()
