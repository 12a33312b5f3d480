"""Operator controls (docs/decisions-ledger.md "Separation of duties"): no single staff member moves
money, every attempt is audited, and staff do not play for money."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from games import services as tables
from games.errors import ServiceError
from ledger import services as ledger
from ledger.models import Account, AdjustmentRequest, AuditEntry, RoleGrant
from ledger.reports import reconcile as ledger_reconcile
from ledger.roles import APPROVER, FINANCE, RESPONSIBLE_GAMING
from tests.ledger.example_deal import settle_example_deal
from tests.migrating import migrate_to, migrate_to_latest

pytestmark = pytest.mark.django_db


@pytest.fixture
def ada(make_user):
    """The first administrator, made by the manage.py command."""
    user = make_user("ada")
    call_command("first_administrator", "ada")
    return get_user_model().objects.get(pk=user.pk)


@pytest.fixture
def bea(make_user, ada):
    """The second administrator, made by the command too (with one, no four-eyes grant could be approved)."""
    user = make_user("bea")
    call_command("first_administrator", "bea")
    return get_user_model().objects.get(pk=user.pk)


def fresh(user):
    return get_user_model().objects.get(pk=user.pk)


def refusals(action: str) -> list[AuditEntry]:
    return list(AuditEntry.objects.filter(action=action, outcome="refused").order_by("pk"))


def test_the_first_administrators_come_from_the_command_audited_and_only_two(make_user, ada, bea):
    made = AuditEntry.objects.filter(action="first_administrator").order_by("pk")
    assert [(e.actor_id, e.object_label.split(":")[0]) for e in made] == [(None, "ada"), (None, "bea")]
    make_user("cleo")
    with pytest.raises(CommandError, match="administrators_exist"):
        call_command("first_administrator", "cleo")
    assert not fresh(get_user_model().objects.get(username="cleo")).has_perm("ledger.manage_staff_roles")


def test_a_one_person_role_grant_waits_and_the_grantor_cannot_approve_it(ada, players):
    pat = players[0]
    done = ledger.set_staff_roles(pat, [APPROVER], staff=ada, reason="new approver")
    assert done == {"granted": [], "pending": [APPROVER], "revoked": []}
    grant = RoleGrant.objects.get(grantee=pat)
    assert (grant.granted_by, grant.status, grant.role) == (ada, "pending", APPROVER)
    assert not fresh(pat).has_perm("ledger.approve_correction")
    with pytest.raises(ledger.ApprovalRefused) as refused:
        ledger.approve_role_grant(grant.pk, ada)
    assert refused.value.code == "same_staff"
    assert RoleGrant.objects.get(pk=grant.pk).status == "pending"
    assert refusals("role_granted")[0].details["code"] == "same_staff"


def test_finance_is_held_at_once_and_recorded_with_grantor_and_time(ada, players):
    before = timezone.now()
    ledger.set_staff_roles(players[0], [FINANCE], staff=ada, reason="joins finance")
    grant = RoleGrant.objects.get(grantee=players[0])
    assert grant.status == "active" and grant.granted_by == ada and grant.created_at >= before
    assert fresh(players[0]).has_perm("ledger.view_reports") and fresh(players[0]).is_staff
    ledger.set_staff_roles(players[0], [], staff=ada, reason="left")
    grant.refresh_from_db()
    assert grant.status == "revoked" and grant.revoked_by == ada
    assert not fresh(players[0]).has_perm("ledger.view_reports")


def test_the_puppet_approver_cannot_approve_the_request_of_whoever_granted_the_role(ada, bea, players):
    pat, friend = players[0], players[1]
    ledger.set_staff_roles(pat, [APPROVER], staff=ada, reason="puppet")
    ledger.approve_role_grant(RoleGrant.objects.get(grantee=pat).pk, bea)
    pat = fresh(pat)
    assert pat.has_perm("ledger.approve_correction")
    request = ledger.request_adjustment(
        account=ledger.wallet_for(friend), amount=77_700, reason="goodwill", requested_by=ada
    )
    with pytest.raises(ledger.ApprovalRefused) as refused:
        ledger.approve_adjustment(request.pk, pat)
    assert refused.value.code == "granted_by_requester"
    assert ledger.wallet_for(friend).balance == 10_000
    entry = refusals("adjustment_approved")[-1]
    assert entry.actor == pat and entry.details["code"] == "granted_by_requester"
    ledger.approve_adjustment(request.pk, bea)  # a colleague who owes ada nothing may
    assert ledger.wallet_for(friend).balance == 87_700


def test_a_superuser_without_a_role_approves_nothing_and_reads_no_report(client, make_user, staff, players):
    root = get_user_model().objects.create_superuser("root", password="pw-for-tests-only")
    request = ledger.request_adjustment(
        account=ledger.wallet_for(players[0]), amount=1_000, reason="gift", requested_by=staff[0]
    )
    for perm in ("ledger.approve_correction", "ledger.view_reports", "ledger.manage_staff_roles"):
        assert not root.has_perm(perm)
    assert root.has_perm("ledger.view_account")  # the admin's read-only views stay
    with pytest.raises(ledger.ApprovalRefused) as refused:
        ledger.approve_adjustment(request.pk, root)
    assert refused.value.code == "not_allowed"
    client.force_login(root)
    assert client.get(reverse("ledger:staff_reconciliation")).status_code == 403
    page_refusal = refusals("staff_page")[-1]
    assert page_refusal.actor == root and page_refusal.page == reverse("ledger:staff_reconciliation")
    # a group added behind the roles page's back (the admin, a shell) gives nothing either
    from django.contrib.auth.models import Group

    root.groups.add(Group.objects.get(name=APPROVER))
    assert not fresh(root).has_perm("ledger.approve_correction")


def test_a_one_person_or_immediate_schedule_change_is_refused(ada, bea, settings):
    now = timezone.now()
    with pytest.raises(ValueError, match="24 hours"):
        ledger.add_schedule(
            [(0, 10_000)], effective_from=now + timedelta(minutes=2), currency="EUR", created_by=ada
        )
    assert refusals("schedule_added")[-1].actor == ada
    version = ledger.add_schedule(
        [(0, 10_000)], effective_from=now + timedelta(hours=30), currency="EUR", created_by=ada
    )
    assert ledger.bands_in_force("EUR", now + timedelta(hours=31))[1] != ((0, 10_000),)
    with pytest.raises(ledger.ApprovalRefused) as refused:
        ledger.approve_schedule(version.pk, ada)
    assert refused.value.code == "same_staff"
    settings.KIBITZ_SCHEDULE_NOTICE_HOURS = 48  # the version now starts too soon after an approval
    with pytest.raises(ledger.ApprovalRefused) as refused:
        ledger.approve_schedule(version.pk, bea)
    assert refused.value.code == "notice_too_short"
    settings.KIBITZ_SCHEDULE_NOTICE_HOURS = 24
    ledger.approve_schedule(version.pk, bea)
    assert ledger.bands_in_force("EUR", now + timedelta(hours=31))[1] == ((0, 10_000),)
    assert ledger.bands_in_force("EUR", now)[1] != ((0, 10_000),)


def test_players_are_told_of_an_approved_schedule_before_it_applies(client, ada, bea, players):
    version = ledger.add_schedule(
        [(0, 800), (5_000, 600)],
        effective_from=timezone.now() + timedelta(days=3),
        currency="EUR",
        created_by=ada,
    )
    client.force_login(players[0])
    assert "commission changes" not in client.get(reverse("ledger:wallet")).content.decode()
    ledger.approve_schedule(version.pk, bea)
    page = client.get(reverse("ledger:wallet")).content.decode()
    assert "commission changes on" in page and "8 %" in page and "V from 50.00: 6 %" in page


STAKES_FORM = {
    "game": "french-tarot",
    "french-tarot__profile": "fft",
    "french-tarot__match_end": "deals:1",
    "bot_level": "beginner",
    "human_seats": 2,
    "stake": "0.01",
    "access": "public",
    "turn_seconds": 30,
}


@pytest.mark.parametrize("kind", ["role", "is_staff", "is_superuser"])
def test_a_staff_account_cannot_open_or_join_a_stakes_table(client, make_user, players, role, kind):
    sam = role(make_user("sam"), RESPONSIBLE_GAMING) if kind == "role" else make_user("sam", **{kind: True})
    with pytest.raises(ServiceError) as refused:
        tables.create_table(sam, tables.TableTerms("french-tarot", {}, human_seats=2, stake=1))
    assert refused.value.code == "staff_account"
    table = tables.create_table(players[0], tables.TableTerms("french-tarot", {}, human_seats=2, stake=1))
    with pytest.raises(ServiceError) as refused:
        tables.join(sam, table.pk)
    assert refused.value.code == "staff_account"
    client.force_login(sam)
    answer = client.post(reverse("new_table"), STAKES_FORM)
    assert answer.status_code == 400 and "staff accounts do not play for money" in answer.content.decode()
    free = tables.create_table(sam, tables.TableTerms("french-tarot", {}, human_seats=2))
    assert free.stake == 0  # free tables stay open to staff


def test_statement_views_and_refused_pages_are_audited(client, make_user, role, players):
    rita = role(make_user("rita"), RESPONSIBLE_GAMING)
    client.force_login(rita)
    alice_wallet = ledger.wallet_for(players[0])
    assert client.get(reverse("ledger:staff_statement", args=[alice_wallet.pk])).status_code == 200
    viewed = AuditEntry.objects.get(action="statement_viewed")
    assert viewed.actor == rita and viewed.object_id == str(alice_wallet.pk) and viewed.outcome == "allowed"
    fiona = role(make_user("fiona"), FINANCE)
    # the officer reads players' wallets only: never a colleague's or a bot's
    for account in (ledger.wallet_for(fiona), ledger.bot_wallet("table:1:seat:2"), ledger.house_account()):
        assert client.get(reverse("ledger:staff_statement", args=[account.pk])).status_code == 403
    assert len(refusals("staff_page")) == 3
    assert client.get(reverse("ledger:staff_audit")).status_code == 403
    assert len(refusals("staff_page")) == 4
    assert client.get(reverse("staff_player", args=[fiona.pk])).status_code == 403
    assert client.get(reverse("staff_player", args=[players[1].pk])).status_code == 200
    assert AuditEntry.objects.filter(action="statement_viewed", actor=rita).count() == 2


def test_staff_log_ins_and_admin_changes_are_audited(client, make_user, role, players, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # quick log-ins
    sam = role(make_user("sam"), FINANCE)
    sam.set_password("pw-for-tests-only")
    sam.save()
    client.post("/accounts/login/", {"login": "sam", "password": "pw-for-tests-only"})
    assert AuditEntry.objects.filter(action="staff_login", actor=sam).count() == 1
    client.post("/accounts/logout/")
    players[0].set_password("pw-for-tests-only")
    players[0].save()
    client.post("/accounts/login/", {"login": "alice", "password": "pw-for-tests-only"})
    assert not AuditEntry.objects.filter(action="staff_login", actor=players[0]).exists()
    root = get_user_model().objects.create_superuser("root", password="pw-for-tests-only")
    client.force_login(root)
    url = reverse("admin:accounts_user_change", args=[players[1].pk])
    form = client.get(url).content.decode()
    assert 'name="groups"' not in form and 'name="is_superuser"' not in form  # shown read-only
    client.post(
        url,
        {
            "username": "bob",
            "first_name": "Bob",
            "last_name": "",
            "email": "bob@example.invalid",
            "is_active": "on",
            "is_superuser": "on",
            "groups": ["1"],
        },
    )
    bob = fresh(players[1])
    assert bob.first_name == "Bob" and not bob.is_superuser and not bob.groups.exists()
    change = AuditEntry.objects.get(action="admin_change")
    assert change.actor == root and "bob" in change.object_label and change.details["flag"] == "changed"
    assert client.get(reverse("admin:auth_group_changelist")).status_code == 200
    assert client.post(reverse("admin:auth_group_add"), {"name": "x"}).status_code == 403


def test_adjustments_go_only_to_a_players_wallet_within_the_bounds(staff, players, make_user, role, settings):
    sam, tess = staff
    alice = ledger.wallet_for(players[0])
    for account in (ledger.house_account(), ledger.promotions_account(), ledger.wallet_for(tess)):
        with pytest.raises(ledger.ApprovalRefused) as refused:
            ledger.request_adjustment(account=account, amount=500, reason="x", requested_by=sam)
        assert refused.value.code == "not_a_player_wallet"
    with pytest.raises(ledger.ApprovalRefused) as refused:
        ledger.request_adjustment(account=alice, amount=100_000_000_000, reason="typo", requested_by=sam)
    assert refused.value.code == "over_request_max" and "1000.00" in refused.value.message
    entry = refusals("adjustment_requested")[-1]
    assert entry.details["amount"] == 100_000_000_000 and entry.details["code"] == "over_request_max"
    first = ledger.request_adjustment(account=alice, amount=100_000, reason="a", requested_by=sam)
    ledger.approve_adjustment(first.pk, tess)
    for _ in range(3):
        ledger.request_adjustment(
            account=alice, amount=-100_000 if _ else 100_000, reason="b", requested_by=sam
        )
    rejected = ledger.request_adjustment(account=alice, amount=50_000, reason="c", requested_by=sam)
    ledger.reject_adjustment(rejected.pk, tess)
    # 4 × 1,000.00 pending or booked; the rejected 500.00 does not count, so 1,000.00 more fits, 0.01 more not
    ledger.request_adjustment(account=alice, amount=100_000, reason="d", requested_by=sam)
    with pytest.raises(ledger.ApprovalRefused) as refused:
        ledger.request_adjustment(account=alice, amount=1, reason="e", requested_by=sam)
    assert refused.value.code == "over_day_max" and "5000.00" in refused.value.message
    ledger.request_adjustment(account=alice, amount=1, reason="tess's own day", requested_by=tess)
    settings.KIBITZ_ADJUSTMENT_DAY_MAX = 600_000
    ledger.request_adjustment(account=alice, amount=1, reason="f", requested_by=sam)


def test_the_adjustment_list_totals_each_status_apart(client, staff, players):
    sam, tess = staff
    alice = ledger.wallet_for(players[0])
    booked = ledger.request_adjustment(account=alice, amount=2_500, reason="a", requested_by=sam)
    ledger.approve_adjustment(booked.pk, tess)
    rejected = ledger.request_adjustment(account=alice, amount=-7_000, reason="b", requested_by=sam)
    ledger.reject_adjustment(rejected.pk, tess)
    ledger.request_adjustment(account=alice, amount=1_200, reason="c", requested_by=sam)
    client.force_login(sam)
    page = client.get(reverse("ledger:staff_adjustments")).content.decode()
    rows = page[page.index('class="ledger by-status"') :]

    def row(status: str) -> str:
        start = rows.index(f'data-status="{status}"')
        return rows[start : rows.index("</tr>", start)]

    assert ">1<" in row("pending") and ">12.00<" in row("pending")
    assert ">25.00<" in row("approved") and "-70.00" not in row("approved")
    assert "-70.00" in row("rejected")


def test_the_audit_log_shows_amounts_as_money_and_refusals_with_their_code(client, staff, players, role):
    sam, tess = staff
    request = ledger.request_adjustment(
        account=ledger.wallet_for(players[0]), amount=77_700, reason="goodwill", requested_by=sam
    )
    with pytest.raises(ledger.ApprovalRefused):
        ledger.approve_adjustment(request.pk, sam)
    client.force_login(tess)
    page = client.get(reverse("ledger:staff_audit") + "?outcome=refused").content.decode()
    body = page[page.index("<tbody") : page.index("</tbody>")]
    assert "Refused (same_staff)" in body and "Adjustment approved" in body
    assert "Adjustment requested" not in body  # filtered to the refused attempts
    page = client.get(reverse("ledger:staff_audit") + "?action=adjustment_requested").content.decode()
    body = page[page.index("<tbody") : page.index("</tbody>")]
    assert "+777.00" in body and "77700" not in body and "Done" in body


@pytest.mark.parametrize("misplaced", ["escrow", "house", "promotions"])
def test_a_misplaced_posting_turns_reconciliation_red_naming_the_account(client, staff, players, misplaced):
    settle_example_deal(players)
    assert ledger_reconcile().ok
    escrow = Account.objects.get(kind="escrow")
    target = {
        "escrow": escrow,
        "house": ledger.house_account(),
        "promotions": ledger.promotions_account(),
    }[misplaced]
    # every transaction balances and every cached balance is right: only the class check can see it
    ledger.post(
        key=f"misplaced:{misplaced}",
        kind="adjustment",
        lines=[(target.pk, 500), (ledger.wallet_for(players[0]).pk, -500)],
    )
    check = ledger_reconcile()
    assert check.total_balance == 0 and not check.cache_mismatches and not check.unbalanced
    assert not check.ok
    assert [(c.kind, c.account, c.actual - c.expected) for c in check.class_mismatches] == [
        (misplaced, target.name, 500)
    ]
    client.force_login(staff[0])
    page = client.get(reverse("ledger:staff_reconciliation")).content.decode()
    assert "Reconciliation failed" in page and f"Reconciliation failed: {target.name}" in page
    assert page.count('class="light red"') >= 2


def test_every_class_is_green_after_play_grants_and_adjustments(staff, players):
    settle_example_deal(players)
    sam, tess = staff
    booked = ledger.request_adjustment(
        account=ledger.wallet_for(players[0]), amount=-1_000, reason="fee", requested_by=sam
    )
    ledger.approve_adjustment(booked.pk, tess)
    check = ledger_reconcile()
    kinds = {c.kind for c in check.classes}
    assert {"escrow", "house", "promotions", "adjustments", "wallet"} <= kinds
    assert check.ok, check.class_mismatches


@pytest.fixture
def latest_schema_after():
    """The migration test leaves the database on every app's latest migration (tests/migrating.py)."""
    yield
    migrate_to_latest()


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("latest_schema_after")
def test_migration_0009_keeps_held_roles_as_grants_and_old_schedules_in_force():
    old = migrate_to([("ledger", "0008_house_stripes")])
    sam = old.get_model("accounts", "User").objects.create(username="sam")
    group, _ = old.get_model("auth", "Group").objects.get_or_create(name=APPROVER)
    group.user_set.add(sam)
    old.get_model("auth", "Group").objects.get_or_create(name="Helpdesk")[0].user_set.add(sam)  # not a role
    old.get_model("ledger", "CommissionSchedule").objects.create(effective_from=timezone.now())
    new = migrate_to([("ledger", "0009_operator_controls")])
    grants = list(new.get_model("ledger", "RoleGrant").objects.values_list("grantee_id", "role", "status"))
    assert grants == [(sam.pk, APPROVER, "active")]
    schedules = new.get_model("ledger", "CommissionSchedule").objects.values_list("status", flat=True)
    assert set(schedules) == {"approved"}


