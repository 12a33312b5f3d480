"""The end of a Rummy match in real Chromium (docs/rules/rummy.md §8; docs/decisions-rummy.md "Table", T-9, T-11):
three seats, limit 50, on fixed deals (tests/e2e/rummy_deals.py `stakes_order`). Seat 2 (a bot) is out
after the first deal, the person after the second, seat 1 (a bot) is the last one left. The final sheet ranks every
player of the match with places, also the one out in the first deal; the winner is drawn in the colours of a win,
the red X stands above the names of the players out. Screenshots of the final sheet at 1280 x 800 and 390 x 844."""

from __future__ import annotations

import pytest

from .driver import TIMEOUT, frame, outside_viewport, sign_up
from .rummy_deals import stakes_order
from .rummy_table import continue_with_fixed_deal, open_rummy_table

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

SIZES = [("desktop", {"width": 1280, "height": 800}), ("phone", {"width": 390, "height": 844})]
RED = "rgb(179, 38, 30)"  # --danger, the red of the penalties


def test_the_final_sheet_ranks_every_player_of_the_match_with_places(site, browser, output_dir):
    context = browser.new_context(bypass_csp=True, viewport=SIZES[0][1])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    sign_up(page, site.url, "nora", "a-long-test-password-42")
    table_id = open_rummy_table(
        page, site.url, stakes_order([0, 1, 2]), 0, players=3, limit=50, hand_jolly=False
    )

    # Deal 1: seat 1 goes out (0 in the colours of a win), the person keeps 41, seat 2 is out with 99; no ranking yet.
    page.wait_for_selector("#score-dialog[open] #score-sheet", timeout=TIMEOUT * 2)
    f = frame(page)
    assert f["view"]["result"]["penalties"] == [41, 0, 99] and not f["table"]["match_over"]
    assert page.locator("#score-sheet tr.rank-row").count() == 0
    won = page.locator('.seat-penalty.went-out[data-seat="1"]')
    assert won.count() == 1 and won.evaluate("e => getComputedStyle(e).color") != RED
    assert page.locator('#score-sheet tr.penalty-row.went-out[data-seat="1"]').count() == 1
    continue_with_fixed_deal(page, site, table_id, stakes_order([0, 1]), 0)

    # Deal 2: the person is out too (82): the match is over and its sheet ranks all three.
    page.wait_for_selector("#score-dialog[open] #score-sheet tr.rank-row", timeout=TIMEOUT * 2)
    f = frame(page)
    assert f["table"]["match_over"] and f["view"]["eliminated"] == [True, False, True]
    names = [seat["name"] for seat in f["table"]["seats"]]
    for label, size in SIZES:
        page.set_viewport_size(size)
        rows = page.eval_on_selector_all(
            "#score-sheet tr.rank-row",
            """rs => rs.map(r => [r.dataset.place, r.dataset.seat, r.querySelector('.name').textContent,
              r.querySelector('.rank-total').textContent, r.querySelector('.rank-out')?.textContent || ''])""",
        )
        assert rows == [
            ["1", "1", names[1], "0 penalty points", ""],
            ["2", "0", names[0], "82 penalty points", "out after deal 2"],
            ["3", "2", names[2], "99 penalty points", "out after deal 1"],
        ]
        winner = page.locator("#score-sheet tr.rank-row.match-winner")
        assert winner.get_attribute("data-seat") == "1" and winner.locator(".win-badge").is_visible()
        assert winner.locator("td").evaluate("e => getComputedStyle(e).color") != RED
        assert outside_viewport(page, "#score-dialog") == []
        page.screenshot(path=str(output_dir / f"rummy-{label}-final-sheet.png"))
    page.set_viewport_size(SIZES[0][1])

    # The red X above the names of the players out, on the felt; "Leave game" for the person.
    page.click("#score-dialog .sheet-close")
    for seat in (0, 2):
        mark = page.locator(f'.seat-box[data-seat="{seat}"] .seat-mark .out-mark').bounding_box()
        name = page.locator(f'.seat-box[data-seat="{seat}"] .seat-name').bounding_box()
        assert mark and name and mark["y"] + mark["height"] <= name["y"] + 1, (seat, mark, name)
    assert page.locator('.seat-box[data-seat="1"] .seat-mark').count() == 0
    assert page.is_visible("#leave-game-button") and outside_viewport(page, "#actions button") == []
    assert not errors
    context.close()
