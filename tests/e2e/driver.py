"""Playing French Tarot through the table page the way a person does: dialogs, clicks and drags."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from .tarot_deals import legal_discard

TIMEOUT = 15_000
# Fanned cards overlap: a person clicks the uncovered strip at the top left (on a phone the hand lies in rows 46 px
# apart, and a card of the next row covers the lower part of the card above it).
VISIBLE_EDGE = {"x": 14, "y": 30}


def frame(page: Page) -> dict[str, Any] | None:
    """The last state frame the page received (what the page shows)."""
    return page.evaluate("window.kibitzShell && window.kibitzShell.frame")


def wait_for_news(page: Page, seconds: float = 0.25) -> None:
    """A driving loop's idle wait: returns at the page's next frame or after `seconds`, whichever comes first.
    Polling instead (a sleep of a few ms between looks) costs the renderer a serialised frame per look, most of a
    browser test's CPU on a 2-core machine."""
    page.evaluate(
        """(ms) => new Promise((done) => {
          const news = () => { document.removeEventListener("kibitz:frame", news); done(); };
          document.addEventListener("kibitz:frame", news);
          setTimeout(news, ms);
        })""",
        int(seconds * 1000),
    )


def my_turn(page: Page) -> bool:
    return bool(page.evaluate("window.kibitzShell && window.kibitzShell.myTurn()"))


def outside_viewport(page: Page, selector: str) -> list[str]:
    """Every element matching `selector` that is not drawn wholly inside the page's viewport (its bounding box,
    in CSS px, at the current scroll), one line each ([] when all are inside, or nothing matches)."""
    return page.eval_on_selector_all(
        selector,
        """(es) => es.map((e) => {
          const r = e.getBoundingClientRect();
          const name = e.id || e.className || e.tagName;
          const inside = e.checkVisibility() && r.width > 0 && r.left >= 0 && r.top >= 0
            && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
          const [x, y, w, h] = [r.left, r.top, r.width, r.height].map(Math.round);
          return inside ? null : `${name} at ${x},${y} ${w}x${h} in ${innerWidth}x${innerHeight}`;
        }).filter(Boolean)""",
    )


def in_viewport(page: Page, selector: str) -> bool:
    """Whether `selector` matches something and every match is drawn wholly inside the viewport."""
    return page.locator(selector).count() > 0 and not outside_viewport(page, selector)


def demo_players_at_desks(browser: Any, base: str, names: tuple[str, ...]) -> list[Page]:
    """A page per demo player of `names`, each in a context of its own at a desktop size, signed in."""
    from .site import DEMO_PASSWORD

    pages = []
    for name in names:
        page = browser.new_context(bypass_csp=True, viewport={"width": 1100, "height": 850}).new_page()
        log_in(page, base, name, DEMO_PASSWORD)
        pages.append(page)
    return pages


def sign_up(page: Page, base: str, username: str, password: str, email: str = "") -> None:
    page.goto(base + "/accounts/signup/")
    page.fill("input[name=username]", username)
    if email:
        page.fill("input[name=email]", email)
    page.fill("input[name=password1]", password)
    page.fill("input[name=password2]", password)
    page.click("form button[type=submit]")
    page.wait_for_url(base + "/", timeout=TIMEOUT)


def verify_email(page: Page, base: str, mails: Path) -> None:
    """Follow the newest confirmation link that the site's console e-mail backend wrote to `mails` (the site's
    log) and confirm the address, as a person does from the mail."""
    links = re.findall(re.escape(base) + r"/accounts/confirm-email/[^\s]+/", mails.read_text())
    assert links, "no confirmation mail in the site's log"
    page.goto(links[-1])
    page.click("form[action*='confirm-email'] button[type=submit]")  # not the header's "Log out" form
    page.wait_for_load_state()


def log_in(page: Page, base: str, username: str, password: str) -> None:
    page.goto(base + "/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", password)
    page.click("form button[type=submit]")
    page.wait_for_url(base + "/", timeout=TIMEOUT)


def join_from_lobby(page: Page, table: int, table_url: str) -> None:
    """On the lobby page: press Play on table `table`'s box, as a person joining it does, and wait for the table
    page (`table_url`) to show the deal."""
    box = page.locator(f'.table-box[data-table="{table}"]')
    box.wait_for(timeout=TIMEOUT)
    box.locator("button", has_text="Play").click()
    page.wait_for_url(table_url, timeout=TIMEOUT)
    page.wait_for_function("window.kibitzShell?.frame?.view", timeout=TIMEOUT)


def new_game_dialog(page: Page, base: str, game: str) -> None:
    """Open the lobby's New game dialog with `game` (its key) chosen; the game's own options come next."""
    page.goto(base + "/")
    page.click("#new-game-button")
    page.select_option("#id_game", game)


