"""Rummy in real Chromium (static/js/games/rummy.js; docs/decisions-rummy.md "Table"): a new player plays a whole
deal against three bots by clicks and drags on a fixed deal (tests/e2e/rummy_deals.py), and the counting shown is
the replay's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.engines.core import get_game
from games.engines.core.replay import replay

from .driver import TIMEOUT, frame, sign_up
from .rummy_deals import WHOLE_DEAL_DEALER, WHOLE_DEAL_DISCARD, WHOLE_DEAL_OPENING, whole_deal_order
from .rummy_table import (
    STRIP,
    act,
    drag_card,
    drag_onto_table,
    hand_card,
    open_rummy_table,
    pick,
    wait_my_step,
)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]


def test_a_new_player_plays_a_whole_deal_against_three_bots_by_clicks_and_drags(site, browser, output_dir):
    order = whole_deal_order()
    context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    sign_up(page, site.url, "rosa", "a-long-test-password-42")
    open_rummy_table(page, site.url, order, WHOLE_DEAL_DEALER)

    # Turn 1: the upcard from the open pile, the opening of 30 with the joker picked and dragged onto the table
    # (Lay down lays no joker), a discard by click.
    f = wait_my_step(page, "draw")
    assert f["view"]["discard"] == ["4S"] and page.is_visible("#rummy-stock")
    f = act(page, "drawing from the pile", lambda: page.click("#rummy-pile"))
    assert f["view"]["taken"] == "4S" and len(f["view"]["hand"]) == 14
    wait_my_step(page, "main")
    page.wait_for_selector("#hand .card.meldable", timeout=TIMEOUT)  # the hints' cards outlined blue
    assert page.is_enabled("#lay-down-button")
    page.screenshot(path=str(output_dir / "rummy-desktop-turn.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(output_dir / "rummy-phone-turn.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    pick(page, WHOLE_DEAL_OPENING)
    assert page.is_disabled("#lay-down-button")
    f = act(page, "dragging the opening onto the table", lambda: drag_onto_table(page, "JK"))
    assert f["view"]["opened"][0] and f["view"]["melds"][0]["cards"] == ["10H", "JK=JH", "QH"]
    pick(page, [WHOLE_DEAL_DISCARD])
    f = act(page, "discarding by the pile", lambda: page.click("#rummy-pile"))
    assert f["view"]["discard"][-1] == WHOLE_DEAL_DISCARD and f["view"]["current"] != 0

    # While the bots play: the hand is rearranged by drag (KC to the far left), and the order survives a reload.
    page.evaluate(
        """() => document.addEventListener('pointerup', () => {
          window.dropTurn = window.kibitzShell.frame.view.current; }, { capture: true, once: true })"""
    )
    first = page.locator("#hand .card").first.get_attribute("data-key")
    drag_card(page, "KC", f'#hand .card[data-key="{first}"]', target_position=STRIP)
    assert page.evaluate("window.dropTurn") != 0, "the rearranging was not done while a bot was on turn"
    assert page.locator("#hand .card").first.get_attribute("data-card") == "KC"
    arranged = page.eval_on_selector_all("#hand .card", "es => es.map(e => e.dataset.card)")
    page.reload()
    page.wait_for_function("window.kibitzShell && window.kibitzShell.frame", timeout=TIMEOUT)
    page.wait_for_selector("#hand .card", timeout=TIMEOUT)
    assert page.eval_on_selector_all("#hand .card", "es => es.map(e => e.dataset.card)") == arranged

    # Turn 2: the stock, the joker swap (JH dropped on the joker), a lay-off by drag onto seat 1's run with the blue
    # arrow, the melds without a joker laid down, the joker's meld dragged onto the table (the joker alone), and out.
    f = wait_my_step(page, "draw")
    run = next(i for i, m in enumerate(f["view"]["melds"]) if m["by"] == 1)
    assert f["view"]["melds"][run]["cards"] == ["10C", "JC", "QC"]
    f = act(page, "drawing from the stock", lambda: page.click("#rummy-stock"))
    assert f["view"]["taken"] is None and len(f["view"]["drawn"]) == 1
    wait_my_step(page, "main")
    f = act(page, "swapping the joker", lambda: drag_card(page, "JH", '.meld[data-meld="0"] .meld-joker'))
    assert f["view"]["melds"][0]["cards"] == ["10H", "JH", "QH"] and "JK" in f["view"]["hand"]

    source = hand_card(page, "KC").bounding_box()
    target = page.locator(f'.meld[data-meld="{run}"] .meld-button').bounding_box()
    assert source and target
    version = frame(page)["version"]
    page.mouse.move(source["x"] + STRIP["x"], source["y"] + STRIP["y"])
    page.mouse.down()
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=8)
    page.mouse.move(
        target["x"] + target["width"] / 2 + 2, target["y"] + target["height"] / 2
    )  # over it: dragover
    page.wait_for_selector(f'.meld[data-meld="{run}"] .meld-arrow[data-end="end"]', timeout=TIMEOUT)
    page.screenshot(path=str(output_dir / "rummy-desktop-lay-off-arrow.png"))
    page.mouse.up()
    page.wait_for_function(f"window.kibitzShell.version > {version}", timeout=TIMEOUT)
    assert frame(page)["view"]["melds"][run]["cards"] == ["10C", "JC", "QC", "KC"]

    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(output_dir / "rummy-phone-melds.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    f = act(page, "laying down the rest", lambda: page.click("#lay-down-button"))
    assert "JK" in f["view"]["hand"] and not any("JK" in c for m in f["view"]["melds"] for c in m["cards"])
    f = act(page, "dragging the joker onto the table", lambda: drag_onto_table(page, "JK"))
    assert any(
        {"7D", "8D"} <= set(m["cards"]) and any(c.startswith("JK") for c in m["cards"])
        for m in f["view"]["melds"]
    )
    if f["view"]["phase"] != "done":
        last = f["view"]["hand"]
        assert len(last) == 1
        act(page, "discarding the last card by drag", lambda: drag_card(page, last[0], "#rummy-pile"))
    page.wait_for_selector("#score-dialog[open]", timeout=TIMEOUT)
    f = frame(page)
    result = f["view"]["result"]
    assert result["winner"] == 0
    page.screenshot(path=str(output_dir / "rummy-desktop-counting.png"))
    for seat in (1, 2, 3):
        shown = page.inner_text(f'#score-sheet tr.penalty-row[data-seat="{seat}"] .penalty')
        assert int(shown) == result["penalties"][seat]
        assert str(result["penalties"][seat]) in page.inner_text(f'.seat-penalty[data-seat="{seat}"]')
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(output_dir / "rummy-phone-counting.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})

    # The replay file gives the same penalties as the counting shown.
    page.click("#history-link")
    page.wait_for_selector("#deck-verdict[data-ok]", state="attached", timeout=TIMEOUT)  # in the folded panel
    assert page.get_attribute("#deck-verdict", "data-ok") == "true"
    with page.expect_download() as download:
        page.click("#replay-download")
    doc = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    game = get_game(doc["game"])
    state = replay(game, doc["options"], doc["deal"], doc["dealer"], doc["actions"], doc.get("start"))
    assert game.view(state, None)["result"]["penalties"] == result["penalties"]
    assert not errors
    context.close()
