"""Staff roles, four eyes, the audit log, schedule versions and the bots' starting grant."""

from __future__ import annotations

import csv
import importlib
import io
from datetime import timedelta

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from games.services.bot_accounts import ensure_bot_accounts
from ledger import services as ledger
from ledger.exports import BOM, COMMA, SEMICOLON, Money, Rate, csv_text
from ledger.models import Account, AdjustmentRequest, AuditEntry, Transaction, TransactionKind
from ledger.reports import reconcile
from ledger.roles import ADMINISTRATOR, APPROVER, FINANCE, RESPONSIBLE_GAMING

pytestmark = [pytest.mark.django_db]


def test_bots_hold_no_starting_grant_on_a_fresh_database():
    bots = ensure_bot_accounts()
    assert len(bots) == 18
    assert not Transaction.objects.filter(
        kind=TransactionKind.GRANT, postings__account__user__in=bots
    ).exists()
    assert not Account.objects.filter(user__in=bots).exclude(balance=0).exists()


def test_the_migration_takes_back_bot_grants_never_below_zero(players):
    """Grants booked by the old signal are reversed up to what each bot wallet still holds."""
    rich, poor = ensure_bot_accounts(slots=1)[:2]
    promotions = ledger.promotions_account()
    for bot in (rich, poor):
        wallet = ledger.wallet_for(bot, is_bot=True)
        ledger.post(
            key=f"grant:user:{bot.pk}", kind="grant", lines=[(wallet.pk, 10_000), (promotions.pk, -10_000)]
        )
    poor_wallet = ledger.wallet_for(poor)
    winner = ledger.wallet_for(
        players[1]
    )  # wallet to wallet: no house class moves (reconcile's class checks)
    ledger.post(
        key="lost-at-a-table", kind="adjustment", lines=[(poor_wallet.pk, -7_000), (winner.pk, 7_000)]
    )
    migration = importlib.import_module("ledger.migrations.0007_take_back_bot_grants")
    migration.forward(apps, None)
    migration.forward(apps, None)  # a second run finds nothing left to take back
    assert ledger.wallet_for(rich).balance == 0 and ledger.wallet_for(poor).balance == 0
    returns = Transaction.objects.filter(key__startswith="bot_grant_return:")
    assert sorted(t.details["returned"] for t in returns) == [3_000, 10_000]
    assert all(t.reverses.kind == "grant" and t.reason for t in returns)
    assert Transaction.objects.filter(key=f"grant:user:{players[0].pk}", reversed_by__isnull=True).exists()
    assert reconcile().ok


def test_an_approver_cannot_approve_their_own_request_or_a_credit_to_their_own_wallet(make_user, role):
    fiona = role(make_user("fiona", is_staff=True), FINANCE)
    amos = role(make_user("amos", is_staff=True), APPROVER)
    with pytest.raises(ledger.ApprovalRefused) as refused:  # a staff wallet is never adjusted by hand
        ledger.request_adjustment(
            account=ledger.wallet_for(amos), amount=5_000, reason="bonus", requested_by=fiona
        )
    assert refused.value.code == "not_a_player_wallet"
    own = AdjustmentRequest.objects.create(  # one asked for before staff wallets were refused
        account=ledger.wallet_for(amos), amount=5_000, reason="bonus", requested_by=fiona
    )
    with pytest.raises(ledger.ApprovalRefused) as refused:
        ledger.approve_adjustment(own.pk, amos)
    assert refused.value.code == "own_account"
    alice = make_user("alice")
    mine = ledger.request_adjustment(
        account=ledger.wallet_for(alice), amount=100, reason="x", requested_by=amos
    )
    with pytest.raises(ledger.ApprovalRefused) as refused:
        ledger.approve_adjustment(mine.pk, amos)
    assert refused.value.code == "same_staff"
    with pytest.raises(ledger.ApprovalRefused) as refused:
        ledger.approve_adjustment(mine.pk, fiona)  # finance may request, not approve
    assert refused.value.code == "not_allowed"
    assert ledger.wallet_for(amos).balance == 10_000


def test_a_reversal_requested_and_approved_by_the_same_person_is_refused(players, staff):
    sam, tess = staff
    grant = Transaction.objects.get(key=f"grant:user:{players[0].pk}")
    request = ledger.request_reversal(grant.pk, requested_by=sam, reason="duplicate")
    with pytest.raises(ledger.ApprovalRefused) as refused:
        ledger.approve_reversal(request.pk, sam)
    assert refused.value.code == "same_staff"
    assert not Transaction.objects.filter(reverses=grant).exists()
    ledger.approve_reversal(request.pk, tess)
    assert Transaction.objects.filter(reverses=grant).count() == 1


