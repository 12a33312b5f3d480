"""Leaving during a deal in real Chromium (docs/decisions-social.md "Leave and log off"): Leave asks first and says
that a bot plays on; a bot plays the deal out for the person who left, then the seat is free, the match waits, and
the next deal starts when someone takes the seat."""

from __future__ import annotations

import time

import pytest

from .driver import TIMEOUT, frame, log_in, open_table, play_until_done, take_one_step, wait_for_news
from .site import DEMO_PASSWORD
from .tarot_deals import passing_bot_seed, strong_hand_order

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]


def test_a_bot_finishes_the_deal_a_person_left_then_the_seat_waits_for_a_new_player(
    site, browser, output_dir
):
    dealer = 3
    order, deal = strong_hand_order(dealer, strong_seat=0)
    seed = passing_bot_seed(deal, dealer, {0: "garde", 1: "pass"}, bots={2, 3}, first_version=4)
    alice, bob, carol = (_logged_in(browser, site.url, name) for name in ("alice", "bob", "carol"))
    table_id = open_table(
        alice,
        site.url,
        {"order": order, "dealer": dealer, "bot_seed": seed},
        human_seats=2,
        match_end="deals:4",
    )
    bob.locator(f'.table-box[data-table="{table_id}"] button', has_text="Play").click()
    bob.wait_for_url(alice.url, timeout=TIMEOUT)

    end = time.monotonic() + 120  # the bidding and alice's discard, by both people
    while frame(alice)["view"]["phase"] != "play":
        assert time.monotonic() < end, "the bidding did not end"
        if not (take_one_step(alice, "garde", [], []) | take_one_step(bob, "pass", [], [])):
            wait_for_news(alice)
    bob.click("#leave-form button")  # mid-deal: Leave asks first and says what follows
    asked = bob.locator("#leave-dialog")
    asked.wait_for(timeout=TIMEOUT)
    assert "plays your seat until this deal ends" in bob.inner_text("#leave-dialog-bot")
    assert bob.locator("#leave-dialog-money").is_hidden()  # a free table: nothing is reserved
    bob.click("#leave-dialog-stay")
    assert asked.is_hidden() and bob.url == alice.url  # stayed
    bob.click("#leave-form button")
    bob.click("#leave-dialog-leave")
    bob.wait_for_url(site.url + "/", timeout=TIMEOUT)
    alice.wait_for_function("window.kibitzShell.frame.table.seats[1].bot", timeout=TIMEOUT)

    play_until_done([alice], {0: "garde"})  # the bot in bob's seat plays his cards
    alice.locator(".waiting-for-players").wait_for(timeout=TIMEOUT)
    shown = frame(alice)["table"]
    assert shown["status"] == "open" and shown["seats"][1]["open"] and not shown["match_over"]
    assert alice.locator("#next-deal").count() == 0
    alice.locator('.seat-box[data-seat="1"]', has_text="free seat").wait_for(timeout=TIMEOUT)
    assert "bob: " in alice.inner_text("#score-sheet tr.scores")  # his deal, though a bot finished it
    alice.screenshot(path=str(output_dir / "seat-free-after-leaving.png"), full_page=True)

    box = carol.locator(f'.table-box[data-table="{table_id}"]')
    box.locator("li.open").wait_for(timeout=TIMEOUT)  # the lobby socket shows the freed seat
    box.locator("button", has_text="Play").click()
    carol.wait_for_url(alice.url, timeout=TIMEOUT)
    alice.wait_for_function("window.kibitzShell.frame.table.round.number === 2", timeout=TIMEOUT)
    carol.wait_for_function("window.kibitzShell && window.kibitzShell.frame", timeout=TIMEOUT)
    assert frame(carol)["table"]["you"] == 1 and frame(alice)["table"]["status"] == "playing"
    assert frame(alice)["view"]["phase"] != "done"


def _logged_in(browser, base: str, name: str):
    page = browser.new_context(bypass_csp=True, viewport={"width": 1100, "height": 850}).new_page()
    log_in(page, base, name, DEMO_PASSWORD)
    return page
