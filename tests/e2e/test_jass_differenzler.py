"""Differenzler with secret calls in real Chromium (docs/rules/jass.md §5.2, §7): two people in two browser
contexts, one at 1280×800 and one at 390×844 (swapped for the second round), and two bots play two rounds; until a
round is scored no page shows, no socket frame either person receives holds, and no hand history or replay file
(404) gives another seat's prediction, people's and bots' alike; the round's score sheet then shows all four, as do
the history and the replay file. The calls race the bots' (stale versions resent by the page) and a refused call
brings the prediction box straight back."""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

import pytest

from games.engines.jass.cards import DECK

from .driver import TIMEOUT, frame, log_in, wait_for_news
from .jass_deals import open_jass_table
from .jass_play import due_here, event_log_rounds, listed, play_card, replay_match, wait_moved
from .site import DEMO_PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

PREDICTIONS = (61, 47)  # alice, bob: each round's call is this plus the round number
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
ROUNDS = {1: (DESKTOP, PHONE), 2: (PHONE, DESKTOP)}  # each round's viewport of alice and bob
ORDER = random.Random("differenzler-e2e").sample([str(c) for c in DECK], len(DECK))  # the first deal


# Keys whose integers are public facts (versions, ids, seats, counts, totals of finished rounds) or the seat's own
# lists (every prediction 0-157 is legal): a secret call may equal one of them by chance.
PUBLIC_NUMBERS = {
    "version",
    "legal",
    "refusals",
    "id",
    "since",
    "totals",
    "scores",
    "match_rounds",
    "standings",
    "hand_sizes",
    "tricks_won",
    "points",
    "number",
    "turn_seconds",
    "dealer",
    "forehand",
    "seat",
    "to_act",
    "leader",
    "tricks_played",
    "ranking",
    "you",
    "seats",
    "money_terms",
    "stake",
    "limit",
    "round",
    "winner",
}

# a prediction sent with the version before the page's, as a call racing another seat's would be
STALE_CALL = "(v) => { const s = window.kibitzShell; s.version -= 1; s.act({ predict: v }); s.version += 1; }"
# a stale call and, before its refusal is back, the call again at the page's version (a player typing it twice while
# another seat's call lands): the refusal of the first must not bring an error once the second is in
STALE_THEN_CURRENT_CALL = (
    "(v) => { const s = window.kibitzShell; s.version -= 1; s.act({ predict: v }); s.version += 1;"
    " s.act({ predict: v }); }"
)


def numbers_outside(data: Any, skip: set[str], path: str = "") -> set[int]:
    """Every integer in `data` (a frame) except under the keys in `skip`."""
    found: set[int] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            if key not in skip:
                found |= numbers_outside(value, skip, f"{path}.{key}")
    elif isinstance(data, list):
        for value in data:
            found |= numbers_outside(value, skip, path)
    elif isinstance(data, int) and not isinstance(data, bool):
        found.add(data)
    return found


def _people(site: Any, browser: Any) -> list[Any]:
    """alice and bob logged in, each in a context of its own whose socket frames are kept on the page."""
    pages = []
    for name in ("alice", "bob"):
        context = browser.new_context(bypass_csp=True, viewport=DESKTOP)
        page = context.new_page()
        page.frames_seen = []
        page.on(
            "websocket",
            lambda ws, page=page: ws.on(
                "framereceived", lambda payload, page=page: page.frames_seen.append(payload)
            ),
        )
        log_in(page, site.url, name, DEMO_PASSWORD)
        pages.append(page)
    return pages


def _deal_urls(base: str, table_id: int, number: int) -> tuple[str, str]:
    return f"{base}/tables/{table_id}/deals/{number}/", f"{base}/tables/{table_id}/deals/{number}/replay.json"


# the shell's frame and the seats' prediction marks, read together (the page may move on between two reads)
MARKS = """() => [window.kibitzShell.frame, [...document.querySelectorAll('.jass-mark.prediction')]
  .map(e => [Number(e.dataset.seat), e.textContent])]"""


def _assert_hidden_on_page(page: Any, own: int) -> None:
    """While the round runs the seats' marks give no other seat's value, people's and bots' alike (its own is
    there once sent; docs/rules/jass.md §7)."""
    f, marks = page.evaluate(MARKS)
    if f["view"]["phase"] == "done":
        return
    you = f["table"]["you"]
    for seat, text in marks:
        if seat != you:
            assert not re.search(r"\d", text), (you, seat, text, f["version"])
        elif f["view"]["predicted"][you]:
            assert f"{own}" in text, (you, text)


def _assert_no_history_yet(page: Any, base: str, table_id: int, number: int) -> None:
    """The running deal's hand history and replay file are 404 (docs/design.md "Cards and replay files")."""
    for url in _deal_urls(base, table_id, number):
        assert page.request.get(url).status == 404, url


def _predict(page: Any, number: int, person: int, value: int) -> None:
    """Send the call the way this round has each person send it: a refused value then the right one with a click,
    a stale call the page sends again itself, a stale call typed twice, the box and Enter."""
    page.wait_for_selector("#prediction-input", timeout=5000)
    if (number, person) == (1, 0):
        page.fill("#prediction-input", "200")
        page.click('#dialog button[data-value="predict"]')
        page.wait_for_selector("#notice.error:not([hidden])", timeout=TIMEOUT)
        # asked again at once, not when the notice goes after 3.5 s
        page.wait_for_selector("#prediction-input", timeout=1500)
        page.fill("#prediction-input", str(value))
        page.click('#dialog button[data-value="predict"]')
    elif (number, person) == (1, 1):
        page.evaluate(STALE_CALL, value)  # as if another seat's call had landed first: resent with no error
    elif (number, person) == (2, 0):
        page.evaluate(STALE_THEN_CURRENT_CALL, value)
    else:
        page.fill("#prediction-input", str(value))
        page.press("#prediction-input", "Enter")


