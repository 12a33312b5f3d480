"""Kloppen at a live Rummy table (docs/rules/rummy.md §5.8; docs/decisions-rummy.md "Kloppen"): two people and a
bot. Alice knocks for Bob's discard and is put on turn (the bot loses that turn, Bob none); then, when Alice may
draw and Bob may knock, both press at the same instant: one action wins and the other player is told why; no turn
is lost beyond the one §5.8 takes."""

from __future__ import annotations

import pytest

from .driver import TIMEOUT, frame, log_in, outside_viewport
from .rummy_deals import KLOPPEN_DEALER, kloppen_order
from .rummy_table import act, discard_first, open_rummy_table, take_turn, wait_current, wait_my_step
from .site import DEMO_PASSWORD, running_site

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

# both pages press at one instant of the browser's clock (the same clock for both: one Chromium)
# Schedules a click at the page clock's `at` and returns at once, so that both pages' timers are set before either
# fires (a promise waiting for the click made the second page's timer start after the first page's click had
# landed: its button could be gone by then, and a click on nothing never resolved).
PRESS_AT = """([selector, at]) => { setTimeout(() => document.querySelector(selector)?.click(), at - Date.now()); }"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The live site with the production's bot pause (0.9 s), not the tests' 0.15 s: the knock window of a person
    is the bot's pause before it draws, too short for a loaded machine's browser."""
    yield from running_site(tmp_path_factory, {"KIBITZ_BOT_PAUSE_SECONDS": "0.9"})


def test_two_people_and_a_bot_knock_and_race_for_the_discard(site, browser, output_dir):
    pages = []
    for name in ("alice", "bob"):
        context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.errors = []  # type: ignore[attr-defined]
        page.on("pageerror", lambda e, p=page: p.errors.append(str(e)))  # type: ignore[attr-defined]
        log_in(page, site.url, name, DEMO_PASSWORD)
        pages.append(page)
    alice, bob = pages
    open_rummy_table(alice, site.url, kloppen_order(), KLOPPEN_DEALER, players=3, kloppen=True, human_seats=2)
    table_url = alice.url
    box = bob.locator(f'.table-box[data-table="{table_url.rstrip("/").split("/")[-1]}"]')
    box.wait_for(timeout=TIMEOUT)
    box.locator("button", has_text="Play").click()
    bob.wait_for_url(table_url, timeout=TIMEOUT)

    # The deal's first turn has no window; then Alice may not knock for her own discard, and is told so.
    assert alice.locator("#knock-button").count() == 0
    take_turn(alice)
    wait_current(alice, 1)
    assert alice.is_disabled("#knock-button")
    assert "own discard" in alice.inner_text("#knock-why")
    for size in (
        {"width": 390, "height": 844},
        {"width": 1280, "height": 800},
    ):  # the knock bar in sight (docs/decisions-tables.md "The look")
        alice.set_viewport_size(size)
        assert outside_viewport(alice, ".knock-bar, #knock-button") == [], size
    bob_discard = take_turn(bob)["view"]["discard"][-1]

    # The bot is on turn: Alice knocks for Bob's discard and plays at once; everybody sees who knocked.
    wait_current(alice, 2)
    alice.wait_for_selector("#knock-button:not(:disabled)", timeout=TIMEOUT)
    f = act(alice, "knocking", lambda: alice.click("#knock-button"))
    f = wait_my_step(alice, "main")
    assert f["view"]["taken"] == bob_discard and len(f["view"]["hand"]) == 13 + 3
    bob.wait_for_selector('.seat-box[data-seat="0"] .knock-label', timeout=TIMEOUT)
    alice.screenshot(path=str(output_dir / "rummy-kloppen-knocked.png"))
    discard_first(alice, f)
    assert wait_current(bob, 1)["view"]["current"] == 1  # next(Alice) is Bob: the bot lost its turn, Bob none

    # Bob and the bot play; then Alice may draw and Bob may knock for the bot's discard: both press at once.
    take_turn(bob)
    wait_current(alice, 0)
    bob.wait_for_selector("#knock-button:not(:disabled)", timeout=TIMEOUT)
    version = frame(alice)["version"]
    at = alice.evaluate("Date.now()") + 1000
    alice.evaluate(PRESS_AT, ["#rummy-stock", at])
    bob.evaluate(PRESS_AT, ["#knock-button", at])
    for page in pages:
        page.wait_for_function(f"window.kibitzShell.version > {version}", timeout=TIMEOUT)
    winner = wait_current(alice, frame(alice)["view"]["current"], "main")["view"]["current"]
    loser = alice if winner == 1 else bob
    loser.wait_for_function(
        "document.querySelector('#notice') && !document.querySelector('#notice').hidden"
        " && /first/.test(document.querySelector('#notice').textContent)",
        timeout=TIMEOUT,
    )
    told = loser.inner_text("#notice")
    assert ("bob knocked first" if winner == 1 else "alice drew first") in told.lower(), told
    loser.screenshot(path=str(output_dir / "rummy-kloppen-race.png"))

    # No turn lost beyond §5.8's: after Bob's knock the bot is next (only Alice lost her turn); after Alice's draw
    # Bob is next.
    winner_page = bob if winner == 1 else alice
    discard_first(winner_page, frame(winner_page))
    assert wait_current(alice, 2 if winner == 1 else 1)["view"]["phase"] == "play"
    for page in pages:
        assert not page.errors, page.errors  # type: ignore[attr-defined]
        page.context.close()
