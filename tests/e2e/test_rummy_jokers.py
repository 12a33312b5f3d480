"""Rummy's jokers in real Chromium (docs/decisions-rummy.md "Table", T-4): a joker reaches a meld or the
pile only by a drag (a mouse on a desktop, a finger on a phone) or the keyboard's pick and Enter; a click or a tap
on the pile or a meld never moves one, and "Lay down" lays only the melds without a joker. On the fixed deal of
tests/e2e/rummy_deals.py (JOKER_HAND) the person opens with KS KH KD by Lay down, then drags one joker onto that
set and sends the other to the pile: by the mouse and the keyboard at 1280 x 800, by the finger at 390 x 844."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from .driver import TIMEOUT, frame, sign_up
from .rummy_deals import JOKER_DEALER, JOKER_STOCK_TOP, joker_order
from .rummy_table import STRIP, act, hand_card, open_rummy_table, wait_my_step

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def press(page: Page, selector: str, touch: bool, position: dict[str, int] | None = None) -> None:
    """A click (the mouse) or a tap (a finger) on the first match of `selector`."""
    target = page.locator(selector).first
    if touch:
        target.tap(position=position)
    else:
        target.click(position=position)


def nothing_sent(page: Page, version: int) -> None:
    """The page sent no action that moved the table: its notice names the drag, and the frame is still `version`
    after the time a move takes against the live site (its answers come within some 100 ms)."""
    page.wait_for_selector("#notice:not([hidden])", timeout=TIMEOUT)
    assert "drag" in page.inner_text("#notice").lower()
    page.wait_for_timeout(700)
    assert frame(page)["version"] == version  # type: ignore[index]


def touch_drag(
    page: Page, cdp: Any, source: dict[str, float], target: dict[str, float], hover: str = ""
) -> None:
    """Drag with one finger from the point `source` to the point `target` (CSS px in the viewport) through
    Chromium's touch input (the events a phone's screen makes); `hover`: a selector that must appear while the
    finger rests over the target (the drop's highlight)."""
    points = 8
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [source]})
    for step in range(1, points + 1):
        x = source["x"] + (target["x"] - source["x"]) * step / points
        y = source["y"] + (target["y"] - source["y"]) * step / points
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    if hover:
        page.wait_for_selector(hover, timeout=TIMEOUT)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def strip_of(page: Page, selector: str) -> dict[str, float]:
    """The point a person takes a hand card by: its uncovered strip (the cards overlap)."""
    box = page.locator(selector).bounding_box()
    assert box
    return {"x": box["x"] + STRIP["x"], "y": box["y"] + min(STRIP["y"], box["height"] / 3)}


def centre_of(page: Page, selector: str) -> dict[str, float]:
    box = page.locator(selector).bounding_box()
    assert box
    return {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}


@pytest.mark.parametrize("touch", [False, True], ids=["desktop-mouse", "phone-touch"])
def test_a_joker_moves_only_by_a_drag_or_the_keyboard_never_by_a_click_or_a_tap(
    site, browser, touch, output_dir
):
    size = PHONE if touch else DESKTOP
    context = browser.new_context(bypass_csp=True, viewport=size, has_touch=touch)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    sign_up(page, site.url, "jo-touch" if touch else "jo-mouse", "a-long-test-password-42")
    open_rummy_table(page, site.url, joker_order(), JOKER_DEALER, players=2)
    wait_my_step(page, "draw")
    f = act(page, "drawing from the stock", lambda: press(page, "#rummy-stock", touch))
    assert f["view"]["drawn"] == [JOKER_STOCK_TOP]
    f = wait_my_step(page, "main")
    pile = list(f["view"]["discard"])

    # A joker picked by a click or a tap: the pile refuses it (no Discard button for it), and Lay down stays off
    # while it is picked.
    press(page, '#hand .card[data-key="JK:1"]', touch, STRIP)
    page.wait_for_selector('#hand .card.selected[data-key="JK:1"]', timeout=TIMEOUT)
    assert page.locator("#discard-button").count() == 0 and page.is_disabled("#lay-down-button")
    press(page, "#rummy-pile", touch)
    nothing_sent(page, f["version"])
    assert frame(page)["view"]["discard"] == pile and frame(page)["view"]["hand"].count("JK") == 2

    # Nothing picked: Lay down opens with the set of kings alone (the hint's best melds hold the jokers).
    press(page, '#hand .card[data-key="JK:1"]', touch, STRIP)
    page.wait_for_selector("#hand .card.selected", state="detached", timeout=TIMEOUT)
    assert any(e.startswith("JK") for g in f["hints"]["melds"]["groups"] for e in g)
    f = act(page, "laying down", lambda: press(page, "#lay-down-button", touch))
    assert [m["cards"] for m in f["view"]["melds"]] == [["KS", "KH", "KD"]]
    assert f["view"]["hand"].count("JK") == 2 and f["view"]["opened"][0]

    # A picked joker and a click or a tap on the meld: not laid off.
    press(page, '#hand .card[data-key="JK:1"]', touch, STRIP)
    page.wait_for_selector('#hand .card.selected[data-key="JK:1"]', timeout=TIMEOUT)
    press(page, '.meld[data-meld="0"] .meld-button', touch)
    nothing_sent(page, f["version"])
    assert frame(page)["view"]["melds"][0]["cards"] == ["KS", "KH", "KD"]

    # The drag moves it: onto the set (the meld lit while the joker is over it).
    meld = '.meld[data-meld="0"]'
    if touch:
        cdp = context.new_cdp_session(page)
        source = strip_of(page, '#hand .card[data-key="JK:1"]')
        f = act(
            page,
            "dragging a joker onto the set by finger",
            lambda: touch_drag(
                page, cdp, source, centre_of(page, f"{meld} .meld-button"), f"{meld}.drop-over"
            ),
        )
    else:
        f = act(
            page,
            "dragging a joker onto the set by mouse",
            lambda: hand_card(page, "JK").drag_to(
                page.locator(f"{meld} .meld-button"), source_position=STRIP
            ),
        )
    assert len(f["view"]["melds"][0]["cards"]) == 4 and any(
        e.startswith("JK") for e in f["view"]["melds"][0]["cards"]
    )
    assert f["view"]["hand"].count("JK") == 1 and f["view"]["current"] == 0
    page.screenshot(path=str(output_dir / f"rummy-{'phone' if touch else 'desktop'}-joker-laid-off.png"))

    # The other joker to the pile: by finger, or by the keyboard (Space picks it, Enter sends it).
    if touch:
        source = strip_of(page, '#hand .card[data-key="JK:1"]')
        f = act(
            page,
            "dragging the joker onto the pile by finger",
            lambda: touch_drag(page, cdp, source, centre_of(page, "#rummy-pile"), "#rummy-pile.drop-here"),
        )
    else:
        page.focus('#hand .card[data-key="JK:1"]')
        page.keyboard.press("Space")
        page.wait_for_selector('#hand .card.selected[data-key="JK:1"]', timeout=TIMEOUT)
        f = act(page, "discarding the joker by keyboard", lambda: page.keyboard.press("Enter"))
    assert f["view"]["discard"][-1] == "JK" and "JK" not in f["view"]["hand"] and f["view"]["current"] == 1
    assert not errors
    context.close()
