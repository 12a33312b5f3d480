"""Screenshots of every staff page with volume data (3,000 settled deals, adjustments, reversals, limits and the
audit log), at 1280x800 and 390x844, into tests/output/backoffice/. Each page must load without a console error
and show its table, totals and pager where it has them."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from ledger import services as ledger
from ledger.models import AuditEntry, SettlementUnit, Transaction
from ledger.roles import ADMINISTRATOR, APPROVER, FINANCE, RESPONSIBLE_GAMING, ensure_roles
from tests.ledger.volume import make_volume
from tests.players import with_role

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

OUTPUT = Path(__file__).resolve().parents[1] / "output" / "backoffice"
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def staff_member(name: str, role: str):
    return with_role(get_user_model().objects.create(username=name, is_staff=True), role)


def cookie(user, base: str) -> dict:
    client = Client()
    client.force_login(user)
    return {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}


def test_every_staff_page_with_volume_data(live_server, browser):
    ensure_roles()
    data = make_volume(3000)
    fiona, amos = staff_member("fiona", FINANCE), staff_member("amos", APPROVER)
    rita, ada = staff_member("rita", RESPONSIBLE_GAMING), staff_member("ada", ADMINISTRATOR)
    alice, bob, carol = data["players"][:3]
    for i, (user, amount) in enumerate([(alice, 2500), (bob, -1200), (carol, 800)]):
        request = ledger.request_adjustment(
            account=ledger.wallet_for(user), amount=amount, reason=f"goodwill {i}", requested_by=fiona
        )
        if i == 0:
            booked = ledger.approve_adjustment(request.pk, amos)
            ledger.approve_reversal(
                ledger.request_reversal(booked.pk, requested_by=fiona, reason="twice").pk, amos
            )
        elif i == 1:
            ledger.reject_adjustment(request.pk, amos)
    grant = Transaction.objects.get(key=f"grant:user:{carol.pk}")
    ledger.request_reversal(grant.pk, requested_by=fiona, reason="duplicate account")
    ledger.set_loss_limit(alice, "day", 5000)
    ledger.set_loss_limit(bob, "week", 20000)
    ledger.exclude_self(data["players"][4], 30)
    ledger.set_cool_off(data["players"][5], days=7, reason="asked on the phone", staff=rita)
    ledger.add_schedule(
        [(0, 900), (500, 700)],
        effective_from=timezone.now() + timedelta(days=14),
        currency="EUR",
        created_by=ada,
    )
    ledger.set_staff_roles(rita, [RESPONSIBLE_GAMING, FINANCE], staff=ada, reason="covers finance in August")
    assert AuditEntry.objects.count() >= 9
    base = live_server.url
    unit = SettlementUnit.objects.order_by("-closed_at").first()
    pages = {
        "index": "/ledger/staff/",
        "accounts-players": "/ledger/staff/accounts/",
        "accounts-bots": "/ledger/staff/accounts/?group=bot",
        "accounts-house": "/ledger/staff/accounts/?group=house",
        "statement": f"/ledger/staff/accounts/{ledger.wallet_for(alice).pk}/",
        "settlements": "/ledger/staff/settlements/",
        "settlements-filtered": "/ledger/staff/settlements/?game=tarock&player=alice",
        "settlement": f"/ledger/staff/settlements/{unit.pk}/",
        "commission": f"/ledger/staff/commission/?date_from={timezone.localdate() - timedelta(days=89)}",
        "results-players": "/ledger/staff/results/",
        "results-bots": "/ledger/staff/results/?group=bot",
        "limits": "/ledger/staff/limits/",
        "player": f"/ledger/staff/players/{alice.pk}/",
        "reconciliation": "/ledger/staff/reconciliation/",
        "adjustments": "/ledger/staff/adjustments/",
        "reversals": "/ledger/staff/reversals/",
        "transaction": f"/ledger/staff/transactions/{grant.pk}/",
        "schedule": "/ledger/staff/schedule/",
        "audit": "/ledger/staff/audit/",
        "roles": "/ledger/staff/roles/",
    }
    OUTPUT.mkdir(parents=True, exist_ok=True)
    context = browser.new_context()
    context.add_cookies([cookie(get_user_model().objects.get(pk=ada.pk), base)])
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        for name, path in pages.items():
            response = page.goto(base + path)
            assert response is not None and response.status == 200, (name, response and response.status)
            assert page.locator("a:has-text('Ledger reports')").count() == 1
            assert (
                page.locator("a:has-text('Wallet')").count() == 1
                and page.locator("text=Log out").count() == 1
            )
            page.screenshot(path=str(OUTPUT / f"{name}-{size}.png"), full_page=size == "desktop")
    assert not errors, errors
    page.goto(base + "/ledger/staff/settlements/")
    assert "Rows 1–50 of 3000" in page.inner_text(".pager")
    assert page.locator("tfoot tr").count() == 2
