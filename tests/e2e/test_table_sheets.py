"""The score sheet and the match sheet of the table shell, on hand-made frames with the test game module (the
shell tests' page and fixture, tests/e2e/test_table_shell.py): dialogs inside the viewport at desktop and phone
sizes, the countdown to the next deal, the money block, and New game once the match is over."""

from __future__ import annotations

import datetime as dt

import pytest

from . import test_table_shell
from .driver import in_viewport
from .test_table_shell import HAND, SIZES, state

pytestmark = pytest.mark.browser

open_shell = test_table_shell.open_shell  # the shell tests' fixture: a page with the test game loaded


@pytest.mark.parametrize("size", SIZES)
def test_the_score_sheet_is_a_dialog_in_the_viewport_with_a_countdown_to_the_next_deal(
    open_shell, size, output_dir
):
    page = open_shell(0, size)
    frame = state(4, 0, version=20, hand=HAND[:6], rows=[f"Row {n}" for n in range(14)])
    frame["table"]["next_deal_at"] = (dt.datetime.now(dt.UTC) + dt.timedelta(seconds=30)).isoformat()
    page.evaluate("(f) => window.shell.onFrame(f)", frame)
    page.wait_for_selector("#score-dialog[open] #score-sheet")
    page.wait_for_function("/^\\d+s$/.test(document.getElementById('next-deal-clock').textContent)")
    assert 25 <= int(page.inner_text("#next-deal-clock").rstrip("s")) <= 30
    assert in_viewport(page, "#score-dialog") and in_viewport(page, "#next-deal")
    page.screenshot(path=str(output_dir / f"shell-score-sheet-{size[0]}.png"))
    page.click("#score-dialog .sheet-close")
    assert page.locator("#score-dialog").count() == 0
    page.click("#score-sheet-button")
    page.wait_for_selector("#score-dialog[open]")
    page.focus("#next-deal")
    page.keyboard.press("Escape")
    assert page.locator("#score-dialog").count() == 0
    assert not page.errors


@pytest.mark.parametrize("size", SIZES)
def test_the_match_sheet_shows_every_finished_deal_at_any_time(open_shell, size):
    page = open_shell(0, size)
    frame = state(4, 0, version=30, to_act=[1], hand=HAND[:5])
    frame["table"]["match_rounds"] = [
        {"number": 1, "scores": [30, -10, -10, -10]},
        {"number": 2, "scores": [-60, 20, 20, 20]},
    ]
    page.evaluate("(f) => window.shell.onFrame(f)", frame)  # mid-deal
    assert page.get_attribute("#match-sheet-button", "aria-expanded") == "false"
    page.click("#match-sheet-button")
    page.wait_for_selector("#match-dialog[open]")
    rows = page.eval_on_selector_all(
        "#match-sheet tbody tr", "rs => rs.map(r => [...r.cells].map(c => c.textContent.trim()))"
    )
    assert rows == [
        ["1", "30 (+30)", "-10 (-10)", "-10 (-10)", "-10 (-10)"],
        ["2", "-60 (-90)", "20 (+30)", "20 (+30)", "20 (+30)"],
    ]
    assert page.inner_text("#match-sheet thead th:nth-child(2)") == "<b>Zoë</b>"
    assert in_viewport(page, "#match-dialog")
    page.click("#match-dialog .sheet-close")
    assert page.locator("#match-dialog").count() == 0
    assert not page.errors


def test_a_closed_score_sheet_of_a_finished_match_leaves_new_game_in_the_bar(open_shell):
    page = open_shell(0)
    page.evaluate("() => { window.shell.root.dataset.rematchUrl = '/tables/7/rematch/'; }")
    frame = state(4, 0, version=30, hand=[], rows=["Row 1"])
    frame["table"]["match_over"] = True
    page.evaluate("(f) => window.shell.onFrame(f)", frame)
    page.wait_for_selector("#score-dialog[open] #rematch-button")
    assert page.locator("#new-game-bar-button").count() == 0  # the sheet's own button is in sight
    page.click("#score-dialog .sheet-close")
    assert page.locator("#new-game-bar-button").is_visible()
    assert page.get_attribute("#new-game-bar-button", "aria-keyshortcuts") == "N"


@pytest.mark.parametrize("size", SIZES)
def test_the_score_sheets_labels_keep_to_one_line_and_its_money_block_fits(open_shell, size, output_dir):
    """The label column is wide enough for "Value per defender" on one line; the money block (a stakes table's)
    and the sheet's buttons lie inside the viewport, the sheet never scrolls sideways."""
    page = open_shell(0, size)
    frame = state(4, 0, version=20, rows=["Taker", "Contract score", "Value per defender", "This deal"])
    frame["table"]["round"]["money"] = {
        "currency": "EUR",
        "commission": 12,
        "seats": [
            {"seat": n, "result": r, "commission": c, "net": r - c}
            for n, (r, c) in enumerate([(1080, 12), (-360, 0), (-360, 0), (-360, 0)])
        ],
    }
    frame["table"]["next_deal_at"] = (dt.datetime.now(dt.UTC) + dt.timedelta(seconds=30)).isoformat()
    page.evaluate("(f) => window.shell.onFrame(f)", frame)
    page.wait_for_selector("#score-dialog[open] #money-sheet")
    heights = page.eval_on_selector_all(
        "#score-sheet > table th", "ths => ths.map(th => [th.textContent, th.getBoundingClientRect().height])"
    )
    assert all(h < 40 for _, h in heights), heights  # one line each (padding included)
    assert in_viewport(page, "#score-dialog") and in_viewport(page, "#money-sheet")
    assert in_viewport(page, "#next-deal") and in_viewport(page, "#history-link")
    assert page.evaluate("(d => d.scrollWidth <= d.clientWidth)(document.getElementById('score-dialog'))")
    page.screenshot(path=str(output_dir / f"shell-score-sheet-money-{size[0]}.png"))
    assert not page.errors
