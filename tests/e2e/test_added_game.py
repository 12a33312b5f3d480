"""The tests' own game, added the way README.md "Adding a game" says, in a real browser: the New game dialog offers
it with its declared field, and its own browser module plays it to its end against bots, on a site served with the
tests' settings (which list its package and serve its module)."""

from __future__ import annotations

import pytest

from tests.tables.minigame import GAME

from .driver import log_in
from .site import DEMO_PASSWORD, LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


@pytest.fixture(scope="module")
def tests_site(tmp_path_factory):
    live = LiveSite()
    live.start(tmp_path_factory.mktemp("site"), settings_module="tests.settings")
    yield live
    live.stop()


def test_the_added_game_is_opened_from_the_dialog_and_played_to_its_end(tests_site, browser):
    page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    log_in(page, tests_site.url, "alice", DEMO_PASSWORD)
    page.goto(tests_site.url + "/")
    page.click("#new-game-button")
    page.select_option("#id_game", GAME.key)
    rounds = page.locator(f"#id_{GAME.key}__rounds")
    assert rounds.is_visible() and rounds.get_attribute("max") == "5"
    assert not page.locator("fieldset.game-options[data-game='french-tarot']").is_visible()
    rounds.fill("1")
    page.fill("#id_human_seats", "1")
    page.click("#new-game-create")
    page.wait_for_url(f"{tests_site.url}/tables/**", timeout=20_000)
    played = 0
    while not page.locator("#score-sheet .match-over").is_visible():
        card = page.locator("#hand button.card.legal")
        if card.count():
            card.first.click()
            played += 1
            page.wait_for_timeout(150)
        else:
            page.wait_for_timeout(100)
        assert not errors, errors
    assert (
        played >= 4 and page.locator("#hand button.card").count() == 0
    )  # the person's four cards were played
    assert errors == []
