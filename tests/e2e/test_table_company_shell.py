"""The table shell's won cards and seat names in Debian's Chromium, fed frames by hand (no server; the shell test
game of tests/e2e/js/shell-test-game.js lists a seat's won cards from its view's `won`): "Won cards" shows only on a
seat the game's `wonCards` names, opens a small dialog inside the viewport at 1280x800 and 390x844, closes on
Escape and gives the focus back; each seat's name is a button."""

from __future__ import annotations

import json

import pytest

from . import test_table_shell
from .driver import in_viewport
from .test_table_shell import SIZES, state

open_shell = test_table_shell.open_shell  # the shell tests' fixture: a page with the test game loaded

pytestmark = pytest.mark.browser

TRICK = [
    {"seat": 1, "card": "3S"},
    {"seat": 2, "card": "KS"},
    {"seat": 3, "card": "5S"},
    {"seat": 0, "card": "AS"},
]


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
    assert in_viewport(page, "#won-cards-dialog"), "#won-cards-dialog"
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


def test_french_tarot_shows_the_last_trick_at_its_winners_seat_and_every_won_trick_once_scored(open_shell):
    """docs/rules/french_tarot.md §7: the last completed trick and its winner are public; earlier tricks only in
    `done`, where the view adds `tricks` (all of them, with winners)."""
    page = open_shell(0)
    play = {"phase": "play", "last_trick": {"cards": TRICK, "winner": 2}}
    done = {
        "phase": "done",
        "last_trick": {"cards": TRICK, "winner": 2},
        "tricks": [
            {"cards": TRICK, "winner": 1},
            {"cards": TRICK[::-1], "winner": 2},
            {"cards": TRICK, "winner": 1},
        ],
    }
    won = page.evaluate(
        """async ([play, done]) => {
          const { createGame } = await import('/static/js/games/french-tarot.js');
          const game = createGame(window.shell);
          const at = (view) => [0, 1, 2, 3].map((seat) => game.wonCards({ view }, seat));
          return { play: at(play), done: at(done) };
        }""",
        [play, done],
    )
    assert won["play"] == [None, None, [{"label": "Last trick", "plays": TRICK, "winner": 2}], None]
    assert won["done"][0] == [] and won["done"][3] == []
    assert [g["label"] for g in won["done"][1]] == ["Trick 1", "Trick 3"]
    assert [g["label"] for g in won["done"][2]] == ["Trick 2"] and won["done"][2][0]["plays"] == TRICK[::-1]
    assert not page.errors


CARD = {
    "name": "Bob",
    "username": "bob",
    "bot": False,
    "bot_level": None,
    "bot_reason": None,
    "replaced": None,
    "seat": 1,
    "where": "seated",
    "is_self": False,
    "info_url": "/players/bob/?next=%2Ftables%2F7%2F",
    "ignored": False,
    "may_ignore": True,
    "kick": {"kind": "vote", "seat": 1, "votes": 1, "needed": 2, "url": "/tables/7/vote/1/"},
    "invite_tables": [{"id": 12, "title": "French Tarot #12", "free": 1, "invited": False, "url": "/x/"}],
}


@pytest.mark.parametrize("size", SIZES)
def test_the_seat_name_opens_the_card_the_server_describes_and_every_control_is_reached_by_tab(
    open_shell, size, output_dir
):
    page = open_shell(0, size)
    page.add_style_tag(url="/static/css/table-company.css")
    page.route(
        "**/tables/7/card/?seat=1",
        lambda route: route.fulfill(
            status=200, content_type="application/json", body=json.dumps({"ok": True, "result": CARD})
        ),
    )
    page.evaluate("(f) => window.shell.onFrame(f)", state(4, 0, version=2))
    page.click('.seat-box[data-seat="1"] .seat-name-button')
    page.locator("#player-card-dialog #card-kick").wait_for()
    assert page.inner_text("#card-kick") == "Vote to remove Bob (1 of 2)"
    assert page.get_attribute("#card-player-info", "href") == CARD["info_url"]
    page.click("#card-invite")
    assert page.inner_text("#card-invite-tables") == "Invite to French Tarot #12"
    assert in_viewport(page, "#player-card-dialog"), "#player-card-dialog"
    page.screenshot(path=str(output_dir / f"player-card-shell-{size[0]}.png"))
    page.focus("#player-card-dialog .popover-close")
    reached = []
    for _ in range(6):
        page.keyboard.press("Tab")
        reached.append(page.evaluate("document.activeElement.id || document.activeElement.className"))
    assert reached[:5] == ["card-player-info", "card-ignore", "card-kick", "card-invite", "card-invite-to"]
    page.keyboard.press("Escape")
    assert page.locator("#player-card-dialog").count() == 0
    assert page.evaluate("document.activeElement.dataset.seat") == "1"
    assert not page.errors


@pytest.mark.parametrize("size", SIZES)
def test_the_won_cards_badge_appearing_after_a_trick_moves_nothing_under_the_pointer(
    open_shell, size, output_dir
):
    """The trick completes and its winner's seat gets "Won cards": the felt, the dog line and the hand (its first
    card) stay exactly where they were, at 1280x800 and 390x844 (an 18-card hand, three rows on the phone, the same
    before and after so that only the badge differs)."""
    page = open_shell(0, size)
    hand = test_table_shell.HAND
    boxes = """() => ['#felt', '#game-info', '#hand', '#hand .card'].map((s) => {
      const r = document.querySelector(s)?.getBoundingClientRect();
      return r ? [r.x, r.y, r.width, r.height] : null; })"""
    page.evaluate(
        "(f) => window.shell.onFrame(f)", state(4, 0, version=8, trick=TRICK[:3], to_act=[0], hand=hand)
    )
    before = page.evaluate(boxes)
    won = {"0": [{"label": "Last trick", "plays": TRICK}]}
    page.evaluate(
        "(f) => window.shell.onFrame(f)",
        state(4, 0, version=9, last_trick=TRICK, last_winner=0, won=won, to_act=[0], hand=hand),
    )
    assert page.locator('.seat-box[data-seat="0"] .won-cards-button').count() == 1
    after = page.evaluate(boxes)
    assert after[0] == before[0] and after[1] == before[1]  # the felt and the line under it
    assert after[2][1] == before[2][1] and after[2][3] == before[2][3]  # the hand's top and height
    assert after[3][1] == before[3][1]  # its first card's row
    page.screenshot(path=str(output_dir / f"won-cards-badge-{size[0]}.png"))
    assert not page.errors