def test_a_refused_adjustment_is_an_error_under_its_field_with_the_box_open(client, staff, players, settings):
    """The service's refusals (not a player's wallet, over the per-request or the day's bound) come back on the
    form: under the field they are about, as a sentence, with the request box open and what was typed kept."""
    sam, tess = staff
    client.force_login(sam)
    url = reverse("ledger:staff_adjustments")

    def post(account, amount):
        page = client.post(url, {"account": account.pk, "amount": amount, "reason": "typo"}).content.decode()
        box = page[page.index('<details class="action-box"') :]
        return box[: box.index("</details>")]

    alice = ledger.wallet_for(players[0])
    box = post(ledger.house_account(), "5.00")
    assert box.startswith('<details class="action-box" open>')
    account_field = box[box.index('id="id_account"') - 400 : box.index('id="id_account"')]
    assert "Only a player&#x27;s wallet can be adjusted." in account_field
    box = post(alice, "2000.00")
    amount_field = box[box.index('id="id_amount"') - 400 : box.index('id="id_amount"')]
    assert "An adjustment may move at most 1000.00." in amount_field and 'value="2000.00"' in box
    settings.KIBITZ_ADJUSTMENT_DAY_MAX = 100
    box = post(alice, "2.00")
    assert "Your adjustments today (waiting and booked) would pass 1.00." in box
    assert not AdjustmentRequest.objects.exists()


