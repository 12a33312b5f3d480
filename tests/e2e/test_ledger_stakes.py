"""Stakes in real Chromium (docs/decisions-ledger.md "Done when"): a new player plays a stakes deal of French Tarot
against bots and sees the wallet and the statement line change; a staff user finds the deal in the reports, sees the
commission chart and downloads the CSV."""

from __future__ import annotations

import pytest

from ledger.calculation import DEFAULT_BANDS, calculate_settlement
from ledger.money import format_money, format_signed_money

from .driver import TIMEOUT, commission_csv, frame, log_in, open_table, play_until_done, sign_up, verify_email
from .site import DEMO_PASSWORD, LiveSite, add_staff_member
from .tarot_deals import passing_bot_seed, strong_hand_order

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

STAKE = 10  # 0.10 per point; French Tarot's default limit 150 × stake = 15.00


@pytest.fixture(scope="module")
def stakes_site(tmp_path_factory):
    """A live site plus a staff member `sam` (created with the site's own manage.py and database)."""
    folder = tmp_path_factory.mktemp("stakes-site")
    live = LiveSite()
    live.start(folder)
    add_staff_member(folder, "sam")
    yield live
    live.stop()


def test_it_books_a_stakes_deal_the_player_and_staff_can_follow(stakes_site, browser, tmp_path):
    base = stakes_site.url
    dealer = 3
    order, deal = strong_hand_order(dealer, strong_seat=0)
    seed = passing_bot_seed(deal, dealer, {0: "garde"}, bots={1, 2, 3}, first_version=3)

    page = browser.new_context(bypass_csp=True, viewport={"width": 1200, "height": 900}).new_page()
    sign_up(page, base, "erin", "a-long-test-password-42", email="erin@example.invalid")
    verify_email(page, base, stakes_site.log)  # money needs a verified address
    page.goto(f"{base}/ledger/wallet/")
    assert page.text_content("#wallet-balance") == "100.00"

    page.goto(f"{base}/")
    assert page.text_content("#new-game-wallet") == "100.00"
    open_table(page, base, {"order": order, "dealer": dealer, "bot_seed": seed}, stake=format_money(STAKE))
    play_until_done([page], {0: "garde"})
    result = frame(page)["view"]["result"]
    assert result["status"] == "scored" and result["taker"] == 0
    calc = calculate_settlement(
        [tuple(p) for p in result["payments"]], stake=STAKE, limit=150 * STAKE, seats=4, bands=DEFAULT_BANDS
    )
    expected = format_money(10_000 + calc.wallet_changes[0])

    page.goto(f"{base}/ledger/wallet/")
    assert page.text_content("#wallet-balance") == expected
    deal_line = page.locator("table.report tbody tr").first
    assert deal_line.locator("details").get_attribute("data-kind") == "deal"
    assert format_signed_money(calc.wallet_changes[0]) in deal_line.inner_text()
    assert page.locator("table.report tbody tr").count() == 2  # the deal (reservation folded) and the grant
    deal_line.locator("summary").click()
    deal_line.locator("text=Hand history").click()
    page.wait_for_url(f"{base}/tables/*/deals/1/", timeout=TIMEOUT)

    staff = browser.new_context(bypass_csp=True, accept_downloads=True).new_page()
    log_in(staff, base, "sam", DEMO_PASSWORD)
    staff.goto(f"{base}/ledger/staff/")
    assert staff.locator(".light.green").count() == 1
    staff.click("text=Settlements")
    staff.locator("table.report tbody a[href*='/settlements/']").first.click()
    assert staff.text_content("#calc-c") == format_money(calc.commission)
    assert staff.text_content("#calc-v") == format_money(calc.value)
    rows = commission_csv(staff, base, tmp_path)
    assert staff.locator("svg.chart rect.bar").count() == 30  # every day of the range, days without play too
    assert rows[0] == "\ufeffDay,Deals settled,Commission" and rows[1].endswith(
        f",1,{format_money(calc.commission)}"
    )
