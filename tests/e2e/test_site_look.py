"""The site's look in Chromium at 1280 x 800 and 390 x 844: the front page for visitors, the account pages
(allauth's log in, sign up and password reset) and the lobby are drawn in the site's frame with its own fonts
(static/vendor/, served by the site), never scroll sideways, and offer a primary button; screenshots of each land
in tests/output/."""

from __future__ import annotations

import pytest

from .axe import assert_accessible
from .driver import log_in, page_in_language
from .site import DEMO_PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

SIZES = [(1280, 800), (390, 844)]
ACCOUNT_PAGES = {
    "login": "/accounts/login/",
    "signup": "/accounts/signup/",
    "password-reset": "/accounts/password/reset/",
}


def fonts_of(page) -> list[str]:
    """The families of the site's web fonts that the page has loaded."""
    page.evaluate("document.fonts.ready.then(() => true)")
    return page.evaluate(
        "[...document.fonts].filter(f => f.status === 'loaded').map(f => f.family.replaceAll('\"', ''))"
    )


def page_at(browser, size):
    context = browser.new_context(bypass_csp=True, viewport={"width": size[0], "height": size[1]})
    return context.new_page()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", list(ACCOUNT_PAGES))
def test_the_account_pages_wear_the_sites_look(site, browser, output_dir, name, size):
    page = page_at(browser, size)
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(site.url + ACCOUNT_PAGES[name])
    assert page.locator("body.account-page .site-main form").count() >= 1
    assert page.locator(".site-main button[type=submit].primary").count() >= 1
    assert "Source Sans 3 Variable" in fonts_of(page)
    assert all(url.startswith(site.url) for url in requests)  # fonts, styles and scripts are the site's own
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    box = page.locator(".site-main").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= size[0]
    page.screenshot(path=str(output_dir / f"account-{name}-{size[0]}.png"), full_page=True)
    page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_visitor_gets_the_front_page_with_the_way_in(site, browser, output_dir, size):
    page = page_at(browser, size)
    page.goto(site.url + "/")
    assert page.locator(".welcome-game").count() >= 1
    signup = page.locator("#welcome-signup")
    assert signup.is_visible() and signup.bounding_box()["y"] + 40 < size[1]  # the way in is above the fold
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    assert_accessible(page, "the front page")
    page.screenshot(path=str(output_dir / f"front-page-{size[0]}.png"), full_page=True)
    signup.click()
    page.wait_for_url("**/accounts/signup/")
    page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_lobby_wears_the_sites_look(site, browser, output_dir, size):
    page = page_at(browser, size)
    log_in(page, site.url, "alice", DEMO_PASSWORD)
    page.wait_for_selector("#new-game-button")
    assert "Source Serif 4 Variable" in fonts_of(page)  # the titles' font
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    page.screenshot(path=str(output_dir / f"lobby-{size[0]}.png"), full_page=True)
    page.context.close()


# The court cards' corner letters by page language (docs/decisions-i18n.md "Card indices"): King, Queen, Cavalier,
# Jack.
COURT_INDICES = {
    "en": "K Q C J",
    "fr": "R D C V",
    "de": "R D C V",
    "pt": "R D C V",
    "nl": "H D R B",
}


@pytest.mark.parametrize("language", list(COURT_INDICES))
def test_the_court_cards_carry_the_page_languages_indices(site, browser, language):
    """The tarot deck's court cards, drawn with the JavaScript catalog of a page in `language`
    (the browser's Accept-Language, read by LocaleMiddleware), carry that language's index letters."""
    page = page_in_language(site, browser, language)
    letters = page.evaluate(
        """async () => {
          const { TarotCard } = await import('/static/js/cards/tarot.js');
          const { html, render } = await import('/static/js/view.js');
          const box = document.createElement('div');
          document.body.append(box);
          render(html`${['KH', 'QS', 'NC', 'JD'].map((c) => html`<${TarotCard} code=${c}/>`)}`, box);
          return [...box.querySelectorAll('svg')].map((s) => s.querySelector('.card-index').textContent).join(' ');
        }"""
    )
    assert letters == COURT_INDICES[language]
    page.context.close()
