"""Staff reports and actions (docs/decisions-ledger.md "Staff" and "Staff roles and four eyes"): accounts with
players, bots, staff and house apart; statements; settlements; commission per day with its chart; results per
account; loss limits and exclusions; reconciliation; adjustment and reversal requests with a second approver; the
commission schedule; the audit log (the staff-roles page is ledger.views.staff_roles). Every report filters,
sorts, pages, totals and exports (`?format=csv`); every action is written to the audit log by the ledger's staff
services."""

from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ledger import audit, reports, roles
from ledger.books import default_currency
from ledger.charts import bar_chart_svg
from ledger.errors import LedgerError
from ledger.exports import Money
from ledger.filters import (
    AccountFilter,
    AdjustmentFilter,
    AuditFilter,
    CommissionFilter,
    ResultFilter,
    ReversalFilter,
    SafetyFilter,
    SettlementFilter,
    StatementFilter,
)
from ledger.forms import AdjustmentForm, ReversalForm, ScheduleForm
from ledger.models import (
    Account,
    AdjustmentRequest,
    AdjustmentStatus,
    AuditAction,
    AuditEntry,
    CommissionSchedule,
    DeviceResetRequest,
    LedgerClose,
    ReversalRequest,
    RoleGrant,
    RoleGrantStatus,
    ScheduleStatus,
    SettlementUnit,
    Transaction,
    UnitSeat,
)
from ledger.names import GROUPS, PLAYER, account_group, account_label, owner_name
from ledger.schedule import add_schedule, approve_schedule, notice_period, reject_schedule
from ledger.staff import (
    adjustment_limits,
    approve_adjustment,
    approve_reversal,
    reject_adjustment,
    reject_reversal,
    request_adjustment,
    request_reversal,
)
from ledger.tables import (
    AccountStatementTable,
    AccountTable,
    AdjustmentTable,
    AuditTable,
    DayTable,
    ResultTable,
    ReversalTable,
    SafetyTable,
    ScheduleTable,
    SettlementTable,
)
from ledger.views.common import (
    decide,
    hand_history_url,
    logged_export,
    refuse,
    staff_page,
    table_report,
    wants_csv,
)

REPORTS = roles.VIEW_REPORTS
SAFETY = roles.VIEW_PLAYER_SAFETY


@staff_page()
def index(request: HttpRequest) -> HttpResponse:
    """The list of reports the user's roles reach, with the reconciliation light for finance and what waits for a
    second pair of eyes: adjustments, reversals, schedule versions, role grants and second-factor resets."""
    check = reports.reconcile() if request.user.has_perm(f"ledger.{REPORTS}") else None
    pending = {
        "adjustments": AdjustmentRequest.objects.filter(status="pending").count(),
        "reversals": ReversalRequest.objects.filter(status="pending").count(),
        "schedules": CommissionSchedule.objects.filter(status=ScheduleStatus.PENDING).count(),
        "grants": RoleGrant.objects.filter(status=RoleGrantStatus.PENDING).count(),
        "resets": DeviceResetRequest.objects.filter(status=AdjustmentStatus.PENDING).count(),
    }
    return render(request, "ledger/staff/index.html", {"reconciliation": check, "pending": pending})


@staff_page(REPORTS)
def accounts(request: HttpRequest) -> HttpResponse:
    """Every account with its owner's name, group (players, bots, staff, house) and balance; `?group=` keeps one
    group apart."""
    data = request.GET.copy()
    data.setdefault("group", "player")
    qs = reports.accounts_as_one().select_related("user", "user__profile")
    f = AccountFilter(data, queryset=qs)
    table = AccountTable(f.qs)
    return table_report(
        request,
        table,
        name="accounts",
        title=_("Accounts"),
        filterset=f,
        context={"groups": GROUPS.items(), "group": data.get("group")},
    )


@staff_page(REPORTS, SAFETY)
def account_statement(request: HttpRequest, account_id: int) -> HttpResponse:
    """One account's postings with running balance, filtered by date range, kind, game and table; totals of the
    page and of all filtered postings. A responsible-gaming officer reads players' wallets only (never a house
    account, a bot's or a colleague's wallet). Every view is written to the audit log."""
    account = get_object_or_404(Account.objects.select_related("user", "user__profile"), pk=account_id)
    if not request.user.has_perm(f"ledger.{REPORTS}") and account_group(account) != PLAYER:
        refuse(request, REPORTS)
    audit.record(
        request.user,
        AuditAction.STATEMENT_VIEWED,
        obj=account,
        label=account_label(account),
        page=request.get_full_path(),
    )
    f = StatementFilter(request.GET, queryset=reports.account_postings(account).select_related("transaction"))
    table = AccountStatementTable(f.qs)
    return table_report(
        request,
        table,
        name=f"statement-{account.pk}",
        title=_("Statement of %(name)s") % {"name": account_label(account)},
        filterset=f,
        context={"account": account, "owner": owner_name(account)},
        template="ledger/staff/statement.html",
    )


