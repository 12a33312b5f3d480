"""French Tarot in real Chromium: sign up, a table against bots, a table for two people
(docs/decisions-tables.md "Done when")."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from .driver import TIMEOUT, demo_players_at_desks, frame, open_table, play_until_done, sign_up
from .tarot_deals import passing_bot_seed, strong_hand_order

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]


def test_it_lets_a_new_player_win_a_contract_against_three_bots_and_check_the_deal(site, browser, output_dir):
    dealer = 3  # seat 0 is forehand: it bids first
    order, deal = strong_hand_order(dealer, strong_seat=0)
    seed = passing_bot_seed(deal, dealer, {0: "garde"}, bots={1, 2, 3}, first_version=3)
    context = browser.new_context(bypass_csp=True, viewport={"width": 1200, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    sign_up(page, site.url, "erin", "a-long-test-password-42")
    open_table(page, site.url, {"order": order, "dealer": dealer, "bot_seed": seed})
    page.wait_for_selector("#dialog[open]", timeout=TIMEOUT)
    shown_hash = frame(page)["table"]["round"]["deck_hash"]
    page.screenshot(path=str(output_dir / "table-desktop-bidding.png"))

    def screenshots_mid_deal(p):
        p.wait_for_function("window.kibitzShell.myTurn()", timeout=TIMEOUT)
        p.screenshot(path=str(output_dir / "table-desktop.png"), full_page=True)
        p.set_viewport_size({"width": 390, "height": 844})
        p.screenshot(path=str(output_dir / "table-phone.png"), full_page=True)
        p.set_viewport_size({"width": 1200, "height": 900})

    acted = play_until_done([page], {0: "garde"}, on_trick=screenshots_mid_deal)
    assert acted["drags"] and len(acted["drags"]) + len(acted["clicks"]) >= 18
    result = frame(page)["view"]["result"]
    assert result["status"] == "scored" and result["taker"] == 0 and result["contract"] == "garde"
    assert [a for a in frame(page)["view"]["bids"] if a["seat"] != 0] == [
        {"seat": s, "bid": "pass"} for s in (1, 2, 3)
    ]

    sheet = page.locator("#score-sheet")
    sheet.wait_for(timeout=TIMEOUT)
    text = sheet.inner_text()
    assert "Garde" in text and str(result["value"]) in text
    for item in result["items"]:
        assert page.locator(f"#score-sheet tr.item-{item['item']}").count() >= 1
    sheet.screenshot(path=str(output_dir / "score-sheet.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(output_dir / "score-sheet-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1200, "height": 900})

    page.click("#history-link")
    page.wait_for_selector("#deck-verdict[data-ok]", state="attached", timeout=TIMEOUT)  # in the folded panel
    assert page.get_attribute("#deck-verdict", "data-ok") == "true"
    salt = (page.text_content("#deck-salt") or "").strip()
    revealed = (page.text_content("#deck-order") or "").split()
    assert revealed == order
    assert hashlib.sha256(f"{salt}:{' '.join(revealed)}".encode()).hexdigest() == shown_hash
    with page.expect_download() as download:
        page.click("#replay-download")
    replay = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert replay["game"] == "french-tarot" and replay["deal"] == deal and len(replay["actions"]) >= 76
    assert not errors
    context.close()


def test_it_seats_two_people_with_two_bots_for_a_full_deal(site, browser, output_dir):
    dealer = 3
    order, deal = strong_hand_order(dealer, strong_seat=0)
    seed = passing_bot_seed(deal, dealer, {0: "garde", 1: "pass"}, bots={2, 3}, first_version=4)
    pages = demo_players_at_desks(browser, site.url, ("alice", "bob"))
    alice, bob = pages
    open_table(alice, site.url, {"order": order, "dealer": dealer, "bot_seed": seed}, human_seats=2)
    table_url = alice.url
    box = bob.locator(f'.table-box[data-table="{table_url.rstrip("/").split("/")[-1]}"]')
    box.wait_for(timeout=TIMEOUT)  # the lobby socket brought the new table's box
    box.locator("button", has_text="Play").click()
    bob.wait_for_url(table_url, timeout=TIMEOUT)
    play_until_done(pages, {0: "garde", 1: "pass"})
    for page in pages:
        page.locator("#score-sheet").wait_for(timeout=TIMEOUT)
    assert frame(alice)["view"]["result"] == frame(bob)["view"]["result"]
    assert frame(bob)["table"]["you"] == 1
    bob.screenshot(path=str(output_dir / "two-people-bob.png"), full_page=True)
