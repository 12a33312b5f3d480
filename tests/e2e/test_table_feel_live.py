"""The table's feel on the live site (docs/decisions-tables.md "Tests"), for every game
with a browser module, at 1280×800 and 390×844: a person plays one deal by keyboard against three bots on the
game driver's fixed deal on which a bot leads the first trick (tests/e2e/keyboard_drivers.py), while another
user (a demo user) watches the table from the lobby.

- After every completed trick the finished trick stays on the felt (#finished-trick) with as many cards as seats,
  the last card played among them, inside the viewport and on top, and its winner's mark (.trick-winner) names the
  winner of the frame's last trick; among the first three tricks the person completes one and a bot another.
- At the end of the deal the score sheet dialog and every one of its controls lie inside the viewport.
- The spectator never has a hand, and at the end sees the same score sheet with no "Next deal".

Screenshots: tests/output/table-mid-trick-{size}.png, table-finished-trick-{size}.png, score-sheet-{size}.png and
score-sheet-spectator-{size}.png (the first game with a browser module; the others add their key)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from .driver import TIMEOUT, frame, log_in, outside_viewport, sign_up, wait_for_news
from .keyboard_drivers import driver_for, table_games, trick_games
from .site import DEMO_PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.timeout(400)]

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
# the spectator: a demo user (games/management/commands/demo_data.py), the site's sign-up rate limit allowing
# only three new accounts per address in ten minutes
WATCHER = {"desktop": "carol", "phone": "dave"}
PASSWORD = "a-long-test-password-42"

# Installed on the player's table page: after each state frame the shell has drawn (its render is synchronous),
# a frame whose last trick is new notes that trick as the frame tells it and what the felt shows of it right then.
WATCH_TRICKS = """() => {
  const shell = window.kibitzShell;
  const onFrame = shell.onFrame.bind(shell);
  const lastOf = (f) => (f && f.view ? shell.game.lastTrick(f) : null);
  let seen = JSON.stringify(lastOf(shell.frame));
  window.finishedTricks = [];
  const box = (e) => {
    if (!e || !e.checkVisibility()) return null;
    const r = e.getBoundingClientRect();
    e.style.pointerEvents = "auto";  // the winner's mark lets clicks through (pointer-events: none): hit-test it
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    e.style.pointerEvents = "";
    const named = (n) => n.id ? `#${n.id}` : `${n.tagName.toLowerCase()}.${n.getAttribute("class") || ""}`;
    const over = top && !e.contains(top) ? [top, top.parentElement].filter(Boolean).map(named).join(" in ") : null;
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, onTop: !!top && e.contains(top), over};
  };
  shell.onFrame = (f) => {
    onFrame(f);
    if (f.type !== "state" || shell.frame !== f) return;
    const last = lastOf(f);
    const key = JSON.stringify(last);
    if (key === seen) return;
    seen = key;
    if (!last) return;  // a new deal
    const held = document.getElementById("finished-trick");
    const winner = shell.game.trickWinner(f);
    const mark = held && held.querySelector(".trick-winner");
    window.finishedTricks.push({
      plays: last, winner, you: f.table.you, seats: f.table.seats.length, phase: f.view.phase,
      winnerName: (f.table.round.players || [])[winner] || f.table.seats[winner].name,
      shown: held ? [...held.querySelectorAll(".trick-card")].map((c) => c.dataset.card) : null,
      heldWinner: held ? held.dataset.winner : null,
      winnerCard: held ? held.querySelector(".trick-card.winner")?.dataset.card ?? null : null,
      mark: mark ? mark.textContent : null,
      heldBox: box(held), markBox: box(mark), viewport: [innerWidth, innerHeight],
    });
  };
}"""

MID_TRICK = """(() => { const s = window.kibitzShell; const f = s.frame;
  return f && f.view && s.myTurn() ? (s.game.trick?.(f) || []).length : -1; })()"""

HAND = "#hand .card, .hand .card"
SHEET_CONTROLS = "#score-dialog button, #score-dialog a[href]"


def _shot_finished_trick(player: Page, output_dir: Any, suffix: str) -> bool:
    """Take the shot of a finished trick with its winner (held till the player leads) if one is on the felt."""
    if not player.locator("#finished-trick .trick-winner").count():
        return False
    _shot(player, output_dir / f"table-finished-trick-{suffix}.png")
    return True


def _page(browser: Browser, size: str) -> Page:
    width, height = SIZES[size]
    page = browser.new_context(  # the table's feel includes its motion
        bypass_csp=True, viewport={"width": width, "height": height}, reduced_motion="no-preference"
    ).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


def _shot(page: Page, path: Any) -> None:
    """A screenshot once the cards have stopped moving (the felt's short animations; not the endless ones)."""
    page.wait_for_function(
        """document.getAnimations().every((a) => a.playState !== 'running'
          || a.effect.getComputedTiming().endTime === Infinity)""",
        timeout=TIMEOUT,
    )
    page.screenshot(path=str(path))


def _watch_from_lobby(page: Page, base: str, table_id: int) -> None:
    """Go to the table from its box in the lobby, by its Watch button, and wait for the table's first frame."""
    page.goto(base + "/")
    page.locator(f'.table-box[data-table="{table_id}"] .box-watch').click()
    page.wait_for_url(f"{base}/tables/{table_id}/", timeout=TIMEOUT)
    page.wait_for_function("window.kibitzShell && window.kibitzShell.frame", timeout=TIMEOUT)


def _hand_and_trick_in_view(page: Page) -> list[str]:
    """Scrolled so that the whole hand is in view (its bottom at the viewport's bottom, or the page's top), what of the
    hand and the felt's middle lies outside the viewport ([] when both are in view together)."""
    page.evaluate("document.getElementById('hand').scrollIntoView({block: 'end'})")
    boxes = page.evaluate(
        """() => Object.fromEntries(['#hand', '#center'].map((s) => {
          const r = document.querySelector(s).getBoundingClientRect(); return [s, [r.top, r.bottom]]; }))"""
    )
    height = page.viewport_size["height"]  # type: ignore[index]
    return [
        f"{s} {top:.0f}..{bottom:.0f}"
        for s, (top, bottom) in boxes.items()
        if top < 0 or bottom > height + 0.5
    ]


def _trick_problems(n: int, trick: dict[str, Any]) -> list[str]:
    """What is wrong with how the felt showed the `n`th completed trick ([] when all is well)."""
    plays = trick["plays"]
    where = f"trick {n} ({plays})"
    shown = trick["shown"]
    if shown is None:
        return [f"{where}: no finished trick on the felt when it was completed"]
    problems = []
    if len(shown) != trick["seats"] or sorted(shown) != sorted(p["card"] for p in plays):
        problems.append(f"{where}: the felt shows {shown}, not its {trick['seats']} cards")
    if plays[-1]["card"] not in shown:
        problems.append(f"{where}: its last card {plays[-1]['card']} is not shown")
    if trick["heldWinner"] != str(trick["winner"]):
        problems.append(
            f"{where}: held for seat {trick['heldWinner']!r}, the frame's winner is {trick['winner']}"
        )
    winning = next((p["card"] for p in plays if p["seat"] == trick["winner"]), None)
    if trick["winnerCard"] != winning:
        problems.append(f"{where}: the marked card is {trick['winnerCard']}, the winner played {winning}")
    if not trick["mark"] or trick["winnerName"] not in trick["mark"]:
        problems.append(f"{where}: the winner's mark {trick['mark']!r} does not name {trick['winnerName']!r}")
    width, height = trick["viewport"]
    for name in ("heldBox", "markBox"):
        box = trick[name]
        if box is None:
            problems.append(f"{where}: {name} is not visible")
            continue
        if box["left"] < 0 or box["top"] < 0 or box["right"] > width + 0.5 or box["bottom"] > height + 0.5:
            problems.append(f"{where}: {name} {box} lies outside the {width}x{height} viewport")
        if trick["phase"] != "done" and not box["onTop"]:  # the deal's last trick lies under the score sheet
            problems.append(f"{where}: {name} is covered by {box['over']!r}")
    return problems


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", trick_games())
def test_the_finished_trick_the_score_sheet_and_a_spectator_at_a_live_table(
    site, browser, output_dir, game, size
):
    driver = driver_for(game)
    suffix = size if game == table_games()[0] else f"{game}-{size}"
    player = _page(browser, size)
    sign_up(player, site.url, f"feel-{size}-{game}"[:30], PASSWORD)
    player.click("#new-game-button")
    assert player.input_value("#id_access-spectators") == "anyone"  # the default lets watch anyone admitted
    # two deals in the match, so that the sheet of the first offers "Next deal" to the player
    table_id = driver.open(player, site.url, "deals:2", bot_leads=True)
    player.evaluate(WATCH_TRICKS)

    watcher = _page(browser, size)
    log_in(watcher, site.url, WATCHER[size], DEMO_PASSWORD)
    _watch_from_lobby(watcher, site.url, table_id)
    assert frame(watcher)["table"]["you"] is None

    shot_mid = shot_finished = False
    end = time.monotonic() + 240
    while (frame(player)["view"] or {}).get("phase") != "done":
        assert time.monotonic() < end, f"the deal did not finish: {frame(player)}"
        in_trick = player.evaluate(MID_TRICK)  # cards in the trick when it is the player's turn, else -1
        # a finished trick stays on the felt for a moment, or until the player's next card
        shot_finished = shot_finished or _shot_finished_trick(player, output_dir, suffix)
        if in_trick < 0:
            # not the player's turn: wait rather than step, so that a turn is always looked at here before the
            # player acts on it (a step now could play a turn that came after the look)
            wait_for_news(player)
            continue
        if in_trick > 0 and not shot_mid:
            watcher.wait_for_function(
                f"window.kibitzShell.frame.version >= {frame(player)['version']}", timeout=TIMEOUT
            )
            assert watcher.locator(HAND).count() == 0, "the spectator sees a hand"
            _shot(player, output_dir / f"table-mid-trick-{suffix}.png")
            assert _hand_and_trick_in_view(player) == [], "scrolled to the hand, the trick is out of view"
            shot_mid = True
        driver.step(player)
        # the player's card may have completed the trick: look again before the next turn moves it on
        shot_finished = shot_finished or _shot_finished_trick(player, output_dir, suffix)
    assert shot_mid, "the player's turn in the middle of a trick was never seen"
    assert shot_finished, "no finished trick with its winner was ever on the felt"

    # After every completed trick: its cards, the last one included, and its winner, on the felt.
    tricks = player.evaluate("window.finishedTricks")
    assert len(tricks) >= 3, tricks
    problems = [line for n, trick in enumerate(tricks, 1) for line in _trick_problems(n, trick)]
    assert problems == []
    completed_by = {"person" if t["plays"][-1]["seat"] == t["you"] else "bot" for t in tricks[:3]}
    assert completed_by == {"person", "bot"}, [t["plays"] for t in tricks[:3]]

    # The score sheet dialog and its controls inside the viewport; the player's has "Next deal".
    player.wait_for_selector("#score-dialog[open] #score-sheet", timeout=TIMEOUT)
    assert player.locator("#score-dialog #next-deal").count() == 1
    assert player.locator(SHEET_CONTROLS).count() >= 2  # Close and Next deal at least
    assert outside_viewport(player, "#score-dialog") == []
    assert outside_viewport(player, SHEET_CONTROLS) == []
    _shot(player, output_dir / f"score-sheet-{suffix}.png")

    # The spectator: the same sheet, no "Next deal", no hand.
    watcher.wait_for_selector("#score-dialog[open] #score-sheet", timeout=TIMEOUT)
    assert watcher.inner_text("#score-sheet table") == player.inner_text("#score-sheet table")
    assert watcher.locator("#next-deal").count() == 0
    assert watcher.locator(HAND).count() == 0
    assert outside_viewport(watcher, "#score-dialog") == []
    assert outside_viewport(watcher, SHEET_CONTROLS) == []
    _shot(watcher, output_dir / f"score-sheet-spectator-{suffix}.png")

    for page in (player, watcher):
        assert not page.errors, page.errors  # type: ignore[attr-defined]
        page.context.close()
