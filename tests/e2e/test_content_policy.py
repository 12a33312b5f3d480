"""The site's pages under its real Content-Security-Policy (script-src 'self', no inline script or style): the
lobby, the New game dialog, a table and the admin work in Chromium and log no violation. These contexts keep the
policy (no `bypass_csp`), so the test waits by polling from Python instead of Playwright's eval-based waits."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page

from .driver import log_in
from .site import DEMO_PASSWORD, LiveSite, add_staff_member

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]


@pytest.fixture(scope="module")
def policy_site(tmp_path_factory):
    """A live site with a staff member `sam` for the admin."""
    folder = tmp_path_factory.mktemp("policy-site")
    live = LiveSite()
    live.start(folder)
    add_staff_member(folder, "sam")
    yield live
    live.stop()


def until(page: Page, expression: str, seconds: float = 15) -> None:
    """Poll `expression` through page.evaluate (DevTools' evaluate is not subject to the page's policy)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if page.evaluate(expression):
            return
        time.sleep(0.1)
    raise AssertionError(f"never true: {expression}")


def watched(page: Page) -> list[str]:
    """Collect what Chromium says about the policy and any script error on `page`."""
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    return problems


def test_the_lobby_dialog_table_and_admin_run_under_the_policy(policy_site, browser):
    page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    problems = watched(page)
    log_in(page, policy_site.url, "alice", DEMO_PASSWORD)
    answer = page.goto(policy_site.url + "/")
    assert "script-src 'self'" in answer.headers["content-security-policy"]
    until(page, "window.kibitzLobbySocket && window.kibitzLobbySocket.readyState === 1")  # lobby.js ran

    page.click("#new-game-button")  # the New game dialog, opened by lobby.js
    assert page.is_visible("#new-game-form")
    page.select_option("#id_game", "french-tarot")
    page.select_option("#id_french-tarot__match_end", "deals:1")
    page.fill("#id_human_seats", "1")
    page.click("#new-game-create")
    until(page, "location.pathname.startsWith('/tables/')")
    until(page, "!!(window.kibitzShell && window.kibitzShell.frame)")  # the table shell and its socket run
    until(page, "document.querySelectorAll('svg').length > 0")  # the cards are drawn

    staff = browser.new_context().new_page()
    problems += watched(staff)
    log_in(staff, policy_site.url, "sam", DEMO_PASSWORD)
    staff.goto(policy_site.url + "/admin/accounts/user/")
    assert staff.locator("#result_list").is_visible()
    staff.click("#result_list tbody tr:first-child th a")  # a change form, with the admin's own scripts
    staff.wait_for_load_state()
    assert staff.locator("#content form").count() == 1
    time.sleep(0.5)  # late violation reports
    assert problems == []
