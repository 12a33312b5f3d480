"""In a real Chromium, at 1280x800 and 390x844 (docs/decisions-ledger.md "Separation of duties"): the staff-roles
page with a grant waiting for a second administrator, who approves it there; the reconciliation page red on a
planted mismatch, naming the account. Screenshots in tests/output/operator/."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from ledger import services as ledger
from ledger.models import Account, RoleGrant
from ledger.roles import ADMINISTRATOR, APPROVER
from signup.players import open_player_account
from tests.ledger.example_deal import settle_example_deal
from tests.players import verified, with_role

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

OUTPUT = Path(__file__).resolve().parents[1] / "output" / "operator"
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def person(name: str):
    user = get_user_model().objects.create(username=name)
    open_player_account(user)
    return verified(user)


def cookie(user, base: str) -> dict:
    client = Client()
    client.force_login(user)
    return {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}


def test_the_roles_page_with_a_pending_grant_and_the_red_reconciliation(live_server, browser):
    ada, bea = with_role(person("ada"), ADMINISTRATOR), with_role(person("bea"), ADMINISTRATOR)
    players = [person(n) for n in ("alice", "bob", "carol", "dave")]
    ledger.set_staff_roles(players[0], [APPROVER], staff=ada, reason="covers approvals in August")
    settle_example_deal(players)
    escrow = Account.objects.get(kind="escrow")
    ledger.post(  # a 5.00 adjustment into the finished table's escrow: every transaction still balances
        key="planted", kind="adjustment", lines=[(escrow.pk, 500), (ledger.wallet_for(players[1]).pk, -500)]
    )
    OUTPUT.mkdir(parents=True, exist_ok=True)
    base = live_server.url
    context = browser.new_context()
    context.add_cookies([cookie(get_user_model().objects.get(pk=bea.pk), base)])
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.goto(base + "/ledger/staff/roles/")
        waiting = page.locator("table.pending-grants tbody tr").first
        assert "alice" in waiting.inner_text() and "Approver" in waiting.inner_text()
        assert "ada" in waiting.inner_text() and waiting.locator("button[value=approve]").is_visible()
        page.screenshot(path=str(OUTPUT / f"roles-pending-{size}.png"), full_page=True)
        page.goto(base + "/ledger/staff/reconciliation/")
        state = page.locator(".reconciliation-state")
        assert state.inner_text() == f"Reconciliation failed: {escrow.name}"
        assert page.locator("table.classes tr.mismatch").inner_text().count(escrow.name) == 1
        page.screenshot(path=str(OUTPUT / f"reconciliation-red-{size}.png"), full_page=True)
    page.goto(base + "/ledger/staff/roles/")
    page.locator("table.pending-grants button[value=approve]").click()
    page.wait_for_load_state()
    assert "No grant is waiting." in page.locator("table.pending-grants").inner_text()
    assert RoleGrant.objects.get(grantee=players[0]).status == "active"
    assert not errors, errors


def test_enrolment_and_sign_in_with_the_second_factor(live_server, browser, settings):
    from django_otp.oath import TOTP
    from django_otp.plugins.otp_totp.models import TOTPDevice

    settings.KIBITZ_STAFF_SECOND_FACTOR = True
    OUTPUT.mkdir(parents=True, exist_ok=True)
    base = live_server.url
    for size, (width, height) in SIZES.items():
        staff = with_role(person(f"fiona-{size}"), "Finance")

        def code(later: int, staff=staff) -> str:
            device = TOTPDevice.objects.get(user=staff)
            totp = TOTP(device.bin_key, device.step, device.t0, device.digits, device.drift)
            totp.time = totp.time + later * device.step
            return f"{totp.token():06d}"

        for sign_in in range(2):  # the first sign-in enrols, the next one asks the code once
            context = browser.new_context(viewport={"width": width, "height": height})
            context.add_cookies([cookie(get_user_model().objects.get(pk=staff.pk), base)])
            page = context.new_page()
            page.goto(base + "/ledger/staff/settlements/")
            assert "/ledger/second-factor/" in page.url
            if sign_in == 0:
                assert len(page.text_content("#otp-secret") or "") >= 32
                page.screenshot(path=str(OUTPUT / f"second-factor-enrol-{size}.png"), full_page=True)
                page.fill("input[name=token]", code(0))
                page.click("form.action-box button[type=submit]")
                assert page.locator("#recovery-codes li").count() == 10
                page.screenshot(path=str(OUTPUT / f"second-factor-codes-{size}.png"), full_page=True)
                page.click("text=Continue")
            else:
                assert page.locator("#otp-secret").count() == 0
                page.screenshot(path=str(OUTPUT / f"second-factor-sign-in-{size}.png"), full_page=True)
                page.fill("input[name=token]", code(1))  # the next step's code: a code is accepted once
                page.click("form.action-box button[type=submit]")
            page.wait_for_url(base + "/ledger/staff/settlements/")
            assert page.locator("h1").inner_text() == "Settlements"
            context.close()
