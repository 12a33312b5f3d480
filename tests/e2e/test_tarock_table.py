"""Tarock (Zwanzigerrufen) in real Chromium on the live site, on the fixed deals of tests/e2e/tarock_deals.py
(docs/rules/tarock.md §5–§7): a new player against three bots plays a Rufer with the Pagat won in the last trick
by mouse (a drag, then clicks), the auction's legal calls as large buttons and the others only behind "Why not?"
(both sizes, inside the viewport), the match length in the bar, a deal as the Trull-holding defender whom the page
obliges to Kontra by keyboard,
and a Farbensolo by clicks; each score sheet shows every item of the engine's result. Then two people and two
bots: the partner's won tricks appear in no frame and on no page before the called Tarock falls, and each partner
opens the other's after it. Screenshots tests/output/tarock-*.png at 1280×800 and 390×844."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, ClassVar

import pytest
from playwright.sync_api import Page

from .driver import (
    TIMEOUT,
    VISIBLE_EDGE,
    frame,
    join_from_lobby,
    log_in,
    outside_viewport,
    sign_up,
    wait_for_news,
)
from .keyboard_tarock import TarockKeyboard, choose_card
from .site import DEMO_PASSWORD
from .tarock_deals import FARBENSOLO, PAGAT_RUFER, PARTNER_PUBLIC, TRULL_DEFENDER, open_tarock_table

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
PASSWORD = "a-long-test-password-42"
BUTTONS = "#dialog[open] .buttons button"


def _page(browser, viewport=DESKTOP) -> Page:
    page = browser.new_context(bypass_csp=True, viewport=viewport).new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda e: page.errors.append(str(e)))  # type: ignore[attr-defined]
    return page


def _both_sizes(page: Page, path: Path) -> None:
    """Screenshots at 1280×800 (`path`) and 390×844 (`…-phone.png`); the page returns to the desktop size."""
    page.screenshot(path=str(path))
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(path.with_name(path.stem.replace("-desktop", "") + "-phone.png")))
    page.set_viewport_size(DESKTOP)


def _buttons(page: Page) -> list[str]:
    page.wait_for_selector(BUTTONS, timeout=TIMEOUT)
    return page.eval_on_selector_all(BUTTONS, "bs => bs.map(b => b.dataset.value)")


def _my_turn(page: Page) -> dict[str, Any] | None:
    f = frame(page)
    if not f or not f["view"] or f["read_only"] or f["table"]["you"] not in f["view"]["to_act"]:
        return None
    return f


def _wait_moved(page: Page, version: int) -> None:
    page.wait_for_function(f"window.kibitzShell.version > {version}", timeout=TIMEOUT)


def _mouse_step(page: Page, call: str, dragged: list[int], card_of=None) -> bool:
    """If the page's seat is to act: press the question's button `call` (or its first), or play a card by drag
    (the first time) or click; waits until the table moved. Returns whether it acted."""
    f = _my_turn(page)
    if f is None:
        return False
    if f["view"]["phase"] == "auction":
        buttons = _buttons(page)
        page.click(f'{BUTTONS}[data-value="{call if call in buttons else buttons[0]}"]')
    elif f["view"]["phase"] == "play":
        legal = [a["play"] for a in f["legal"] if "play" in a]
        card = card_of(f, legal) if card_of else choose_card(legal)
        if card is None:
            return False  # the test holds this card back for now
        source = page.locator(f'#hand .card[data-card="{card}"]')
        if not dragged:
            source.drag_to(page.locator("#center"), source_position=VISIBLE_EDGE)
            dragged.append(f["version"])
        else:
            source.click(position=VISIBLE_EDGE)
    else:
        return False
    _wait_moved(page, f["version"])
    return True


def _until_done(page: Page, step, limit: float = 240) -> None:
    end = time.monotonic() + limit
    while (frame(page)["view"] or {}).get("phase") != "done":
        assert time.monotonic() < end, f"the deal did not finish: {frame(page)}"
        if not step():
            wait_for_news(page)


def _check_sheet(page: Page) -> dict[str, Any]:
    """The score sheet shows a row for every item of the engine's result, the game value and the payments."""
    page.wait_for_selector("#score-dialog[open] #score-sheet", timeout=TIMEOUT)
    result = frame(page)["view"]["result"]
    for item in result["items"]:
        row = page.locator(f"#score-sheet tr.item-{item['item']}")
        assert row.count() == 1, item
        assert f"{item['units']:+d}" in row.inner_text(), (item, row.inner_text())
    assert f"{result['value']:+d}" in page.inner_text("#score-sheet tr.value")
    assert page.locator("#score-sheet tr.payments .payment").count() == len(result["payments"])
    return result


