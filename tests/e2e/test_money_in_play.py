"""Money in play in real Chromium (docs/decisions-ledger.md "Money in play"): new players see the worst case in
currency in the New game dialog and the lobby box before sitting, play a stakes deal of French Tarot, and see the
same net result on the score sheet and as one wallet line; the one who then cannot cover the next deal is told why
at the table, and the other person sees the seat's reason."""

from __future__ import annotations

import pytest

from ledger.money import format_money, format_signed_money

from .driver import TIMEOUT, frame, open_table, play_until_done, sign_up, verify_email
from .tarot_deals import passing_bot_seed, strong_hand_order

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

STAKE = "0.22"  # French Tarot's default limit 150 × 0.22 = 33.00, so the worst case is 99.00 of the 100.00 granted
WORST_CASE = "Worst case per deal: 99.00 (limit × 3 other players)"


def _new_player(browser, base: str, log, name: str):
    page = browser.new_context(bypass_csp=True, viewport={"width": 1200, "height": 900}).new_page()
    sign_up(page, base, name, "a-long-test-password-42", email=f"{name}@example.invalid")
    verify_email(page, base, log)  # money needs a verified address
    return page


def test_the_worst_case_before_sitting_the_booked_money_and_a_seat_stood_up_for_want_of_funds(
    site, browser, output_dir
):
    base = site.url
    erin = _new_player(browser, base, site.log, "erin")
    erin.goto(f"{base}/")
    erin.click("#new-game-button")
    erin.select_option("#id_game", "french-tarot")
    preview = erin.locator("#new-game-worst-case")
    preview.filter(has_text="No stakes").wait_for(timeout=TIMEOUT)
    erin.fill("#id_stake", STAKE)
    preview.filter(has_text=WORST_CASE).wait_for(timeout=TIMEOUT)
    assert "limit 33.00 (the game's default)" in preview.inner_text()
    erin.fill("#id_limit", "0")  # never a hidden default: refused with the reason
    preview.filter(has_text="A limit of 0 is not allowed").wait_for(timeout=TIMEOUT)
    erin.fill("#id_limit", "10")
    preview.filter(has_text="Worst case per deal: 30.00").wait_for(timeout=TIMEOUT)
    erin.fill("#id_limit", "")
    preview.filter(has_text=WORST_CASE).wait_for(timeout=TIMEOUT)
    erin.screenshot(path=str(output_dir / "money-new-game-worst-case.png"))

    dealer = 3
    order, deal = strong_hand_order(dealer, strong_seat=0)
    seed = passing_bot_seed(deal, dealer, {0: "garde", 1: "pass"}, bots={2, 3}, first_version=4)
    fixed = {"order": order, "dealer": dealer, "bot_seed": seed}
    table_id = open_table(erin, base, fixed, human_seats=2, stake=STAKE, match_end="deals:4")
    assert erin.inner_text("#table-stakes").startswith(WORST_CASE)

    fred = _new_player(browser, base, site.log, "fred")
    fred.goto(f"{base}/")
    box = fred.locator(f'.table-box[data-table="{table_id}"]')
    assert box.locator(".box-worst-case").inner_text() == WORST_CASE  # before he sits down
    assert box.locator(".box-stake").inner_text() == "stake 0.22 · limit 33.00"
    fred.screenshot(path=str(output_dir / "money-lobby-box-worst-case.png"))
    box.locator("button", has_text="Play").click()
    fred.wait_for_url(erin.url, timeout=TIMEOUT)
    fred.wait_for_function("window.kibitzShell && window.kibitzShell.frame", timeout=TIMEOUT)

    play_until_done([erin, fred], {0: "garde"})
    erin.locator("#money-sheet").wait_for(timeout=TIMEOUT)
    money = frame(erin)["table"]["round"]["money"]
    assert money == frame(fred)["table"]["round"]["money"]  # booked once, shown to everyone at the table
    net = {s["seat"]: s["net"] for s in money["seats"]}
    for page, seat in ((erin, 0), (fred, 1)):
        row = page.locator(f'#money-sheet tr[data-seat="{seat}"]')
        assert row.locator(".money-net").inner_text() == format_signed_money(net[seat])
    assert erin.locator("#money-sheet .money-house").inner_text() == format_money(money["commission"])
    erin.screenshot(path=str(output_dir / "money-score-sheet.png"), full_page=True)

    for page, seat in ((erin, 0), (fred, 1)):
        wallet = page.context.new_page()  # the table stays open in its own tab
        wallet.goto(f"{base}/ledger/wallet/")
        assert wallet.text_content("#wallet-balance") == format_money(10_000 + net[seat])
        deal_line = wallet.locator("table.report tbody tr").first
        assert deal_line.locator("details").get_attribute("data-kind") == "deal"
        assert format_signed_money(net[seat]) in deal_line.inner_text()
        assert (
            wallet.locator("table.report tbody tr").count() == 2
        )  # the deal (reservation folded) and the grant
        wallet.close()

    # Whoever lost now holds less than the 99.00 the next deal reserves: stood up when it is dealt.
    (loser,) = [seat for seat in (0, 1) if net[seat] < 0]
    poor, other = (erin, fred) if loser == 0 else (fred, erin)
    poor_name = "erin" if loser == 0 else "fred"
    other.click("#next-deal")
    poor.locator(
        "#notice.error", has_text="Your wallet cannot cover the worst case of the next deal"
    ).wait_for(timeout=TIMEOUT)
    reason = other.locator(f'.seat-box[data-seat="{loser}"] .seat-reason')
    reason.wait_for(timeout=TIMEOUT)
    assert (
        reason.inner_text()
        == f"{poor_name} could not cover the next deal and was stood up; a bot plays this seat."
    )
    seat = frame(other)["table"]["seats"][loser]
    assert seat["bot"] and seat["bot_reason"] == "cannot_cover" and seat["replaced"] == poor_name
    assert frame(other)["table"]["round"]["number"] == 2 and frame(other)["table"]["status"] == "playing"
    poor.locator(f'.seat-box[data-seat="{loser}"] .seat-reason').wait_for(timeout=TIMEOUT)  # he sees it too
    other.screenshot(path=str(output_dir / "money-seat-stood-up-others.png"), full_page=True)
    poor.screenshot(path=str(output_dir / "money-seat-stood-up-player.png"), full_page=True)
