"""Stakes at a live Rummy table (docs/rules/rummy.md §9, docs/decisions-ledger.md "Money in play"): three seats, a
person and two bots, limit 50, on fixed deals. Each deal's payments show in the score sheet's money block as the
ledger booked them; the bot out after the first deal is not dealt into the second and pays nothing there."""

from __future__ import annotations

import pytest

from ledger.money import format_signed_money

from .driver import TIMEOUT, frame, sign_up, verify_email
from .rummy_deals import stakes_order
from .rummy_table import continue_with_fixed_deal, open_rummy_table

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

STAKE = "0.10"  # limit 100 units x 0.10 = 10.00 per other seat: a worst case of 20.00 of the 100.00 granted


def _money(page) -> dict[str, str]:
    rows = page.eval_on_selector_all(
        "#money-sheet tbody tr",
        "rs => rs.map(r => [r.dataset.seat, r.querySelector('.money-result').textContent])",
    )
    return dict(rows)


def test_each_deal_is_paid_through_the_money_block_and_a_seat_out_pays_nothing(site, browser, output_dir):
    context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    sign_up(page, site.url, "mira", "a-long-test-password-42", email="mira@example.invalid")
    verify_email(page, site.url, site.log)
    table_id = open_rummy_table(
        page, site.url, stakes_order([0, 1, 2]), 0, players=3, limit=50, hand_jolly=False, stake=STAKE
    )

    # Deal 1: seat 1 goes out; the person pays 41 units, seat 2 pays 99 and is out (above 50).
    page.wait_for_selector("#score-dialog[open] #money-sheet", timeout=TIMEOUT * 2)
    f = frame(page)
    assert f["view"]["result"]["penalties"] == [41, 0, 99] and f["view"]["eliminated"] == [False, False, True]
    money = _money(page)
    assert money["0"] == format_signed_money(-410) and money["2"] == format_signed_money(-990)
    page.locator("#score-dialog").screenshot(path=str(output_dir / "rummy-desktop-money.png"))
    continue_with_fixed_deal(page, site, table_id, stakes_order([0, 1]), 0)

    # Deal 2: seat 2 is not dealt in and pays nothing; the person pays 41 units again.
    page.wait_for_selector("#score-dialog[open] #money-sheet", timeout=TIMEOUT * 2)
    f = frame(page)
    assert f["view"]["hand_sizes"][2] is None and f["view"]["result"]["penalties"] == [41, 0, None]
    money = _money(page)
    assert money["0"] == format_signed_money(-410)
    assert money.get("2", format_signed_money(0)) == format_signed_money(0)
    assert not errors
    context.close()