def _play_reason(page: Page, card: str) -> str | None:
    return page.get_attribute(f'#hand .card.illegal[data-card="{card}"]', "title")


def _why_not(page: Page) -> None:
    """The auction's question as a person meets it: the legal calls as large buttons, the impossible ones only
    behind "Why not?", which opens on a click and then lies inside the viewport too; checked at both sizes."""
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        heights = page.eval_on_selector_all(BUTTONS, "bs => bs.map(b => b.getBoundingClientRect().height)")
        assert heights and min(heights) >= 44, heights  # large enough to hit with a thumb
        assert not (outside := outside_viewport(page, f"#dialog[open], {BUTTONS}")), outside
        if page.locator(".tarock-why-not[open]").count():
            page.click(".tarock-why-not summary")  # closed again for the next size
        assert page.locator(".tarock-refused").is_hidden()  # no wall of text until asked
        assert page.locator("#dialog s").count() == 0  # nothing struck through
        page.click(".tarock-why-not summary")
        assert page.locator(".tarock-refused").is_visible()
        assert not (outside := outside_viewport(page, ".tarock-why-not, .tarock-refused li")), outside
    page.set_viewport_size(DESKTOP)


def test_a_rufer_with_the_pagat_won_in_the_last_trick_by_mouse(site, browser, output_dir):
    page = _page(browser)
    sign_up(page, site.url, "pagat-player", PASSWORD)
    open_tarock_table(page, site.url, PAGAT_RUFER)
    buttons = _buttons(page)
    assert "contract:rufer" in buttons and "pass:true" not in buttons  # the forehand must open
    page.check('#dialog[open] input[name="bundle"][value="pagat"]')  # the Pagat goes with the bid (§5.4)
    assert page.inner_text(f'{BUTTONS}[data-value="contract:rufer"]') == "Rufer + Pagat"
    assert (
        "contract:farbensolo" not in buttons
    )  # five suit cards needed: not a button, a reason under "Why not?"
    assert page.locator(".forehand-flag").count() == 1 and page.locator(".your-turn").count() == 1
    assert page.inner_text("#match-length") == "Deal 1 of 1"  # the match's length in the bar (§10 `deals`)
    assert page.locator("#match-length").is_visible()
    _both_sizes(page, output_dir / "tarock-auction-desktop.png")  # "Why not?" closed
    _why_not(page)
    weiter = page.inner_text('.tarock-refused li[data-value~="pass:true"]')
    assert "Weiter" in weiter and "The forehand opens the auction with a game." in weiter
    assert "A Farbensolo needs at least five suit cards." in page.inner_text(
        '.tarock-refused li[data-value~="contract:farbensolo"]'
    )
    _both_sizes(page, output_dir / "tarock-auction-why-not-desktop.png")

    dragged: list[int] = []
    shot = False
    while (frame(page)["view"] or {}).get("phase") != "done":
        f = _my_turn(page)
        if f and f["view"]["phase"] == "play" and not shot:
            page.wait_for_selector("#hand .card.legal", timeout=TIMEOUT)
            assert _play_reason(page, "T1") == "Your announced Pagat is kept for the last trick."
            assert page.inner_text(".called-card") and page.inner_text(".partner-name") == "unknown"
            _both_sizes(page, output_dir / "tarock-play-desktop.png")
            shot = True
        if not _mouse_step(page, "contract:rufer", dragged):
            wait_for_news(page)
    assert dragged and shot
    result = _check_sheet(page)
    assert result["contract"] == "rufer" and result["declarer"] == 0 and result["partner"] == 2
    pagat = next(i for i in result["items"] if i["item"] == "pagat")
    assert pagat == {"item": "pagat", "announced": True, "kontra": 0, "winner": "decl", "units": 2}
    assert (
        frame(page)["view"]["last_trick"]["winner"] == 0
        and [0, "T1"] in frame(page)["view"]["last_trick"]["cards"]
    )
    _both_sizes(page, output_dir / "tarock-score-desktop.png")

    page.click("#history-link")
    page.wait_for_selector("#deck-verdict[data-ok]", state="attached", timeout=TIMEOUT)  # in the folded panel
    assert page.get_attribute("#deck-verdict", "data-ok") == "true"
    with page.expect_download() as download:
        page.click("#replay-download")
    replay = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert replay["game"] == "tarock" and len(replay["actions"]) == 44
    assert [sorted(h) for h in replay["deal"]["hands"]] == [sorted(h) for h in PAGAT_RUFER["hands"]]
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_the_trull_holding_defender_is_obliged_to_kontra_and_plays_by_keyboard(site, browser, output_dir):
    page = _page(browser)
    sign_up(page, site.url, "trull-player", PASSWORD)
    open_tarock_table(page, site.url, TRULL_DEFENDER)
    page.wait_for_function("window.kibitzShell.myTurn()", timeout=TIMEOUT)
    buttons = _buttons(page)
    assert "kontra:game" in buttons and "pass:true" not in buttons and "announce:pagat" not in buttons
    assert page.inner_text("#dialog[open] h2") == "You must give Kontra"
    assert page.inner_text(".tarock-obliged") == "You hold the Trull as a defender: you must give Kontra."
    _why_not(page)
    refused = page.inner_text('.tarock-refused li[data-value~="pass:true"]')
    assert "you must give Kontra" in refused
    assert "you must give Kontra" in page.inner_text('.tarock-refused li[data-value~="announce:pagat"]')
    assert page.locator(".dealer-chip").count() == 1
    _both_sizes(page, output_dir / "tarock-kontra-desktop.png")

    driver = TarockKeyboard()
    _until_done(page, lambda: driver.step(page))
    result = _check_sheet(page)
    game = result["items"][0]
    assert game["item"] == "game" and game["kontra"] >= 1
    assert "Kontra" in page.inner_text("#score-sheet tr.item-game")
    trull = [i for i in result["items"] if i["item"] == "trull"]
    assert trull and trull[0]["winner"] == "def" and page.locator("#score-sheet tr.item-trull").count() == 1
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_a_farbensolo_greys_the_tarocks_on_the_lead_and_is_played_by_clicks(site, browser, output_dir):
    page = _page(browser)
    sign_up(page, site.url, "farben-player", PASSWORD)
    open_tarock_table(page, site.url, FARBENSOLO)
    assert "contract:farbensolo" in _buttons(page)
    dragged: list[int] = [0]  # clicks only
    checked = False
    while (frame(page)["view"] or {}).get("phase") != "done":
        f = _my_turn(page)
        if f and f["view"]["phase"] == "play" and not f["view"]["trick"]["cards"] and not checked:
            page.wait_for_selector("#hand .card.legal", timeout=TIMEOUT)
            reason = "In a Farbensolo you may not lead a Tarock while you hold a suit card."
            assert all(
                _play_reason(page, c) == reason for c in ("T20", "T21", "T22") if c in f["view"]["hand"]
            )
            _both_sizes(page, output_dir / "tarock-farbensolo-desktop.png")
            checked = True
        if not _mouse_step(page, "contract:farbensolo", dragged, card_of=lambda f, legal: legal[0]):
            wait_for_news(page)
    assert checked
    result = _check_sheet(page)
    assert result["contract"] == "farbensolo" and result["declarer"] == 0 and result["partner"] is None
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()