def create_fixed_table(
    page: Page,
    base: str,
    fixed: dict[str, Any],
    *,
    human_seats: int = 1,
    stake: str = "0",
    bot_level: str = "standard",
    access: str = "public",
    invite_list: str | None = None,
) -> int:
    """In the open New game dialog: the seats for people, bots of `bot_level`, a 300 s clock, `stake`, `access`
    (admitting the members of the host's `invite_list`, by name, at a private table) and the first deal fixed by
    `fixed` (`{"order", "dealer", "bot_seed"}`, the test hook); create the table and wait for its page. Returns
    the table id."""
    page.select_option("#id_bot_level", bot_level)
    page.fill("#id_human_seats", str(human_seats))
    page.fill("#id_turn_seconds", "300")
    page.fill("#id_stake", stake)
    page.select_option("#id_access", access)
    if invite_list is not None:
        page.select_option("#id_access-invite_list", label=invite_list)
    page.evaluate("(v) => { document.querySelector('#id_fixed_deal').value = v; }", json.dumps(fixed))
    page.click("#new-game-create")
    page.wait_for_url(f"{base}/tables/**", timeout=TIMEOUT)
    page.wait_for_function("window.kibitzShell && window.kibitzShell.frame", timeout=TIMEOUT)
    return int(page.url.rstrip("/").split("/")[-1])


def open_table(
    page: Page,
    base: str,
    fixed: dict[str, Any],
    *,
    human_seats: int = 1,
    match_end: str = "deals:1",
    stake: str = "0",
    access: str = "public",
    invite_list: str | None = None,
) -> int:
    """Open a French Tarot table from the lobby's New game dialog, its first deal fixed by `fixed`
    (`{"order", "dealer", "bot_seed"}`, the test hook), admitting the members of the host's `invite_list` (by
    name) at a private table; waits for the table page. Returns the table id."""
    new_game_dialog(page, base, "french-tarot")
    page.select_option("#id_french-tarot__match_end", match_end)
    return create_fixed_table(
        page, base, fixed, human_seats=human_seats, stake=stake, access=access, invite_list=invite_list
    )


def commission_csv(staff: Page, base: str, folder: Any) -> list[str]:
    """On the staff commission report (`staff` logged in as staff, its context accepting downloads): download the
    CSV into `folder` and return its lines. The page stays on the report."""
    staff.goto(f"{base}/ledger/staff/commission/")
    with staff.expect_download() as download:
        staff.click("text=CSV , (decimal point)")
    path = folder / "commission.csv"
    download.value.save_as(path)
    return path.read_text(encoding="utf-8").splitlines()


def take_one_step(page: Page, bid: str, drags: list[int], plays: list[int]) -> bool:
    """If it is this page's turn, act once through the UI; returns whether it acted."""
    f = frame(page)
    if not f or not f["view"] or f["read_only"] or f["table"]["you"] not in f["view"]["to_act"]:
        return False
    view = f["view"]
    version = f["version"]
    if view["phase"] == "bidding":
        page.wait_for_selector("#dialog[open]", timeout=TIMEOUT)
        wanted = bid if any(a.get("bid") == bid for a in f["legal"]) else "pass"
        page.click(f'#dialog button[data-value="{wanted}"]')
    elif view["phase"] == "slam":
        page.wait_for_selector("#dialog[open]", timeout=TIMEOUT)
        page.click('#dialog button[data-value="false"]')
    elif view["phase"] == "discard":
        for card in legal_discard(view["hand"]):
            page.locator(f'.hand .card[data-card="{card}"]').click(position=VISIBLE_EDGE)
        page.click("#discard-button")
    elif view["phase"] == "play":
        legal = [a["play"] for a in f["legal"] if "play" in a]
        card = legal[0]
        source = page.locator(f'.hand .card[data-card="{card}"]')
        if not drags:
            source.drag_to(page.locator("#center"), source_position=VISIBLE_EDGE)
            drags.append(version)
        else:
            source.click(position=VISIBLE_EDGE)
            plays.append(version)
    else:
        return False
    try:
        page.wait_for_function(f"window.kibitzShell.version > {version}", timeout=TIMEOUT)
    except Exception as error:
        notice = page.inner_text("#notice") if page.is_visible("#notice") else ""
        page.screenshot(path="/tmp/kt/fail.png")
        raise AssertionError(
            f"no progress after acting in phase {view['phase']} (notice: {notice!r}, drags {drags}, clicks {plays})"
        ) from error
    return True


def play_until_done(
    pages: list[Page], bid_of: dict[int, str], limit: float = 240, on_trick: Any = None
) -> dict[str, list[int]]:
    """Drive every page until each shows a finished deal; returns the versions acted by drag and by click.
    `on_trick(page)` is called once, at the first page's turn in trick 2 (e.g. for screenshots)."""
    drags: list[int] = []
    plays: list[int] = []
    end = time.monotonic() + limit
    while time.monotonic() < end:
        frames = [frame(p) or {} for p in pages]
        if all((f.get("view") or {}).get("phase") == "done" for f in frames):
            return {"drags": drags, "clicks": plays}
        acted = False
        first = frames[0]
        if on_trick and len(plays) + len(drags) == 1 and (first.get("view") or {}).get("phase") == "play":
            on_trick(pages[0])
            on_trick = None
        for i, page in enumerate(pages):
            acted |= take_one_step(page, bid_of.get(i, "pass"), drags, plays)
        if not acted:
            wait_for_news(pages[0])
    raise AssertionError(f"the deal did not finish in time: {frame(pages[0])}")


def page_in_language(site: Any, browser: Any, language: str) -> Page:
    """A page of the site in `language` (the browser's Accept-Language, read by LocaleMiddleware) with the JavaScript
    catalog loaded, for drawing the site's browser modules without a table. Close it with `page.context.close()`."""
    context = browser.new_context(
        bypass_csp=True, locale=language, extra_http_headers={"Accept-Language": language}
    )
    page = context.new_page()
    page.goto(site.url + "/accounts/login/")
    page.add_script_tag(url=site.url + "/jsi18n/")
    return page