def test_a_reversal_that_credits_the_approvers_own_wallet_is_refused(staff):
    sam, tess = staff
    grant = Transaction.objects.get(key=f"grant:user:{tess.pk}")
    # a debit of tess's wallet booked before staff wallets were refused adjustments
    booked = ledger.post(
        key="adjustment:old-fee",
        kind="adjustment",
        lines=[(ledger.wallet_for(tess).pk, -500), (ledger.adjustments_account().pk, 500)],
    )
    request = ledger.request_reversal(booked.pk, requested_by=sam, reason="fee was wrong")
    with pytest.raises(ledger.ApprovalRefused) as refused:
        ledger.approve_reversal(request.pk, tess)
    assert refused.value.code == "own_account"
    assert grant  # tess's own grant is untouched


def test_the_adjustment_list_says_reversed_after_a_reversal(client, players, staff):
    sam, tess = staff
    adjust = ledger.request_adjustment(
        account=ledger.wallet_for(players[0]), amount=700, reason="goodwill", requested_by=sam
    )
    booked = ledger.approve_adjustment(adjust.pk, tess)
    ledger.approve_reversal(ledger.request_reversal(booked.pk, requested_by=tess, reason="twice").pk, sam)
    client.force_login(sam)
    page = client.get(reverse("ledger:staff_adjustments")).content.decode()
    body = page[page.index("<tbody") : page.index("</tbody>")]
    assert "Booked, then reversed (#" in body and "Approved and booked" not in body


def test_a_back_dated_schedule_version_is_refused_and_a_future_one_shows_its_author(make_user, role):
    ada = role(make_user("ada", is_staff=True), ADMINISTRATOR)
    with pytest.raises(ValueError, match="24 hours"):
        ledger.add_schedule(
            [(0, 500)], effective_from=timezone.now() - timedelta(hours=1), currency="EUR", created_by=ada
        )
    fiona = role(make_user("fiona", is_staff=True), FINANCE)
    with pytest.raises(ledger.ApprovalRefused):
        ledger.add_schedule(
            [(0, 500)], effective_from=timezone.now() + timedelta(days=1), currency="EUR", created_by=fiona
        )
    version = ledger.add_schedule(
        [(0, 500)], effective_from=timezone.now() + timedelta(days=2), currency="EUR", created_by=ada
    )
    assert version.created_by == ada


# Every staff page and the roles that reach it (docs/decisions-ledger.md "Staff roles and four eyes").
F, A, R, D = FINANCE, APPROVER, RESPONSIBLE_GAMING, ADMINISTRATOR
MATRIX = {
    "staff_index": {F, A, R, D},
    "staff_accounts": {F, A, D},
    "staff_settlements": {F, A, D},
    "staff_commission": {F, A, D},
    "staff_results": {F, A, D},
    "staff_safety": {F, A, R, D},
    "staff_reconciliation": {F, A, D},
    "staff_adjustments": {F, A, D},
    "staff_reversals": {F, A, D},
    "staff_schedule": {F, A, D},
    "staff_audit": {F, A, D},
    "staff_roles": {D},
}


def test_each_role_reaches_exactly_the_pages_of_the_matrix(client, make_user, role, players):
    alice_wallet = ledger.wallet_for(players[0])
    house = ledger.house_account()
    for name in (F, A, R, D):
        client.force_login(role(make_user(name.split()[0].lower(), is_staff=True), name))
        for page, allowed in MATRIX.items():
            status = client.get(reverse(f"ledger:{page}")).status_code
            assert status == (200 if name in allowed else 403), (name, page, status)
        player_page = client.get(reverse("staff_player", args=[players[0].pk])).status_code
        assert player_page == 200, name  # every role reads a player's page
        assert client.get(reverse("ledger:staff_statement", args=[alice_wallet.pk])).status_code == 200
        house_status = client.get(reverse("ledger:staff_statement", args=[house.pk])).status_code
        assert house_status == (403 if name == R else 200), name
    client.force_login(players[1])
    assert client.get(reverse("ledger:staff_index")).status_code == 403
    assert client.get(reverse("staff_player", args=[players[0].pk])).status_code == 403


