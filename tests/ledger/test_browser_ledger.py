"""In a real Chromium: a player watches the wallet and statement change when a stakes deal settles; a staff
user finds the deal in the reports, sees the commission chart and downloads the CSV.

The deal is booked through ledger.services here, with the settlement example's exact figures; the same pages
after a deal played at a real table are tests/e2e/test_ledger_stakes.py."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from signup.players import open_player_account
from tests.e2e.driver import commission_csv
from tests.ledger.example_deal import settle_example_deal
from tests.players import verified, with_role

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def user(name: str, **extra):
    u = get_user_model()(username=name, **extra)
    u.set_unusable_password()
    u.save()
    open_player_account(u)
    verified(u)
    return u


def session_cookie(u, live_server_url: str) -> dict:
    client = Client()
    client.force_login(u)
    return {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server_url}


def test_it_shows_the_player_and_staff_the_settled_deal(live_server, browser, tmp_path):
    alice, bob, carol, dave = (user(n) for n in ("alice", "bob", "carol", "dave"))
    sam = with_role(user("sam", is_staff=True), "Finance")
    page = browser.new_context(bypass_csp=True).new_page()
    page.context.add_cookies([session_cookie(alice, live_server.url)])

    page.goto(f"{live_server.url}/ledger/wallet/")
    assert page.text_content("#wallet-balance") == "100.00"

    settle_example_deal([alice, bob, carol, dave])

    page.reload()
    assert page.text_content("#wallet-balance") == "107.92"
    first_line = page.locator("table.report tbody tr").first
    assert first_line.locator("details").get_attribute("data-kind") == "deal"
    text = first_line.inner_text()
    assert "+7.92" in text and "+9.00" in text and "1.08" in text and "107.92" in text
    first_line.locator("summary").click()
    assert "+61.92" in first_line.inner_text() and "-54.00" in first_line.inner_text()

    staff_page = browser.new_context(bypass_csp=True, accept_downloads=True).new_page()
    staff_page.context.add_cookies([session_cookie(sam, live_server.url)])
    staff_page.goto(f"{live_server.url}/ledger/staff/")
    staff_page.click("text=Settlements")
    staff_page.click("text=Deal #42")  # the unit `round:42` by its label (ledger/labels.py)
    assert staff_page.text_content("#calc-v") == "3.00"
    assert staff_page.text_content("#calc-rate") == "9 %"
    assert staff_page.text_content("#calc-c") == "1.08"

    lines = commission_csv(staff_page, live_server.url, tmp_path)
    assert staff_page.locator("svg.chart rect.bar").count() == 30
    assert lines[0] == "\ufeffDay,Deals settled,Commission" and lines[1].endswith(",1,1.08")