@staff_page(REPORTS)
def settlements(request: HttpRequest) -> HttpResponse:
    """Settled deals, filtered by date range, game, table and player, with Σ T and Σ C per page and overall."""
    qs = reports.settled_units().prefetch_related("seat_set__account__user__profile")
    f = SettlementFilter(request.GET, queryset=qs)
    return table_report(
        request, SettlementTable(f.qs), name="settlements", title=_("Settlements"), filterset=f
    )


@staff_page(REPORTS)
def settlement_detail(request: HttpRequest, unit_pk: int) -> HttpResponse:
    """One settlement unit with the whole calculation: payments, money per payment, Δ, T, V, rate, c, C, shares,
    wallet changes, the postings and the engine's itemised result."""
    unit = get_object_or_404(SettlementUnit.objects.select_related("settle_transaction"), pk=unit_pk)
    tx = unit.settle_transaction
    calc = (tx.details or {}).get("calculation") if tx else None
    seats = list(unit.seat_set.select_related("account", "account__user"))
    if wants_csv(request):
        return logged_export(
            request,
            f"settlement-{unit.pk}",
            ["seat", "account", "name", "bot", "reserved", "delta", "share", "change"],
            (
                [
                    s.seat,
                    s.account_id,
                    owner_name(s.account),
                    s.account.is_bot,
                    Money(s.reserved),
                    Money(s.delta or 0),
                    Money(s.share or 0),
                    Money(s.change or 0),
                ]
                for s in seats
            ),
        )
    context = {
        "unit": unit,
        "tx": tx,
        "calc": calc,
        "seats": [{"seat": s, "name": owner_name(s.account)} for s in seats],
        "postings": tx.postings.select_related("account", "account__user").order_by("account_id")
        if tx
        else [],
        "history_url": hand_history_url(unit.round_id),
        "result": (tx.details or {}).get("result") if tx else None,
    }
    return render(request, "ledger/staff/settlement_detail.html", context)


@staff_page(REPORTS)
def commission(request: HttpRequest) -> HttpResponse:
    """Commission per day over a chosen range (default the last 30 days), days without play included, with a
    bar chart drawn by the server; filtered by game and table."""
    f = CommissionFilter(request.GET, queryset=reports.settled_units())
    today = timezone.localdate()
    cleaned = f.form.cleaned_data if f.is_valid() else {}
    last = cleaned.get("date_to") or today
    first = cleaned.get("date_from") or last - timedelta(days=29)
    if first > last:
        first, last = last, first
    first = max(first, last - timedelta(days=730))
    rows = reports.daily_commission(f.qs, first, last)
    data = [{"day": d, "commission": c, "units": n} for d, c, n in rows]
    chart = bar_chart_svg([(d, c) for d, c, _n in rows], title=_("Commission per day"))
    return table_report(
        request,
        DayTable(data),
        name="commission",
        title=_("Commission per day"),
        filterset=f,
        template="ledger/staff/commission.html",
        context={"chart": mark_safe(chart), "first": first, "last": last},
    )


@staff_page(REPORTS)
def results(request: HttpRequest) -> HttpResponse:
    """Results per account of settled deals, one group at a time (players, bots, staff), filtered by date range,
    game, table and player, with totals."""
    data = request.GET.copy()
    data.setdefault("group", "player")
    f = ResultFilter(data, queryset=UnitSeat.objects.all())
    seats = f.qs
    grouped = reports.results_grouped(seats)
    ids = [r["account_id"] for r in grouped]
    names = {a.pk: owner_name(a) for a in Account.objects.filter(pk__in=ids).select_related("user__profile")}
    table = ResultTable(grouped, seats=seats, names=names)
    return table_report(
        request,
        table,
        name="results",
        title=_("Results per account"),
        filterset=f,
        context={"groups": [(k, v) for k, v in GROUPS.items() if k != "house"], "group": data.get("group")},
    )


@staff_page(SAFETY)
def safety(request: HttpRequest) -> HttpResponse:
    """Loss limits in force (and raises waiting) and exclusions, per player."""
    f = SafetyFilter(request.GET, queryset=reports.safety_overview())
    return table_report(
        request,
        SafetyTable(f.qs),
        name="limits-exclusions",
        title=_("Loss limits and exclusions"),
        filterset=f,
    )


