"""Keyboard play and the screen reader's line on the table shell, fed frames by hand in Chromium (no server; the
page and test game of tests/e2e/test_table_shell.py): the hand is one Tab stop that the arrows move in, Enter plays
or confirms, Space picks, the question's buttons take the arrows, Escape closes a sheet, N starts the next deal
or a new game, and one aria-live region says whose turn it is, who won the trick and the deal's result."""

from __future__ import annotations

import pytest

from . import test_table_shell
from .test_table_shell import state

open_shell = test_table_shell.open_shell  # the fixture: the stub page with the test game

pytestmark = pytest.mark.browser

HAND = ["KS", "T21", "EX", "3H"]


def active_card(page) -> str | None:
    return page.evaluate("document.activeElement && document.activeElement.dataset.card || null")


def announced(page) -> str:
    return page.inner_text("#table-announcer")


def test_the_hand_is_one_tab_stop_the_arrows_move_in_and_enter_plays(open_shell):
    page = open_shell(0)
    frame = state(4, 0, version=5, to_act=[0], hand=HAND)
    frame["legal"] = [{"play": "T21"}, {"play": "3H"}]
    page.evaluate("(f) => window.shell.onFrame(f)", frame)
    assert active_card(page) == "T21"  # the turn came: the focus is on the first legal card
    tab_stops = page.eval_on_selector_all(".hand .card", "cs => cs.map(c => c.tabIndex)")
    assert tab_stops == [-1, 0, -1, -1]
    page.keyboard.press("ArrowRight")
    assert active_card(page) == "EX"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert active_card(page) == "KS"
    page.keyboard.press("ArrowLeft")  # wraps
    assert active_card(page) == "3H"
    assert page.eval_on_selector_all(".hand .card", "cs => cs.map(c => c.tabIndex)") == [-1, -1, -1, 0]
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline == "solid"  # a visible focus
    page.keyboard.press("Enter")
    assert page.evaluate("window.sent.map(f => f.action)") == [{"play": "3H"}]
    assert not page.errors


def test_space_picks_cards_and_enter_confirms_the_choice(open_shell):
    page = open_shell(0)
    page.evaluate("(f) => window.shell.onFrame(f)", state(4, 0, version=3, to_act=[0], hand=HAND, pick=True))
    assert active_card(page) == "KS"
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    assert page.eval_on_selector_all(".hand .card", "cs => cs.map(c => c.getAttribute('aria-pressed'))") == [
        "true",
        "false",
        "true",
        "false",
    ]
    assert page.evaluate("window.sent") == []
    page.keyboard.press("Enter")
    assert page.evaluate("window.sent.map(f => f.action)") == [{"pick": ["KS", "EX"]}]
    assert not page.errors


def test_a_question_takes_the_focus_and_the_arrows_move_among_its_buttons(open_shell):
    page = open_shell(0)
    page.evaluate("(f) => window.shell.onFrame(f)", state(4, 0, version=2, to_act=[0], hand=HAND, ask="Bid?"))
    assert page.evaluate("document.activeElement.dataset.value") == "yes"
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.value") == "no"
    page.keyboard.press("Enter")
    assert page.evaluate("window.sent.map(f => f.action)") == [{"answer": "no"}]
    assert not page.errors


def test_escape_presses_a_questions_cancel_button_and_nothing_without_one(open_shell):
    page = open_shell(0)
    page.evaluate("(f) => window.shell.onFrame(f)", state(4, 0, version=2, to_act=[0], hand=HAND, ask="Bid?"))
    page.keyboard.press("Escape")
    assert page.is_visible("#dialog[open]") and page.evaluate("window.sent") == []
    page.evaluate(
        "(f) => window.shell.onFrame(f)",
        state(4, 0, version=3, to_act=[0], hand=HAND, ask="Show?", cancel=True),
    )
    page.keyboard.press("Escape")
    assert page.evaluate("window.sent.map(f => f.action)") == [{"answer": ""}]
    assert not page.errors


def test_n_starts_the_next_deal_escape_closes_the_sheet_and_n_asks_for_a_new_game_after_the_match(open_shell):
    page = open_shell(0)
    page.evaluate("(f) => window.shell.onFrame(f)", state(4, 0, version=9, hand=[], rows=["Taker"]))
    page.wait_for_selector("#score-dialog[open]")
    assert page.evaluate("document.activeElement.id") == "next-deal"
    page.keyboard.press("Escape")
    assert page.locator("#score-dialog").count() == 0
    assert page.evaluate("document.activeElement.id") == "score-sheet-button"  # the focus is not lost
    page.keyboard.press("n")
    assert page.evaluate("window.sent") == [{"type": "next", "version": 9}]

    over = state(4, 0, version=10, hand=[], rows=["Taker"])
    over["table"]["match_over"] = True
    over["table"]["status"] = "finished"
    over["table"]["round"]["number"] = 2
    page.evaluate(
        """(f) => { window.shell.root.dataset.rematchUrl = '/tables/7/rematch/';
        window.newGames = 0; window.shell.newGame = () => { window.newGames += 1; }; window.shell.onFrame(f); }""",
        over,
    )
    page.wait_for_selector("#score-dialog[open] #rematch-button")
    assert page.locator("#next-deal").count() == 0
    page.keyboard.press("N")
    page.click("#rematch-button")
    assert page.evaluate("window.newGames") == 2
    assert page.evaluate("window.sent.length") == 1
    assert not page.errors


def test_spectators_start_nothing_with_n(open_shell):
    page = open_shell(None)
    page.evaluate("(f) => window.shell.onFrame(f)", state(4, None, version=9, hand=[], rows=["Taker"]))
    page.keyboard.press("n")
    assert page.evaluate("window.sent") == []


def test_one_polite_line_says_whose_turn_who_won_the_trick_and_the_result(open_shell):
    page = open_shell(0)
    region = page.locator("#table-announcer")
    assert region.get_attribute("aria-live") == "polite"
    page.evaluate("(f) => window.shell.onFrame(f)", state(4, 0, version=1, to_act=[1], hand=HAND))
    assert announced(page) == ""  # the page's first frame is what it shows, not news
    opened_at_my_turn = open_shell(0)
    opened_at_my_turn.evaluate(
        "(f) => window.shell.onFrame(f)", state(4, 0, version=1, to_act=[0], hand=HAND)
    )
    assert announced(opened_at_my_turn) == "It is your turn."  # unless it waits for this person
    page.evaluate("(f) => window.shell.onFrame(f)", state(4, 0, version=2, to_act=[0], hand=HAND))
    assert announced(page) == "It is your turn."
    done = [{"seat": s, "card": c} for s, c in enumerate(["AS", "2S", "3S", "4S"])]
    page.evaluate(
        "(f) => window.shell.onFrame(f)",
        state(4, 0, version=3, to_act=[3], hand=HAND, last_trick=done, last_winner=3),
    )
    assert announced(page) == "Bot C wins the trick. It is Bot C's turn."
    page.evaluate(
        "(f) => window.shell.onFrame(f)",
        state(4, 0, version=4, to_act=[3], hand=HAND, last_trick=done, last_winner=3, rows=["garde made"]),
    )
    assert announced(page) == "Result: garde made"
    assert region.count() == 1
    assert not page.errors