def _record_frames(page: Page) -> list[dict[str, Any]]:
    """Every state frame the page's sockets receive, parsed, in order."""
    frames: list[dict[str, Any]] = []

    def on_frame(payload: Any) -> None:
        try:
            data = json.loads(payload)
        except (TypeError, ValueError):
            return
        if isinstance(data, dict) and data.get("type") == "state" and data.get("view"):
            frames.append(data)

    page.on("websocket", lambda ws: ws.on("framereceived", on_frame))
    return frames


def test_two_partners_see_each_others_won_tricks_only_once_the_called_tarock_is_played(
    site, browser, output_dir
):
    alice, bob = _page(browser), _page(browser)
    frames = {"alice": _record_frames(alice), "bob": _record_frames(bob)}
    log_in(alice, site.url, "alice", DEMO_PASSWORD)
    log_in(bob, site.url, "bob", DEMO_PASSWORD)
    table = open_tarock_table(alice, site.url, PARTNER_PUBLIC, human_seats=2)
    join_from_lobby(bob, table, alice.url)
    assert frame(bob)["table"]["you"] == 1
    partners = _Partners(alice, bob)

    # Until the T18 is played: no frame holds the partner's won tricks, no page offers them.
    _play_up_to_the_called_tarock(partners)
    assert frame(alice)["view"]["won_tricks"][0], "alice won trick 1 and sees it"
    alice.screenshot(path=str(output_dir / "tarock-partner-hidden-desktop.png"))
    before = {who: len(fs) for who, fs in frames.items()}
    for who, partner in (("alice", 1), ("bob", 0)):
        for f in frames[who]:
            assert f["view"]["won_tricks"][partner] is None, (who, f["version"])
            assert who == "bob" or f["view"]["partner"] is None

    _bob_plays_the_called_tarock(partners, output_dir)
    _alice_opens_bobs_won_trick(partners, output_dir)
    for who, partner in (("alice", 1), ("bob", 0)):
        assert any(f["view"]["won_tricks"][partner] for f in frames[who][before[who] :]), who

    _until_done(alice, lambda: partners.step(alice, "") or partners.step(bob, ""))
    for page in (alice, bob):
        _check_sheet(page)
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    assert frame(alice)["view"]["result"] == frame(bob)["view"]["result"]
    for page in (alice, bob):
        page.context.close()