def _act(page: Any, f: dict[str, Any], person: int, sent: set[tuple[int, int]]) -> bool:
    """The page's move if one is due now (a call only once: a raced one the page sends again itself); False when
    there is none."""
    view, version, number = f["view"], f["version"], f["table"]["round"]["number"]
    if view["phase"] == "predict" and (number, person) not in sent:
        _predict(page, number, person, PREDICTIONS[person] + number)
        sent.add((number, person))
    elif view["phase"] == "play" and listed(f, "play"):
        play_card(page, listed(f, "play")[0], "click" if person == 0 else "key")
    else:
        return False
    wait_moved(page, version, f"acting in phase {view['phase']}")
    if view["phase"] == "predict" and (number, person) != (1, 0):  # that one saw its refused value's notice
        assert not page.locator("#notice.error:not([hidden])").count(), page.inner_text("#notice")
    return True


def _play_round(pages: list[Any], base: str, table_id: int, number: int) -> None:
    """Both people act until the round is scored, checking each page while it runs (the history once a phase)."""
    end = time.monotonic() + 240
    sent: set[tuple[int, int]] = set()
    asked: set[tuple[int, str]] = set()
    while True:
        assert time.monotonic() < end, f"round {number} did not finish: {frame(pages[0])}"
        frames = [frame(page) for page in pages]
        if all(
            f and f["table"]["round"]["number"] == number and f["view"]["phase"] == "done" for f in frames
        ):
            return
        acted = False
        for person, (page, f) in enumerate(zip(pages, frames, strict=True)):
            if not f or f["table"]["round"]["number"] != number or f["view"]["phase"] == "done":
                continue
            _assert_hidden_on_page(page, PREDICTIONS[person] + number)
            if (person, f["view"]["phase"]) not in asked:
                _assert_no_history_yet(page, base, table_id, number)
                asked.add((person, f["view"]["phase"]))
            if due_here(f):
                acted = _act(page, f, person, sent) or acted
        if not acted:
            wait_for_news(pages[0])


def _check_score_sheet(pages: list[Any], base: str, table_id: int, number: int, output_dir: Any) -> list[int]:
    """Once scored: the score sheet of each page shows all four calls, and the history and the replay file are
    served with them. Returns the four calls."""
    every = frame(pages[0])["view"]["result"]["predictions"]
    for person, page in enumerate(pages):
        f = frame(page)
        assert f["view"]["predictions"] == every and every[f["table"]["you"]] == PREDICTIONS[person] + number
        page.wait_for_selector("#score-dialog[open]", timeout=TIMEOUT)
        shown = page.eval_on_selector_all(
            "#score-sheet tr.item-prediction td", "es => es.map(e => Number(e.textContent))"
        )
        assert shown == every, (person, shown)
        size = "desktop" if page.viewport_size == DESKTOP else "phone"
        page.screenshot(path=str(output_dir / f"jass-differenzler-secret-sheet-{size}.png"))
        history, replay_file = _deal_urls(base, table_id, number)
        assert page.request.get(history).status == 200
        calls = [a["action"]["predict"] for a in page.request.get(replay_file).json()["actions"][:4]]
        assert sorted(calls) == sorted(every)
    return every


def _check_frames(pages: list[Any], calls: dict[int, list[int]]) -> None:
    """No state frame either person received before its round was scored holds another seat's call, in the view's
    list or as any number outside the public facts."""
    for page in pages:
        checked = 0
        for payload in page.frames_seen:
            data = json.loads(payload)
            view = data.get("view") if data.get("type") == "state" else None
            if not view or view["phase"] == "done":
                continue
            you = data["table"]["you"]
            every = calls[data["table"]["round"]["number"]]
            assert all(p is None for s, p in enumerate(view["predictions"]) if s != you), view
            secrets = {p for s, p in enumerate(every) if s != you}
            assert not secrets & numbers_outside(data, PUBLIC_NUMBERS), data
            checked += 1
        assert checked >= 2 * 9, checked


def test_secret_calls_stay_secret_until_the_round_is_scored(site, browser, output_dir):
    pages = _people(site, browser)
    alice, bob = pages
    table_id = open_jass_table(
        alice,
        site.url,
        "jass-differenzler",
        {"predictions": "secret"},
        {"order": ORDER, "dealer": 3, "bot_seed": "diff-e2e"},
        human_seats=2,
    )
    box = bob.locator(f'.table-box[data-table="{table_id}"]')
    box.wait_for(timeout=TIMEOUT)
    box.locator("button", has_text="Play").click()
    bob.wait_for_url(alice.url, timeout=TIMEOUT)
    calls: dict[int, list[int]] = {}
    for number, sizes in ROUNDS.items():
        for page, size in zip(pages, sizes, strict=True):
            page.set_viewport_size(size)
        _play_round(pages, site.url, table_id, number)
        calls[number] = _check_score_sheet(pages, site.url, table_id, number, output_dir)
        if number < len(ROUNDS):
            alice.click("#next-deal")
            alice.wait_for_function(
                f"window.kibitzShell.frame?.table.round?.number === {number + 1}", timeout=TIMEOUT
            )
    _check_frames(pages, calls)
    rounds = event_log_rounds(site.log.parent, table_id)  # the table's log, replayed by the engine
    assert [r["predictions"] for r in replay_match("jass-differenzler", rounds)] == [calls[1], calls[2]]
    for page in pages:
        page.context.close()
