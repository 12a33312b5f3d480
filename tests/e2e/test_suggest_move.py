"""Suggest a move in real Chromium (docs/decisions-tables.md "Suggest a move"): the host opens a French Tarot table with
suggestions on, both people see the table's term (the lobby box, the table), and at the host's first card "Suggest a
move" marks a legal card of the hand, which the host plays. The other person's socket hears nothing of it."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from .driver import (
    TIMEOUT,
    VISIBLE_EDGE,
    create_fixed_table,
    demo_players_at_desks,
    frame,
    new_game_dialog,
    take_one_step,
)
from .tarot_deals import passing_bot_seed, strong_hand_order

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]


def _record_frames(page: Any) -> list[dict[str, Any]]:
    """Every frame the page's sockets receive from now on, decoded."""
    frames: list[dict[str, Any]] = []

    def on_socket(socket: Any) -> None:
        socket.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_socket)
    return frames


def test_it_marks_a_legal_card_that_the_host_plays_and_tells_nobody_else(site, browser, output_dir):
    dealer = 3  # seat 0 bids first and, taking with a Garde, leads the first trick
    order, deal = strong_hand_order(dealer, strong_seat=0)
    seed = passing_bot_seed(deal, dealer, {0: "garde", 1: "pass"}, bots={2, 3}, first_version=4)
    pages = demo_players_at_desks(browser, site.url, ("alice", "bob"))
    alice, bob = pages
    errors: list[str] = []
    for page in pages:
        page.on("pageerror", lambda e: errors.append(str(e)))
    new_game_dialog(alice, site.url, "french-tarot")
    alice.select_option("#id_french-tarot__match_end", "deals:1")
    alice.check("#id_suggestions")
    heard_by_alice = _record_frames(alice)  # the table's socket opens with its page
    create_fixed_table(alice, site.url, {"order": order, "dealer": dealer, "bot_seed": seed}, human_seats=2)
    table_url = alice.url
    box = bob.locator(f'.table-box[data-table="{table_url.rstrip("/").split("/")[-1]}"]')
    box.locator(".box-suggestions").wait_for(timeout=TIMEOUT)  # the lobby box lists the term
    heard_by_bob = _record_frames(bob)
    box.locator("button", has_text="Play").click()
    bob.wait_for_url(table_url, timeout=TIMEOUT)
    for page in pages:
        page.locator("#table-suggestions").wait_for(timeout=TIMEOUT)  # every seat sees the term

    bid_checked = False
    end = time.monotonic() + 120
    while not (frame(alice)["view"]["phase"] == "play" and alice.evaluate("window.kibitzShell.myTurn()")):
        assert time.monotonic() < end, frame(alice)
        if (
            not bid_checked
            and frame(alice)["view"]["phase"] == "bidding"
            and alice.evaluate("window.kibitzShell.myTurn()")
        ):
            _a_suggested_bid_marks_its_dialog_button(alice, heard_by_alice)
            bid_checked = True
        acted = take_one_step(alice, "garde", [], []) | take_one_step(bob, "pass", [], [])
        if not acted:
            time.sleep(0.05)
    assert bob.locator("#suggest-button").count() == 0  # not bob's turn
    card = None
    for _ask in range(2):  # the bot may first suggest showing a handful: followed, then a card is asked for
        version = frame(alice)["version"]
        alice.click("#suggest-button")
        alice.locator("#suggestion-line").wait_for(timeout=TIMEOUT)
        assert "Suggested move" in alice.inner_text("#suggestion-line")
        action = [f for f in heard_by_alice if f.get("type") == "suggestion"][-1]["action"]
        marked = alice.locator(".hand .card.suggested")
        assert frame(alice)["version"] == version  # asking moved nothing
        if "handful" in action:
            assert sorted(marked.evaluate_all("cards => cards.map((c) => c.dataset.card)")) == sorted(
                action["handful"]
            )
            alice.click("#handful-button.suggested")
            for box in alice.locator("#dialog input[name=handful]").all():
                box.set_checked(box.get_attribute("value") in action["handful"])
            alice.click('#dialog button[data-value="show"]')
            alice.wait_for_function(f"window.kibitzShell.version > {version}", timeout=TIMEOUT)
            continue
        assert marked.count() == 1
        alice.screenshot(path=str(output_dir / "suggested-move.png"))
        card = marked.get_attribute("data-card")
        assert action == {"play": card} and card in [a["play"] for a in frame(alice)["legal"] if "play" in a]
        marked.click(position=VISIBLE_EDGE)
        alice.wait_for_function(f"window.kibitzShell.version > {version}", timeout=TIMEOUT)
        break
    assert card is not None and bid_checked
    assert card not in frame(alice)["view"]["hand"]
    assert [p["card"] for p in frame(alice)["view"]["trick"] if p["seat"] == 0] == [card]
    assert alice.locator(".suggested").count() == 0  # the table moved: the suggestion is gone

    bob.wait_for_function(f"window.kibitzShell.version > {version}", timeout=TIMEOUT)
    assert [f for f in heard_by_alice if f.get("type") == "suggestion"][-1]["action"] == {"play": card}
    # bob heard the table (its state frames, which name the table's term) and nothing of alice's question
    assert any(f.get("type") == "state" and f["table"]["suggestions"] for f in heard_by_bob)
    assert not [f for f in heard_by_bob if f.get("type") in ("suggestion", "error")]
    assert not errors
    for page in pages:
        page.context.close()


def _a_suggested_bid_marks_its_dialog_button(alice: Any, heard: list[dict[str, Any]]) -> None:
    """At alice's bid the suggestion marks the bidding dialog's button of the bid it names (and only that one);
    the sentence sits above the hand, in the page's flow, not in the action bar over it."""
    alice.locator("#dialog[open]").wait_for(timeout=TIMEOUT)
    alice.click("#suggest-button")
    alice.locator("#suggestion-line").wait_for(timeout=TIMEOUT)
    action = [f for f in heard if f.get("type") == "suggestion"][-1]["action"]
    marked = alice.locator("#dialog button.suggested")
    assert marked.count() == 1 and marked.get_attribute("data-value") == action["bid"], action
    assert alice.locator(".actions #suggestion-line").count() == 0
