"""static/js/money.js in Debian's Chromium: integer minor units to text, as ledger/money.py writes them."""

from __future__ import annotations

import pytest

from ledger.money import decimal_mark, format_money

from .sources import REPO

pytestmark = pytest.mark.browser

ORIGIN = "http://kibitz.invalid"
AMOUNTS = [0, 5, -5, 99, 100, 792, -300, 123456789, 2**53 - 1, -(2**53 - 1)]


@pytest.fixture(scope="module")
def page(browser):
    """A page whose <html> carries the German decimal mark and which imports money.js as the site serves it."""
    page = browser.new_page()

    def serve(route):
        if route.request.url.endswith("/money.js"):
            body = (REPO / "static/js/money.js").read_text(encoding="utf-8")
            route.fulfill(status=200, content_type="text/javascript", body=body)
        else:
            route.fulfill(
                status=200, content_type="text/html", body='<html data-decimal-mark=","><body></body></html>'
            )

    page.route(f"{ORIGIN}/**", serve)
    page.goto(f"{ORIGIN}/")
    page.evaluate(f"import('{ORIGIN}/static/js/money.js').then((m) => {{ window.money = m; }})")
    page.wait_for_function("window.money !== undefined")
    yield page
    page.close()


def test_it_writes_every_amount_as_the_pages_do(page):
    for language in ("en", "de"):
        mark = decimal_mark(language)
        shown = page.evaluate(
            "([amounts, mark]) => amounts.map((a) => window.money.formatMoney(a, mark))", [AMOUNTS, mark]
        )
        assert shown == [format_money(a, language) for a in AMOUNTS]


def test_it_takes_the_mark_the_page_gives(page):
    assert page.evaluate("[window.money.decimalMark(), window.money.formatMoney(792)]") == [",", "7,92"]


@pytest.mark.parametrize("value", ["7.92", "'792'", "null", "2 ** 53", "NaN"])
def test_it_refuses_anything_but_a_safe_integer(page, value):
    refused = page.evaluate(
        f"() => {{ try {{ window.money.formatMoney({value}); return null; }} catch (e) {{ return e.name; }} }}"
    )
    assert refused == "TypeError"