@staff_page(REPORTS)
def reconciliation(request: HttpRequest) -> HttpResponse:
    """Σ balances = 0, every cached balance = Σ its postings, every transaction balanced, every account class equal
    to its records (the export gives each class's difference): green or red, naming the account."""
    check = reports.reconcile()
    if wants_csv(request):
        rows: list[list[object]] = [
            ["sum_of_balances", "", Money(check.total_balance), "ok" if check.total_balance == 0 else "FAIL"]
        ]
        rows += [["cache_mismatch", name, Money(c - s), "FAIL"] for _, name, c, s in check.cache_mismatches]
        rows += [["unbalanced", key, Money(s), "FAIL"] for _, key, s in check.unbalanced]
        rows += [
            [f"class:{c.kind}", c.account, Money(c.actual - c.expected), "ok" if c.ok else "FAIL"]
            for c in check.classes
        ]
        return logged_export(request, "reconciliation", ["check", "subject", "value", "status"], rows)
    closes = LedgerClose.objects.all()[:14]
    return render(request, "ledger/staff/reconciliation.html", {"check": check, "closes": closes})


# The form field a refusal of ledger.staff.request_adjustment is about (its code → field); others are the form's.
ADJUSTMENT_REFUSAL_FIELDS = {
    "not_a_player_wallet": "account",
    "zero_amount": "amount",
    "over_request_max": "amount",
    "over_day_max": "amount",
    "no_reason": "reason",
}


def sentence(message: str) -> str:
    """A service's refusal ("only a player's wallet can be adjusted") as a sentence under a form field: capital
    first letter and a full stop."""
    text = capfirst(message.strip()) or ""
    return text if text.endswith((".", "!", "?")) else f"{text}."


@staff_page(REPORTS)
def adjustments(request: HttpRequest) -> HttpResponse:
    """Request an adjustment (needs a reason) and approve or reject the ones other staff requested."""
    form = AdjustmentForm(request.POST or None)
    if request.method == "POST":
        if not request.user.has_perm(f"ledger.{roles.REQUEST_CORRECTION}"):
            refuse(request, roles.REQUEST_CORRECTION)
        if form.is_valid():
            account = Account.objects.filter(pk=form.cleaned_data["account"]).first()
            if account is None:
                form.add_error("account", _("No such account."))
            else:
                try:
                    request_adjustment(
                        account=account,
                        amount=form.cleaned_data["amount"],
                        reason=form.cleaned_data["reason"],
                        requested_by=request.user,
                        page=request.path,
                    )
                except LedgerError as error:
                    form.add_error(ADJUSTMENT_REFUSAL_FIELDS.get(error.code), sentence(error.message))
                else:
                    messages.success(
                        request, _("Adjustment requested; another staff member must approve it.")
                    )
                    return redirect("ledger:staff_adjustments")
    qs = AdjustmentRequest.objects.select_related(
        "account", "account__user__profile", "requested_by", "decided_by", "transaction__reversed_by"
    )
    f = AdjustmentFilter(request.GET, queryset=qs)
    per_request, per_day = adjustment_limits()
    return table_report(
        request,
        AdjustmentTable(f.qs),
        name="adjustments",
        title=_("Adjustments"),
        filterset=f,
        template="ledger/staff/adjustments.html",
        context={
            "form": form,
            "decide_url": "ledger:staff_decide_adjustment",
            "by_status": reports.adjustments_by_status(f.qs),
            "per_request": per_request,
            "per_day": per_day,
        },
    )


@staff_page(roles.APPROVE_CORRECTION)
@require_POST
def decide_adjustment(request: HttpRequest, request_id: int) -> HttpResponse:
    """Approve (books it) or reject an adjustment requested by another staff member."""
    return decide(
        request,
        request_id,
        (approve_adjustment, _("Adjustment approved and booked.")),
        (reject_adjustment, _("Adjustment rejected.")),
        "ledger:staff_adjustments",
    )


@staff_page(REPORTS)
def reversals(request: HttpRequest) -> HttpResponse:
    """Reversal requests, waiting ones first; an approver books or rejects those others requested."""
    qs = ReversalRequest.objects.select_related("original", "requested_by", "decided_by", "transaction")
    f = ReversalFilter(request.GET, queryset=qs)
    return table_report(request, ReversalTable(f.qs), name="reversals", title=_("Reversals"), filterset=f)


@staff_page(roles.APPROVE_CORRECTION)
@require_POST
def decide_reversal(request: HttpRequest, request_id: int) -> HttpResponse:
    """Approve (books the reversal) or reject a reversal requested by another staff member."""
    return decide(
        request,
        request_id,
        (approve_reversal, _("Reversal approved and booked.")),
        (reject_reversal, _("Reversal rejected.")),
        "ledger:staff_reversals",
    )