def test_the_audit_log_names_what_a_refused_attempt_targeted_and_its_details(
    client, staff, players, settings
):
    """A refused call made no row, so its target comes from the ids it kept; its other arguments (a schedule's
    start and bands) and an admin change message are in the Details column, on the page and in the export."""
    from ledger.schedule import add_schedule

    sam, tess = staff
    request = ledger.request_adjustment(
        account=ledger.wallet_for(players[0]), amount=500, reason="goodwill", requested_by=sam
    )
    with pytest.raises(ledger.ApprovalRefused):
        ledger.approve_adjustment(request.pk, sam)
    start = timezone.now() + timedelta(days=3)
    with pytest.raises(ledger.ApprovalRefused):
        add_schedule(
            [(1000, 900), (5000, 750)], effective_from=start, currency="EUR", created_by=sam, note="x"
        )
    schedule_entry = AuditEntry.objects.get(action="schedule_added", outcome="refused")
    assert schedule_entry.details["effective_from"] == start.isoformat()
    assert schedule_entry.details["bands"] == [[1000, 900], [5000, 750]]
    root = get_user_model().objects.create_superuser("root", password="pw-for-tests-only")
    client.force_login(root)
    url = reverse("admin:accounts_user_change", args=[players[1].pk])
    client.post(
        url, {"username": "bob", "first_name": "Bob", "last_name": "", "email": "", "is_active": "on"}
    )
    client.force_login(tess)
    page = client.get(reverse("ledger:staff_audit")).content.decode()
    body = page[page.index("<tbody") : page.index("</tbody>")]
    assert "Details" in page[page.index("<thead") : page.index("</thead>")]
    assert f"request #{request.pk}" in body
    assert f"effective_from: {start.isoformat()}" in body and "bands: [[1000, 900], [5000, 750]]" in body
    assert "change: Changed First name" in body
    export = client.get(reverse("ledger:staff_audit") + "?format=csv&sep=comma").content.decode("utf-8-sig")
    assert f"request #{request.pk}" in export and "bands: [[1000, 900], [5000, 750]]" in export


