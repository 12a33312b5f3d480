"""The table shell's won cards and seat names in Debian's Chromium, fed frames by hand (no server; the shell test
game of tests/e2e/js/shell-test-game.js lists a seat's won cards from its view's `won`): "Won cards" shows only on a
seat the game's `wonCards` names, opens a small dialog inside the viewport at 1280x800 and 390x844, closes on
Escape and gives the focus back; each seat's name is a button."""

from __future__ import annotations

import pytest

from . import test_table_shell
from .test_table_shell import SIZES, state

open_shell = test_table_shell.open_shell  # the shell tests' fixture: a page with the test game loaded

pytestmark = pytest.mark.browser

TRICK = [
    {"seat": 1, "card": "3S"},
    {"seat": 2, "card": "KS"},
    {"seat": 3, "card": "5S"},
    {"seat": 0, "card": "AS"},
]


def _inside_viewport(page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box and size
    assert box["x"] >= 0 and box["y"] >= 0, box
    assert box["x"] + box["width"] <= size["width"] and box["y"] + box["height"] <= size["height"], box


@pytest.mark.parametrize("size", SIZES)
def test_it_opens_the_won_cards_a_seat_may_show_from_the_seat_and_closes_on_escape(
    open_shell, size, output_dir
):
    page = open_shell(0, size)
    page.add_style_tag(url="/static/css/table-company.css")
    won = {"2": [{"label": "Last trick", "plays": TRICK}]}
    page.evaluate("(f) => window.shell.onFrame(f)", state(4, 0, version=9, last_trick=TRICK, won=won))
    assert page.eval_on_selector_all(".won-cards-button", "bs => bs.map(b => b.dataset.seat)") == ["2"]
    button = page.locator('.seat-box[data-seat="2"] .won-cards-button')
    button.click()
    dialog = page.locator("#won-cards-dialog")
    dialog.wait_for()
    assert "Won cards of Bot B" in dialog.inner_text()
    assert page.eval_on_selector_all(
        "#won-cards-dialog .won-play", "ps => ps.map(p => [p.dataset.seat, p.dataset.card])"
    ) == [["1", "3S"], ["2", "KS"], ["3", "5S"], ["0", "AS"]]
    assert page.get_attribute("#won-cards-dialog .won-play.winner", "data-card") == "KS"
    assert page.evaluate("document.activeElement.closest('#won-cards-dialog') !== null")
    assert button.get_attribute("aria-expanded") == "true"
    _inside_viewport(page, "#won-cards-dialog")
    page.screenshot(path=str(output_dir / f"won-cards-shell-{size[0]}.png"))
    page.keyboard.press("Escape")
    assert page.locator("#won-cards-dialog").count() == 0
    assert page.evaluate("document.activeElement.classList.contains('won-cards-button')")
    assert page.evaluate("document.activeElement.dataset.seat") == "2"
    assert not page.errors


def test_a_game_without_won_cards_for_a_seat_shows_no_button_and_an_open_dialog_says_so(open_shell):
    page = open_shell(0)
    won = {"1": [{"label": "Last trick", "plays": TRICK}]}
    page.evaluate("(f) => window.shell.onFrame(f)", state(4, 0, version=9, won=won))
    page.click('.seat-box[data-seat="1"] .won-cards-button')
    page.evaluate("(f) => window.shell.onFrame(f)", state(4, 0, version=10, won={}))
    assert page.locator(".won-cards-button").count() == 0
    assert "may be shown now" in page.inner_text("#won-cards-dialog")
    page.click("#won-cards-dialog .popover-close")
    assert page.locator("#won-cards-dialog").count() == 0
    assert page.evaluate(
        "document.activeElement.classList.contains('seat-name-button')"
    )  # its button is gone
    assert not page.errors


def test_every_seated_name_is_a_button_and_a_free_seat_is_not(open_shell):
    page = open_shell(0)
    frame = state(3, 0, version=2)
    frame["table"]["seats"][2] = {"number": 2, "name": None, "bot": False, "open": True, "bot_level": None}
    page.evaluate("(f) => window.shell.onFrame(f)", frame)
    assert page.eval_on_selector_all(".seat-name-button", "bs => bs.map(b => b.dataset.seat)") == ["0", "1"]
    assert page.inner_text('.seat-box[data-seat="2"] .seat-name') == "free seat"
    assert not page.errors
