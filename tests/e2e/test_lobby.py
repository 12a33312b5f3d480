"""The lobby in Chromium: static/js/lobby.js draws every table box, from the page's boxes at load and from the
lobby socket's frames after, with money from static/js/money.js in the player's language."""

from __future__ import annotations

import pytest

from .driver import TIMEOUT, log_in, open_table
from .site import DEMO_PASSWORD
from .tarot_deals import strong_hand_order

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def box_texts(page, table_id: int) -> dict[str, str]:
    """What one box shows: title, status, stake line, seats, and whether Play is offered."""
    box = page.locator(f'.table-box[data-table="{table_id}"]')
    box.wait_for(timeout=TIMEOUT)
    return {
        "title": box.locator(".box-title").inner_text(),
        "status": box.locator(".box-status").inner_text(),
        "stake": box.locator(".box-stake").inner_text(),
        "seats": " | ".join(box.locator(".box-seats li").all_inner_texts()),
        "play": str(box.locator("form.box-play").is_visible()),
        "watch": box.locator(".box-watch").get_attribute("href"),
        "link": box.locator(".box-watch").inner_text(),
    }


def test_the_script_draws_each_box_the_same_at_load_and_live(site, browser, output_dir):
    pages = {}
    for name in ("alice", "bob", "carol"):
        pages[name] = browser.new_context(bypass_csp=True, viewport={"width": 1100, "height": 850}).new_page()
        log_in(pages[name], site.url, name, DEMO_PASSWORD)
    alice, bob, carol = pages["alice"], pages["bob"], pages["carol"]
    carol.goto(site.url + "/accounts/profile/")
    carol.select_option("#id_language", "de")
    carol.click("form.stack button[type=submit]")
    carol.goto(site.url + "/")
    bob.goto(site.url + "/")
    bob.wait_for_function("window.kibitzLobbySocket && window.kibitzLobbySocket.readyState === 1")
    carol.wait_for_function("window.kibitzLobbySocket && window.kibitzLobbySocket.readyState === 1")

    order, _deal = strong_hand_order(3, strong_seat=0)
    table_id = open_table(
        alice, site.url, {"order": order, "dealer": 3, "bot_seed": 1}, human_seats=2, stake="0,12"
    )
    live = box_texts(bob, table_id)  # drawn from the lobby socket's frame
    assert live["title"] == "French Tarot" and live["status"] == "waiting for players"
    assert live["stake"] == "stake 0.12 · limit 18.00"  # French Tarot's default limit: 150 × the stake
    assert live["seats"].startswith("alice | free seat") and live["play"] == "True"
    assert live["watch"] == f"/tables/{table_id}/" and live["link"] == "Watch"
    german = box_texts(carol, table_id)
    assert (german["status"], german["stake"]) == ("wartet auf Spieler", "Einsatz 0,12 · Limit 18,00")
    assert german["seats"].startswith("alice | freier Platz")
    bob.screenshot(path=str(output_dir / "lobby-live-box.png"), full_page=True)

    bob.reload()  # drawn from the page's embedded boxes, before any frame
    assert box_texts(bob, table_id) == live
    bob.locator(f'.table-box[data-table="{table_id}"] button', has_text="Play").click()
    bob.wait_for_url(f"{site.url}/tables/{table_id}/", timeout=TIMEOUT)

    carol.locator(f'.table-box[data-table="{table_id}"] .box-status', has_text="im Spiel").wait_for(
        timeout=TIMEOUT
    )
    seated = box_texts(carol, table_id)
    assert seated["play"] == "False" and seated["seats"].startswith("alice | bob")
    assert seated["link"] == "Zuschauen"  # carol is not seated there
    carol.screenshot(path=str(output_dir / "lobby-box-german.png"), full_page=True)
    bob.goto(site.url + "/")  # bob is seated there: his box leads back to his seat
    mine = box_texts(bob, table_id)
    assert (mine["link"], mine["watch"], mine["play"]) == ("Back to my seat", f"/tables/{table_id}/", "False")