def test_every_staff_action_appears_once_in_the_audit_log(client, make_user, role, players):
    fiona = role(make_user("fiona", is_staff=True), FINANCE)
    amos = role(make_user("amos", is_staff=True), APPROVER)
    rita = role(make_user("rita", is_staff=True), RESPONSIBLE_GAMING)
    ada = role(make_user("ada", is_staff=True), ADMINISTRATOR)
    wallet = ledger.wallet_for(players[0])
    client.force_login(fiona)
    client.post(
        reverse("ledger:staff_adjustments"), {"account": wallet.pk, "amount": "5.00", "reason": "goodwill"}
    )
    client.post(
        reverse("ledger:staff_adjustments"), {"account": wallet.pk, "amount": "1.00", "reason": "typo"}
    )
    grant = Transaction.objects.get(key=f"grant:user:{players[1].pk}")
    client.post(reverse("ledger:staff_transaction", args=[grant.pk]), {"reason": "duplicate account"})
    client.get(reverse("ledger:staff_settlements") + "?format=csv")
    client.force_login(amos)
    first, second = _requests()
    client.post(reverse("ledger:staff_decide_adjustment", args=[first.pk]), {"decision": "approve"})
    client.post(reverse("ledger:staff_decide_adjustment", args=[second.pk]), {"decision": "reject"})
    reversal = _reversal()
    client.post(reverse("ledger:staff_decide_reversal", args=[reversal.pk]), {"decision": "approve"})
    client.force_login(rita)
    client.post(reverse("staff_player", args=[players[2].pk]), {"days": "7", "reason": "asked on the phone"})
    client.force_login(ada)
    client.post(
        reverse("ledger:staff_schedule"),
        {
            "effective_from": (timezone.localtime() + timedelta(days=3)).strftime("%Y-%m-%d %H:%M"),
            "bands": "0 9",
        },
    )
    client.post(
        reverse("ledger:staff_roles"), {"username": "rita", "roles": [FINANCE], "reason": "moved team"}
    )
    expected = [
        ("fiona", "staff_login"),
        ("fiona", "adjustment_requested"),
        ("fiona", "adjustment_requested"),
        ("fiona", "reversal_requested"),
        ("fiona", "exported"),
        ("amos", "staff_login"),
        ("amos", "adjustment_approved"),
        ("amos", "adjustment_rejected"),
        ("amos", "reversal_approved"),
        ("rita", "staff_login"),
        ("rita", "cool_off_set"),
        ("ada", "staff_login"),
        ("ada", "schedule_added"),
        ("ada", "roles_changed"),
    ]
    log = list(AuditEntry.objects.order_by("pk").values_list("actor__username", "action"))
    assert log == expected
    assert all(e.page.startswith("/") for e in AuditEntry.objects.exclude(action="staff_login"))
    assert list(get_user_model().objects.get(username="rita").groups.values_list("name", flat=True)) == [
        FINANCE
    ]
    client.force_login(ada)
    expected.append(("ada", "staff_login"))
    rows = list(
        csv.reader(
            io.StringIO(
                client.get(reverse("ledger:staff_audit") + "?format=csv&sep=comma").content.decode(
                    "utf-8-sig"
                )
            )
        )
    )
    # the header, the export of the audit log itself (newest first), then the actions and log-ins
    assert len(rows) == len(expected) + 2 and rows[1][1:3] == ["ada", "Report exported"]
    with pytest.raises(ledger.AppendOnly):
        AuditEntry.objects.first().delete()


def _requests():
    from ledger.models import AdjustmentRequest

    return list(AdjustmentRequest.objects.order_by("pk"))


def _reversal():
    from ledger.models import ReversalRequest

    return ReversalRequest.objects.get()


def test_an_export_reads_back_with_its_declared_dialect_and_neutralises_formulas(client, make_user, staff):
    for name in ("=1+1", "-2+3", "+cmd", "@SUM(A1)", "Rückerstattung"):
        make_user(name)
    client.force_login(staff[0])
    for sep, decimal in (("semicolon", ","), ("comma", ".")):
        response = client.get(reverse("ledger:staff_accounts") + f"?format=csv&sep={sep}")
        assert response.content.startswith(BOM.encode())
        delimiter = response["X-CSV-Delimiter"]
        assert response["X-CSV-Decimal-Mark"] == decimal and sep in response["Content-Disposition"]
        rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=delimiter))
        by_name = {r[1]: r for r in rows[1:]}
        for formula in ("=1+1", "-2+3", "+cmd", "@SUM(A1)"):
            assert "'" + formula in by_name, formula
        assert by_name["Rückerstattung"][4] == f"100{decimal}00"
    text = csv_text(["t", "amount"], [[timezone.now(), Money(-300)]], SEMICOLON)
    assert text.splitlines()[1].endswith(";-3,00") and "+01:00" in text or "+02:00" in text
    assert csv_text(["amount"], [[Money(123456)]], COMMA).splitlines()[1] == "1234.56"
    # rates are percentages in the file's decimal mark, never the basis points stored
    rates = [[Rate(900)], [Rate(850)], [Rate(1234)]]
    assert csv_text(["Rate (%)"], rates, SEMICOLON).splitlines()[1:] == ["9", "8,5", "12,34"]
    assert csv_text(["Rate (%)"], rates, COMMA).splitlines()[1:] == ["9", "8.5", "12.34"]