@staff_page(REPORTS)
def transaction_detail(request: HttpRequest, transaction_id: int) -> HttpResponse:
    """One transaction with its postings (names beside account ids); a form asks for its reversal, which a second
    staff member approves."""
    tx = get_object_or_404(Transaction.objects.select_related("actor", "reverses"), pk=transaction_id)
    postings = list(tx.postings.select_related("account", "account__user__profile").order_by("account_id"))
    if wants_csv(request):
        return logged_export(
            request,
            f"transaction-{tx.pk}",
            ["transaction", "time", "kind", "account", "name", "amount", "balance_after"],
            (
                [
                    tx.pk,
                    tx.created_at,
                    tx.get_kind_display(),
                    p.account_id,
                    owner_name(p.account),
                    Money(p.amount),
                    Money(p.balance_after),
                ]
                for p in postings
            ),
        )
    form = ReversalForm(request.POST or None)
    if request.method == "POST":
        if not request.user.has_perm(f"ledger.{roles.REQUEST_CORRECTION}"):
            refuse(request, roles.REQUEST_CORRECTION)
        if form.is_valid():
            try:
                request_reversal(
                    tx.pk, requested_by=request.user, reason=form.cleaned_data["reason"], page=request.path
                )
            except LedgerError as error:
                messages.error(request, error.message)
            else:
                messages.success(request, _("Reversal requested; another staff member must approve it."))
                return redirect("ledger:staff_reversals")
    context = {
        "tx": tx,
        "form": form,
        "postings": [{"p": p, "name": owner_name(p.account)} for p in postings],
        "reversed_by": Transaction.objects.filter(reverses=tx).first(),
        "waiting": ReversalRequest.objects.filter(original=tx, status="pending").first(),
    }
    return render(request, "ledger/staff/transaction.html", context)


@staff_page(REPORTS)
def schedule(request: HttpRequest) -> HttpResponse:
    """The commission schedule versions (with their author, approver and status; the one in force marked) and,
    for administrators, a form to ask for a version that starts after the notice period, and the waiting versions
    a second administrator approves or rejects."""
    form = ScheduleForm(request.POST or None)
    if request.method == "POST":
        if not request.user.has_perm(f"ledger.{roles.EDIT_SCHEDULE}"):
            refuse(request, roles.EDIT_SCHEDULE)
        if form.is_valid():
            try:
                add_schedule(
                    form.cleaned_data["bands"],
                    effective_from=form.cleaned_data["effective_from"],
                    currency=default_currency(),
                    created_by=request.user,
                    note=form.cleaned_data["note"],
                    page=request.path,
                )
            except LedgerError as error:
                messages.error(request, error.message)
            except ValueError as error:
                form.add_error("effective_from" if "hours" in str(error) else "bands", str(error))
            else:
                messages.success(
                    request, _("Schedule version requested; a second administrator must approve it.")
                )
                return redirect("ledger:staff_schedule")
    schedules = CommissionSchedule.objects.prefetch_related("band_set").select_related(
        "created_by", "decided_by"
    )
    now = timezone.now()
    in_force = (
        schedules.filter(effective_from__lte=now, status=ScheduleStatus.APPROVED)
        .order_by("-effective_from", "-pk")
        .first()
    )
    table = ScheduleTable(schedules, in_force=in_force)
    return table_report(
        request,
        table,
        name="commission-schedule",
        title=_("Commission schedule"),
        template="ledger/staff/schedule.html",
        context={
            "form": form,
            "in_force": in_force,
            "notice_hours": int(notice_period().total_seconds() // 3600),
            "pending": schedules.filter(status=ScheduleStatus.PENDING).order_by("effective_from"),
        },
    )


@staff_page(roles.EDIT_SCHEDULE)
@require_POST
def decide_schedule(request: HttpRequest, schedule_id: int) -> HttpResponse:
    """A second administrator approves or rejects a requested schedule version."""
    return decide(
        request,
        schedule_id,
        (approve_schedule, _("Schedule version approved; players are told before it applies.")),
        (reject_schedule, _("Schedule version rejected.")),
        "ledger:staff_schedule",
    )


@staff_page(REPORTS)
def audit_log(request: HttpRequest) -> HttpResponse:
    """Every staff action, newest first, filtered by day, staff member, action and object."""
    f = AuditFilter(request.GET, queryset=AuditEntry.objects.select_related("actor"))
    return table_report(request, AuditTable(f.qs), name="audit-log", title=_("Audit log"), filterset=f)
