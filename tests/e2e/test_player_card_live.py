"""The table's company on the live site, for every game that has a browser module (docs/decisions-social.md
"Player card at the table"): an opponent's name opens the player card (Player info, Ignore, Invite to another table
of mine, Kick where allowed), the side panel's status lists who plays, watches and asks to play, and the won cards
the game's rules allow are opened from the seat. The people play random legal moves from their own frames
(tests/hintplay.py), so a new game's module joins the list below by itself."""

from __future__ import annotations

import random
import time

import pytest
from playwright.sync_api import Page

from games.declarations import has_table_module
from games.engines.core import all_games
from tests.hintplay import random_move

from .driver import TIMEOUT, frame, in_viewport, log_in, wait_for_news
from .keyboard_drivers import driver_for
from .site import DEMO_PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.timeout(400)]

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def browser_games() -> list[str]:
    """The shipped games (the site's own engine packages, not the tests') whose browser module exists."""
    return sorted(
        key
        for key, game in all_games().items()
        if type(game).__module__.startswith("games.engines.") and has_table_module(game)
    )


def _page(browser, base: str, name: str) -> Page:
    page = browser.new_context(bypass_csp=True, viewport=DESKTOP).new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda e: page.errors.append(str(e)))  # type: ignore[attr-defined]
    log_in(page, base, name, DEMO_PASSWORD)
    return page


def _unignore(page: Page, base: str, username: str) -> None:
    """Post the social page's "no longer ignore" for `username` as the page's signed-in user."""
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    response = page.request.post(f"{base}/social/unignore/{username}/", headers={"X-CSRFToken": token})
    assert response.ok, response.status


def _open_table(page: Page, base: str, game: str, human_seats: int, access: str) -> int:
    """Open a table of `game` from the lobby's New game dialog with its default options and beginner bots."""
    page.goto(base + "/")
    page.click("#new-game-button")
    page.select_option("#id_game", game)
    page.select_option("#id_bot_level", "beginner")
    page.fill("#id_human_seats", str(human_seats))
    page.fill("#id_turn_seconds", "300")
    page.fill("#id_stake", "0")
    page.select_option("#id_access", access)
    page.click("#new-game-create")
    page.wait_for_url(f"{base}/tables/**", timeout=TIMEOUT)
    page.wait_for_function("window.kibitzShell && window.kibitzShell.frame", timeout=TIMEOUT)
    return int(page.url.rstrip("/").split("/")[-1])


def _at_table(page: Page) -> None:
    page.wait_for_function("window.kibitzShell && window.kibitzShell.frame", timeout=TIMEOUT)


def _say(page: Page, text: str) -> None:
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")


def _act_once(page: Page, rng: random.Random) -> bool:
    """If this page's seat is to act, send one random move its frame offers, never Jass's "Enough, thanks" (a
    wrong one ends the match, and the test needs deals to go on); returns whether it acted."""
    f = frame(page)
    if not f or not f["view"] or f["read_only"] or f["table"]["you"] not in f["view"].get("to_act", []):
        return False
    if f["view"].get("phase") == "done":
        return False
    move = random_move(f["legal"], f["hints"], rng, avoid=("thanks",))
    if move is None:
        return False
    page.evaluate("(action) => window.kibitzShell.act(action)", move)
    try:
        page.wait_for_function(f"window.kibitzShell.version > {f['version']}", timeout=TIMEOUT)
    except Exception:
        return False  # refused (a random handful can be): the next frame asks again
    return True


def _answer_questions(page: Page, rng: random.Random) -> None:
    """Answer the page's question dialog while it is open (it lies over the felt's middle and a side seat): a
    person answers first, then looks at the others."""
    for _ in range(10):
        if not page.locator("#dialog[open]").count():
            return
        if not _act_once(page, rng):
            wait_for_news(page, 0.2)
    raise AssertionError("the question dialog stays open")


def _seat_of(page: Page, name: str) -> int:
    """The seat `name` sits at in the page's table frame, once there (at Schieber a second person takes the first
    one's partner seat, 2: docs/decisions-tables.md "Seat choice")."""
    script = f"window.kibitzShell.frame.table.seats.findIndex(s => s.name === {name!r})"
    page.wait_for_function(f"{script} >= 0", timeout=TIMEOUT)
    return int(page.evaluate(script))


