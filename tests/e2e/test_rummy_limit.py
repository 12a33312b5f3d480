"""A two-player Rummy table with the limit 50 on fixed deals (docs/rules/rummy.md §8; docs/decisions-rummy.md
"Counting"): the bot goes out in its first turn each deal and the person keeps 41 penalty points; after the first
deal the person continues, after the second it is above the limit: the red X, "Leave game" (back to the lobby),
and the places on the match sheet."""

from __future__ import annotations

import pytest

from .driver import TIMEOUT, frame, sign_up
from .rummy_deals import LIMIT_HAND, limit_order
from .rummy_table import continue_with_fixed_deal, open_rummy_table

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

PENALTY = 41  # LIMIT_HAND: 2+2+2+2 + 3+3+3+3 + 4+4+4+4 + 5


def test_a_two_player_table_with_limit_50_ends_with_the_red_x_and_leave_game(site, browser, output_dir):
    assert sum(int(c[:-1]) for c in LIMIT_HAND) == PENALTY
    context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    sign_up(page, site.url, "lena", "a-long-test-password-42")
    order = limit_order()
    table_id = open_rummy_table(page, site.url, order, 0, players=2, limit=50, hand_jolly=False)

    # Deal 1: the bot goes out; 41 is not above 50: Continue, no red X.
    page.wait_for_selector("#score-dialog[open] #score-sheet", timeout=TIMEOUT * 2)
    f = frame(page)
    assert f["view"]["result"]["winner"] == 1 and f["view"]["result"]["penalties"] == [PENALTY, 0]
    assert str(PENALTY) in page.inner_text("#my-penalty")
    assert page.locator(".out-mark").count() == 0 and page.locator("#leave-game-button").count() == 0
    continue_with_fixed_deal(page, site, table_id, order, 0)

    # Deal 2: 82 is above 50: the red X over the person's name and on the sheet, Leave game, no Continue.
    page.wait_for_selector("#score-dialog[open] #score-sheet", timeout=TIMEOUT * 2)
    f = frame(page)
    assert f["view"]["totals"] == [2 * PENALTY, 0] and f["view"]["eliminated"] == [True, False]
    assert f["table"]["match_over"]
    page.wait_for_selector('.seat-box[data-seat="0"] .out-mark', timeout=TIMEOUT)
    assert page.locator('#score-sheet tr.penalty-row[data-seat="0"] .out-mark').count() == 1
    assert page.locator('.seat-box[data-seat="1"] .out-mark').count() == 0
    page.click("#score-dialog .sheet-close")
    assert page.is_visible("#leave-game-button") and page.locator("#continue-button").count() == 0
    page.click("#match-sheet-button")
    page.wait_for_selector("#match-dialog[open]")
    rows = page.eval_on_selector_all(
        "#match-sheet tbody tr", "rs => rs.map(r => [...r.cells].map(c => c.textContent.trim()))"
    )
    assert rows == [["1", f"{PENALTY} (+{PENALTY})", "0 (0)"], ["2", f"{2 * PENALTY} (+{PENALTY})", "0 (0)"]]
    places = page.eval_on_selector_all("#match-sheet tr.places td", "ds => ds.map(d => d.textContent.trim())")
    assert places == ["2", "1"]  # the bot, still in, wins; the person out is second
    page.screenshot(path=str(output_dir / "rummy-desktop-limit-out.png"))
    page.click("#match-dialog .sheet-close")
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(output_dir / "rummy-phone-limit-out.png"), full_page=True)
    page.click("#leave-game-button")
    page.wait_for_url(site.url + "/", timeout=TIMEOUT)
    assert not errors
    context.close()


def test_a_quick_game_is_one_deal_and_a_hand_jolly_doubles_the_penalties(site, browser, output_dir):
    """Limit 1 (the seed's "snel spelletje") with the hand-jolly option on: the bot opens and goes out in its first
    turn, so the person's 41 count double; the match is over after that one deal."""
    context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    sign_up(page, site.url, "quinn", "a-long-test-password-42")
    open_rummy_table(page, site.url, limit_order(), 0, players=2, limit=1, hand_jolly=True)
    page.wait_for_selector("#score-dialog[open] #score-sheet", timeout=TIMEOUT * 2)
    f = frame(page)
    assert f["view"]["result"]["hand_jolly"] and f["view"]["result"]["penalties"] == [2 * PENALTY, 0]
    assert "penalties doubled" in page.inner_text("#score-sheet tr.hand-jolly")
    assert page.inner_text('#score-sheet tr.penalty-row[data-seat="0"] .penalty') == str(2 * PENALTY)
    assert f["table"]["match_over"] and f["table"]["round"]["number"] == 1
    page.click("#score-dialog .sheet-close")
    assert page.is_visible("#leave-game-button")
    context.close()
