"""Seat choice in real Chromium at 1280×800 and 390×844 (docs/decisions-tables.md "Seat choice"): two people open a
Schieber table and sit as partners (seats 0 and 2, Play takes the host's partner seat); a person picks a seat on the
lobby box's picture of the table; bots show their level. The screenshots tests/output/seat-picker-<size>.png (the
lobby) and seat-picker-box-<size>.png (one box) come from here."""

from __future__ import annotations

import pytest

from games.engines.jass.cards import DECK

from .driver import TIMEOUT, create_fixed_table, frame, log_in, new_game_dialog
from .site import DEMO_PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]
SIZES = [(1280, 800), (390, 844)]
FIXED = {"order": list(DECK), "dealer": 3, "bot_seed": 1}


def _page(browser, base: str, name: str, size: tuple[int, int]):
    width, height = size
    page = browser.new_context(bypass_csp=True, viewport={"width": width, "height": height}).new_page()
    log_in(page, base, name, DEMO_PASSWORD)
    return page


def _schieber(page, base: str, people: int) -> int:
    new_game_dialog(page, base, "jass-schieber")
    return create_fixed_table(page, base, FIXED, human_seats=people)


def _box(page, base: str, table_id: int):
    page.goto(base + "/")
    box = page.locator(f'.table-box[data-table="{table_id}"]')
    box.wait_for(timeout=TIMEOUT)
    return box


def _sits_at(page, table_id: int, base: str) -> int:
    page.wait_for_url(f"{base}/tables/{table_id}/", timeout=TIMEOUT)
    page.wait_for_function("window.kibitzShell?.frame?.table", timeout=TIMEOUT)
    return frame(page)["table"]["you"]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_two_people_open_a_schieber_table_and_sit_as_partners(site, browser, output_dir, size):
    alice, bob = (_page(browser, site.url, name, size) for name in ("alice", "bob"))
    table_id = _schieber(alice, site.url, people=2)
    box = _box(bob, site.url, table_id)

    partner = box.locator('li.seat[data-seat="2"]')
    assert "partner of alice" in partner.inner_text()
    assert partner.locator("button", has_text="Sit here").is_visible()
    for bot in (1, 3):  # the bots' seats: marked with their level, nobody's to take
        seat = box.locator(f'li.seat[data-seat="{bot}"]')
        assert seat.locator(".tag-bot").inner_text().lower() == "bot · standard"
        assert seat.locator("button").count() == 0
    box.scroll_into_view_if_needed()
    bob.screenshot(path=str(output_dir / f"seat-picker-{size[0]}x{size[1]}.png"))
    box.screenshot(path=str(output_dir / f"seat-picker-box-{size[0]}x{size[1]}.png"))
    picture = box.locator(".seat-picture").bounding_box()
    assert picture and picture["x"] >= 0 and picture["x"] + picture["width"] <= size[0]

    box.locator("button", has_text="Play").click()
    assert _sits_at(bob, table_id, site.url) == 2  # Play: alice's partner, across the table
    alice.wait_for_function("window.kibitzShell.frame.table.status === 'playing'", timeout=TIMEOUT)
    seats = frame(alice)["table"]["seats"]
    assert [s["bot"] for s in seats] == [False, True, False, True]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_person_chooses_a_seat_on_the_picture(site, browser, size):
    alice, bob, carol = (_page(browser, site.url, name, size) for name in ("alice", "bob", "carol"))
    table_id = _schieber(alice, site.url, people=3)  # seats 0, 1 and 2 for people
    box = _box(bob, site.url, table_id)
    assert box.locator(".seat-pick button").count() == 2  # seats 1 and 2

    box.locator('li.seat[data-seat="1"] button', has_text="Sit here").click()
    assert _sits_at(bob, table_id, site.url) == 1  # the seat he chose, not Play's pick (seat 2)

    carol_box = _box(carol, site.url, table_id)
    assert carol_box.locator(".seat-pick button").count() == 1
    assert "bob" in carol_box.locator('li.seat[data-seat="1"]').inner_text()
    carol_box.locator('li.seat[data-seat="2"] button', has_text="Sit here").click()
    assert _sits_at(carol, table_id, site.url) == 2
    alice.wait_for_function("window.kibitzShell.frame.table.status === 'playing'", timeout=TIMEOUT)