def _open_seat_card(page: Page, rng: random.Random, seat: int) -> None:
    """Click seat `seat`'s name on the felt as a person would: with the question answered and a deal's score sheet
    closed first (on a desktop it lies over the right-hand seat); again if a deal ended just then and its sheet
    opened over the name."""
    for _ in range(3):
        _answer_questions(page, rng)
        if page.locator("#score-dialog[open]").count():
            page.click("#score-dialog .sheet-close")
        try:
            page.locator(f'.seat-box[data-seat="{seat}"] .seat-name-button').click(timeout=5000)
            return
        except Exception:
            continue
    raise AssertionError(f"seat {seat}'s name stays covered")


def _play_until_won_cards(pages: list[Page], rng: random.Random, limit: float = 180) -> None:
    """Play random moves until the first page shows a seat's "Won cards" in a deal still being played. A finished
    deal (passed out, or over before the page could see anyone's won cards: in Tarock a seat sees others' won
    tricks only once the deal is over, rules §7) starts the next: its score sheet would lie over the seats."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        f = frame(pages[0]) or {}
        over = (f.get("view") or {}).get("phase") == "done"
        if not over and pages[0].locator(".won-cards-button").count():
            return
        if over:
            pages[0].evaluate("window.kibitzShell.nextDeal()")
            wait_for_news(pages[0], 0.3)
        if not any([_act_once(p, rng) for p in pages]):
            wait_for_news(pages[0])
    raise AssertionError(f"no won cards to open in time: {frame(pages[0])}")


def _open_won_cards(alice: Page, bob: Page, rng: random.Random, output_dir, game: str) -> int:
    """Play until a trick is won, open the won cards at the last trick's winner's seat and check they hold it, then
    the bar's "Last trick"; returns the winner's seat."""
    _play_until_won_cards([alice, bob], rng)
    # The winner and the trick from one frame, read at once: the server may play a seat on between two reads
    # (a turn's deadline on a loaded machine), and another seat's later trick is not in this winner's won cards.
    f, winner, last = alice.evaluate(
        "(() => { const s = window.kibitzShell, f = s.frame;"
        " return [f, s.game.trickWinner(f), s.game.lastTrick(f)]; })()"
    )
    button = alice.locator(f'.seat-box[data-seat="{winner}"] .won-cards-button')
    assert last and f["view"] and button.count() == 1
    button.click()
    dialog = alice.locator("#won-cards-dialog")
    dialog.wait_for(timeout=TIMEOUT)
    groups = alice.eval_on_selector_all(
        "#won-cards-dialog .won-group",
        "gs => gs.map(g => [...g.querySelectorAll('.won-play')].map(p => [Number(p.dataset.seat), p.dataset.card]))",
    )
    assert [[p["seat"], p["card"]] for p in last] in groups
    assert in_viewport(alice, "#won-cards-dialog"), "#won-cards-dialog"
    alice.screenshot(path=str(output_dir / f"won-cards-{game}-desktop.png"))
    alice.keyboard.press("Escape")
    assert alice.evaluate("document.activeElement.classList.contains('won-cards-button')")
    assert alice.locator("#last-trick-button").is_visible()  # "Last trick" in the bar still works
    alice.click("#last-trick-button")
    shown, latest = alice.evaluate(
        "(() => { const s = window.kibitzShell; return [[...document.querySelectorAll('#center .trick-card')]"
        ".map(c => c.dataset.card), s.game.lastTrick(s.frame)]; })()"
    )
    assert shown == [p["card"] for p in latest]
    alice.click("#last-trick-button")
    return winner


def _wait_for_a_running_deal(page: Page) -> None:
    """Wait until a deal runs at the page's table; a deal over at once (void as dealt: a Tarock redeal, a French
    Tarot petit sec) waits for the next one, which a person starts with "Next deal" (else it would start only when
    the next-deal clock ran out, 45 s later)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        view = (frame(page) or {}).get("view")
        if view and view.get("phase") != "done":
            return
        next_deal = page.locator("#next-deal")
        if view and next_deal.count() and next_deal.is_visible():
            next_deal.click()
        wait_for_news(page, 0.2)
    raise AssertionError(f"no deal runs at the table: {frame(page)}")