def test_the_back_office_counts_everything_waiting_and_a_refusal_is_a_page_in_the_sites_look(
    client, make_user, role, players
):
    """The back office's "Waiting for a second pair of eyes" counts role grants, schedule versions and
    second-factor resets beside adjustments and reversals; a page the roles do not allow is the site's 403 page,
    in the reader's language; the admin names its lists in proper plurals."""
    from ledger.models import CommissionSchedule, DeviceResetRequest
    from ledger.roles import ADMINISTRATOR

    ada = role(make_user("ada"), ADMINISTRATOR)
    bea = role(make_user("bea"), ADMINISTRATOR)
    RoleGrant.objects.create(grantee=players[0], role=APPROVER, granted_by=ada, status="pending")
    CommissionSchedule.objects.create(
        effective_from=timezone.now() + timedelta(days=3), currency="EUR", created_by=ada, status="pending"
    )
    DeviceResetRequest.objects.create(staff_member=bea, requested_by=ada, reason="lost phone")
    client.force_login(bea)
    page = client.get(reverse("ledger:staff_index")).content.decode()
    assert "1 role grant<" in page and "1 schedule version<" in page and "1 second-factor reset<" in page
    fiona = role(make_user("fiona"), RESPONSIBLE_GAMING)
    fiona.profile.language = "de"
    fiona.profile.save()
    client.force_login(fiona)
    refused = client.get(reverse("ledger:staff_audit"))
    assert refused.status_code == 403
    assert (
        "Nicht für dieses Konto" in refused.content.decode()
        and 'class="site-header' in refused.content.decode()
    )
    root = get_user_model().objects.create_superuser("root", password="pw-for-tests-only")
    client.force_login(root)
    index = client.get("/admin/").content.decode()
    assert "Audit entries" in index and "Matches" in index and "entrys" not in index and "Matchs" not in index


def test_a_refusal_in_the_audit_log_is_read_in_the_viewers_language(client, staff, players):
    """The entry keeps the refusal's code; the page words it in the viewer's language, whatever language the
    refused staff member used."""
    sam, tess = staff
    request = ledger.request_adjustment(
        account=ledger.wallet_for(players[0]), amount=500, reason="goodwill", requested_by=sam
    )
    with pytest.raises(ledger.ApprovalRefused):
        ledger.approve_adjustment(request.pk, sam)
    tess.profile.language = "fr"
    tess.profile.save()
    client.force_login(tess)
    page = client.get(reverse("ledger:staff_audit") + "?outcome=refused").content.decode()
    body = page[page.index("<tbody") : page.index("</tbody>")]
    assert "Un second membre du personnel doit en décider" in body
    export = client.get(reverse("ledger:staff_audit") + "?outcome=refused&format=csv").content.decode(
        "utf-8-sig"
    )
    assert "Un second membre du personnel doit en décider" in export