class _Partners:
    """alice (seat 0) and bob (seat 1) of the PARTNER_PUBLIC deal, playing their scripted cards by mouse: bob keeps
    the called Tarock (T18) while it is `held`."""

    SCRIPT: ClassVar[dict[str, list[str]]] = {"alice": ["T22", "T21", "10S"], "bob": ["T4", "T18", "KS"]}

    def __init__(self, alice: Page, bob: Page) -> None:
        self.alice, self.bob = alice, bob
        self.held = {"T18"}  # bob keeps the called Tarock until the test lets him play it

    def step(self, page: Page, call: str) -> bool:
        """`_mouse_step` of `page` (alice's or bob's) with its scripted card, else its first legal one."""
        who = "alice" if page is self.alice else "bob"

        def pick(f: dict[str, Any], legal: list[str]) -> str | None:
            in_hand = len(f["view"]["hand"])
            wanted = self.SCRIPT[who][10 - in_hand] if in_hand > 7 else None
            card = wanted if wanted in legal else legal[0]
            return None if card in self.held else card

        return _mouse_step(page, call, [0], card_of=pick)


def _partner_button(page: Page, seat: int) -> int:
    return page.locator(f'.seat-box[data-seat="{seat}"] .won-cards-button').count()


def _play_up_to_the_called_tarock(partners: _Partners) -> None:
    """alice calls a Rufer, bob passes; they play until bob is to follow alice's T21 (holding the T18). Meanwhile
    no page offers the partner's won tricks and alice's shows the partner as unknown."""
    alice, bob = partners.alice, partners.bob
    end = time.monotonic() + 60
    while not (
        _my_turn(bob) and frame(bob)["view"]["trick"] and frame(bob)["view"]["trick"]["cards"] == [[0, "T21"]]
    ):
        assert time.monotonic() < end, frame(bob)
        assert _partner_button(alice, 1) == 0 and _partner_button(bob, 0) == 0
        if frame(alice)["view"]["contract"]:
            assert alice.inner_text(".partner-name") == "unknown"
        if not (partners.step(alice, "contract:rufer") or partners.step(bob, "pass:true")):
            wait_for_news(alice)


def _bob_plays_the_called_tarock(partners: _Partners, output_dir: Path) -> None:
    """bob plays the T18 under alice's T21: the partnership is public (§7), bob opens alice's won tricks and alice's
    page names him."""
    alice, bob = partners.alice, partners.bob
    partners.held.clear()
    assert partners.step(bob, "")  # the T18 under alice's T21: the partnership is public (§7)
    bob.wait_for_function(
        "window.kibitzShell.frame.view.last_trick && window.kibitzShell.frame.view.tricks_won[0] === 2",
        timeout=TIMEOUT,
    )
    bob.locator('.seat-box[data-seat="0"] .won-cards-button').click()
    bob.wait_for_selector("#won-cards-dialog .won-group", timeout=TIMEOUT)
    shown = bob.eval_on_selector_all("#won-cards-dialog .won-play", "ps => ps.map(p => p.dataset.card)")
    assert {"T22", "T21", "T18"} <= set(shown)
    bob.screenshot(path=str(output_dir / "tarock-partner-tricks-bob-desktop.png"))
    bob.keyboard.press("Escape")
    assert alice.inner_text(".partner-name") == "bob"


def _alice_opens_bobs_won_trick(partners: _Partners, output_dir: Path) -> None:
    """Trick 3: bob's lone KS takes alice's 10S; alice opens bob's won trick."""
    alice, bob = partners.alice, partners.bob
    end = time.monotonic() + 60
    while frame(alice)["view"]["tricks_won"][1] < 1:
        assert time.monotonic() < end
        if not (partners.step(alice, "") or partners.step(bob, "")):
            wait_for_news(alice)
    alice.locator('.seat-box[data-seat="1"] .won-cards-button').wait_for(timeout=TIMEOUT)
    alice.locator('.seat-box[data-seat="1"] .won-cards-button').click()
    alice.wait_for_selector("#won-cards-dialog .won-group", timeout=TIMEOUT)
    assert "KS" in alice.eval_on_selector_all(
        "#won-cards-dialog .won-play", "ps => ps.map(p => p.dataset.card)"
    )
    _both_sizes(alice, output_dir / "tarock-partner-tricks-desktop.png")
    alice.keyboard.press("Escape")