@pytest.mark.parametrize("game", browser_games())
def test_the_player_card_status_panel_and_won_cards_at_a_live_table(site, browser, output_dir, game):
    base = site.url
    alice, bob, carol = (_page(browser, base, name) for name in ("alice", "bob", "carol"))
    _unignore(
        bob, base, "carol"
    )  # the site is shared: an earlier game's run of this test left bob ignoring her
    other = _open_table(alice, base, game, human_seats=3, access="private")  # alice's other table: it waits
    here = _open_table(alice, base, game, human_seats=2, access="public")
    here_url = f"{base}/tables/{here}/"
    box = bob.locator(f'.table-box[data-table="{here}"]')
    box.wait_for(timeout=TIMEOUT)
    box.locator("button", has_text="Play").click()
    bob.wait_for_url(here_url, timeout=TIMEOUT)
    _at_table(bob)
    carol.goto(here_url)
    _at_table(carol)
    alice.wait_for_function("window.kibitzShell.frame.view", timeout=TIMEOUT)

    # The status panel: who plays (people and bots), who watches.
    bob_seat = _seat_of(alice, "bob")
    alice.locator(f'#seated-list .seated[data-seat="{bob_seat}"]', has_text="bob").wait_for(timeout=TIMEOUT)
    seated = alice.eval_on_selector_all("#seated-list li", "ls => ls.map(l => l.textContent.trim())")
    people = [line for line in seated if line.lower().startswith(("alice", "bob"))]
    assert len(people) == 2 and all("bot" in line for line in seated if line not in people)
    assert len(seated) == len(frame(alice)["table"]["seats"])
    alice.locator('#watcher-list .watcher[data-username="carol"]').wait_for(timeout=TIMEOUT)
    assert "{%" not in alice.inner_text("#table-status") and "{#" not in alice.inner_text("#social-panel")

    # An opponent's name on the felt opens the card: Player info, Ignore, Invite; no kick while a deal runs (the
    # site deals from the CSPRNG: a first deal void as dealt, a Tarock redeal, leaves the table between deals).
    _wait_for_a_running_deal(alice)
    rng = random.Random(game)
    _open_seat_card(alice, rng, bob_seat)
    card = alice.locator("#player-card-dialog")
    card.locator("#card-ignore").wait_for(timeout=TIMEOUT)
    assert card.locator("h2").inner_text().lower() == "bob"
    assert (
        card.locator("#card-player-info").get_attribute("href") == f"/players/bob/?next=%2Ftables%2F{here}%2F"
    )
    assert card.locator("#card-invite").is_visible() and card.locator("#card-kick").count() == 0
    assert in_viewport(alice, "#player-card-dialog"), "#player-card-dialog"
    alice.screenshot(path=str(output_dir / f"player-card-{game}-desktop.png"))
    alice.keyboard.press("Escape")
    assert alice.locator("#player-card-dialog").count() == 0
    assert alice.evaluate("document.activeElement.classList.contains('seat-name-button')")
    assert alice.evaluate("document.activeElement.dataset.seat") == str(bob_seat)

    # Invite to another table of mine: alice's waiting table; bob accepts from the lobby.
    _open_seat_card(alice, rng, bob_seat)
    card.locator("#card-invite").click()
    card.locator(f'.card-invite-to[data-table="{other}"]').click()
    card.locator(f'.card-invite-to[data-table="{other}"][disabled]').wait_for(timeout=TIMEOUT)
    assert alice.evaluate("document.activeElement.id") == "card-invite"  # the focus stays in the card
    alice.keyboard.press("Escape")
    assert alice.locator("#player-card-dialog").count() == 0
    lobby = bob.context.new_page()
    lobby.goto(base + "/")
    invitation = lobby.locator(f'.invitation[data-table="{other}"]')
    invitation.wait_for(timeout=TIMEOUT)
    invitation.locator(".accept-invitation").click()
    lobby.wait_for_url(f"{base}/tables/{other}/", timeout=TIMEOUT)
    _at_table(lobby)

    # Kick where allowed: the host of a private table that waits for players removes bob, from the status list.
    host = alice.context.new_page()
    host.goto(f"{base}/tables/{other}/")
    _at_table(host)
    seat_there = _seat_of(host, "bob")
    host.locator(f'#seated-list .seated[data-seat="{seat_there}"]', has_text="bob").click()
    kick = host.locator("#player-card-dialog #card-kick[data-kind='kick']")
    kick.wait_for(timeout=TIMEOUT)
    kick.click()
    host.wait_for_function(
        f"window.kibitzShell.frame.table.seats[{seat_there}].open === true", timeout=TIMEOUT
    )
    lobby.locator("#notice", has_text="removed").wait_for(timeout=TIMEOUT)
    host.close()

    # Ignore works (bob, who is not the host here: a user the host ignores may not talk at the host's table):
    # carol's line already shown goes, her next one never comes, she leaves bob's watchers list; alice still reads her.
    _say(carol, "hello from carol")
    bob.locator("#chat-lines li", has_text="hello from carol").wait_for(timeout=TIMEOUT)
    bob.click('#watcher-list .watcher[data-username="carol"]')
    bob_card = bob.locator("#player-card-dialog")
    bob_card.locator("#card-ignore[aria-pressed='false']").click()
    bob_card.locator("#card-ignore[aria-pressed='true']").wait_for(timeout=TIMEOUT)
    assert "hello from carol" not in bob.inner_text("#chat-lines")
    _say(carol, "can you still hear me?")
    alice.locator("#chat-lines li", has_text="can you still hear me?").wait_for(timeout=TIMEOUT)
    time.sleep(1.0)
    assert "can you still hear me?" not in bob.inner_text("#chat-lines")
    bob.keyboard.press("Escape")
    # back on her name, or on the status panel once her name has left the list
    assert bob.evaluate(
        "document.activeElement.dataset.username === 'carol' || document.activeElement.id === 'table-status-title'"
    )
    bob.wait_for_function(
        "!document.querySelector('#watcher-list .watcher[data-username=\"carol\"]')", timeout=TIMEOUT
    )
    bob.screenshot(path=str(output_dir / f"player-card-{game}-after-ignore.png"))

    # The won cards the rules allow, opened from the seat (trick games only: a Rummy deal wins no cards).
    tricks = getattr(driver_for(game), "tricks", True)
    winner = _open_won_cards(alice, bob, rng, output_dir, game) if tricks else None

    # On a phone both dialogs lie inside the viewport too.
    alice.set_viewport_size(PHONE)
    _open_seat_card(alice, rng, bob_seat)
    card.locator("#card-ignore").wait_for(timeout=TIMEOUT)
    assert in_viewport(alice, "#player-card-dialog"), "#player-card-dialog"
    for control in ("#card-player-info", "#card-ignore", "#card-invite", ".popover-close"):
        assert in_viewport(alice, f"#player-card-dialog {control}"), f"#player-card-dialog {control}"
    alice.screenshot(path=str(output_dir / f"player-card-{game}-phone.png"))
    alice.keyboard.press("Escape")
    if tricks:
        alice.locator(f'.seat-box[data-seat="{winner}"] .won-cards-button').click()
        alice.locator("#won-cards-dialog").wait_for(timeout=TIMEOUT)
        assert in_viewport(alice, "#won-cards-dialog"), "#won-cards-dialog"
        alice.screenshot(path=str(output_dir / f"won-cards-{game}-phone.png"))
        alice.keyboard.press("Escape")
    alice.set_viewport_size(DESKTOP)

    # Player info leads to the player page, whose Back link returns to the table.
    _open_seat_card(alice, rng, bob_seat)
    card.locator("#card-player-info").click()
    alice.wait_for_url(f"{base}/players/bob/**", timeout=TIMEOUT)
    assert alice.get_attribute("#back-link", "href") == f"/tables/{here}/"
    for page in (alice, bob, carol):
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    for page in (alice, bob, carol):
        page.context.close()
