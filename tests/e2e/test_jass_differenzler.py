"""Differenzler with secret calls in real Chromium (docs/rules/jass.md §5.2, §7, §8): two people in two browser
contexts and two bots play the match; until the fourth prediction of a round is in, neither page shows and no
socket frame either person receives holds the other's prediction; the final ranking equals the replay of the
table's event log."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from games.engines.jass.cards import DECK

from .driver import TIMEOUT, frame, log_in
from .jass_deals import open_jass_table
from .jass_play import due_here, event_log_rounds, listed, play_card, replay_match, wait_moved
from .site import DEMO_PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

PREDICTIONS = {0: 61, 1: 47}  # alice, bob: each round's call is this plus the round number
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


def test_secret_calls_stay_secret_until_all_four_are_in(site, browser, output_dir):
    pages = []
    for name in ("alice", "bob"):
        context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.frames_seen = []  # type: ignore[attr-defined]
        page.on(
            "websocket",
            lambda ws, page=page: ws.on(
                "framereceived", lambda payload, page=page: page.frames_seen.append(payload)
            ),
        )
        log_in(page, site.url, name, DEMO_PASSWORD)
        pages.append(page)
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
    called: dict[tuple[int, int], int] = {}  # (round, seat) -> the prediction sent
    shots = set()
    end = time.monotonic() + 480
    while not (frame(alice) or {}).get("table", {}).get("match_over"):
        assert time.monotonic() < end, f"the match did not finish: {frame(alice)}"
        acted = False
        for seat, page in enumerate(pages):
            f = frame(page)
            if not due_here(f):
                continue
            view, version, number = f["view"], f["version"], f["table"]["round"]["number"]
            if view["phase"] == "predict":
                if (number, seat) in called:
                    continue  # sent: the page sends it again itself if another seat's call came first
                other = 1 - seat
                assert f"predicted {PREDICTIONS[other] + number}" not in page.inner_text("#table-view")
                value = PREDICTIONS[seat] + number
                try:
                    page.wait_for_selector("#prediction-input", timeout=5000)
                except Exception:
                    if frame(page)["version"] != version:
                        continue  # the table moved meanwhile: look again
                    ui = page.evaluate("JSON.stringify(window.kibitzShell.ui)")
                    raise AssertionError(
                        f"no prediction box for seat {seat} at version {version}: {ui}"
                    ) from None
                if number == 2 and seat == 1:
                    # as if another seat's call had landed first: the table refuses the stale version and the
                    # page sends the call again on its own (the shell's resendIfLegal), with no error to the player
                    page.evaluate(STALE_CALL, value)
                elif number == 3 and seat == 0:
                    page.evaluate(STALE_THEN_CURRENT_CALL, value)
                else:
                    page.fill("#prediction-input", str(value))
                    if seat == 0:
                        page.click('#dialog button[data-value="predict"]')
                    else:
                        page.press("#prediction-input", "Enter")
                called[(number, seat)] = value
                if number == 1 and "predict" not in shots:
                    page.screenshot(path=str(output_dir / "jass-differenzler-predict-desktop.png"))
                    shots.add("predict")
            elif view["phase"] == "play" and listed(f, "play"):
                if number == 1 and seat == 0 and "play" not in shots:
                    page.screenshot(path=str(output_dir / "jass-differenzler-desktop.png"))
                    page.set_viewport_size({"width": 390, "height": 844})
                    page.screenshot(path=str(output_dir / "jass-differenzler-phone.png"), full_page=True)
                    page.set_viewport_size({"width": 1280, "height": 800})
                    shots.add("play")
                play_card(page, listed(f, "play")[0], "click" if seat == 0 else "key")
            elif (
                view["phase"] == "done"
                and f["table"]["status"] == "playing"
                and page.locator("#next-deal").count()
            ):
                if seat == 0:
                    page.click("#next-deal")
                else:
                    continue
            else:
                continue
            wait_moved(page, version, f"acting in phase {view['phase']}")
            if view["phase"] == "predict":
                assert not page.locator("#notice.error:not([hidden])").count(), (
                    number,
                    seat,
                    page.inner_text("#notice"),
                    [json.loads(p).get("type") for p in page.frames_seen[-6:]],  # type: ignore[attr-defined]
                    [json.loads(p).get("code") for p in page.frames_seen[-6:]],  # type: ignore[attr-defined]
                )
            acted = True
        if not acted:
            time.sleep(0.05)

    # No frame that either person received while the round's calls were not all in holds the other's call.
    for seat, page in enumerate(pages):
        other = 1 - seat
        checked = 0
        for payload in page.frames_seen:  # type: ignore[attr-defined]
            data = json.loads(payload)
            view = data.get("view") if data.get("type") == "state" else None
            if not view or view["phase"] != "predict":
                continue
            number = data["table"]["round"]["number"]
            secret = called[(number, other)]
            assert view["predictions"][other] is None, (seat, view)
            assert secret not in numbers_outside(data, PUBLIC_NUMBERS), (
                seat,
                data,
            )
            checked += 1
        assert checked >= 4, checked

    rounds = event_log_rounds(site.log.parent, table_id)
    assert len(rounds) >= 4
    replayed = replay_match("jass-differenzler", rounds)
    final = replayed[-1]
    assert final["ended"] is not None
    assert [r["predictions"][:2] for r in replayed] == [
        [called[(n, 0)], called[(n, 1)]] for n in range(1, len(rounds) + 1)
    ]
    alice.wait_for_selector("#score-dialog[open]", timeout=TIMEOUT)
    shown = alice.eval_on_selector_all(
        "#score-sheet tr.ranking td", "es => es.map(e => Number(e.textContent))"
    )
    assert shown == [
        1 + sum(o < t for o in final["totals"]) for t in final["totals"]
    ]  # §8: ties share a place
    assert frame(alice)["table"]["standings"]["ranking"] == shown
    alice.screenshot(path=str(output_dir / "jass-differenzler-end-desktop.png"))
    alice.set_viewport_size({"width": 390, "height": 844})
    alice.screenshot(path=str(output_dir / "jass-differenzler-end-phone.png"), full_page=True)
    for page in pages:
        page.context.close()
