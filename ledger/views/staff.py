"""Staff reports (docs/decisions-ledger.md "Staff"): players' statements, settlements per table and per deal with
the whole calculation, daily commission with a chart, bots apart from players, reconciliation, adjustments with a
second approver, reversals and the commission schedule. Every report downloads as CSV with `?format=csv`."""

from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ledger import reports
from ledger.books import default_currency
from ledger.charts import bar_chart_svg
from ledger.errors import LedgerError
from ledger.forms import AdjustmentForm, ReversalForm, ScheduleForm
from ledger.models import (
    Account,
    AdjustmentRequest,
    CommissionSchedule,
    LedgerClose,
    SettlementUnit,
    Transaction,
)
from ledger.money import format_money
from ledger.schedule import add_schedule
from ledger.staff import approve_adjustment, reject_adjustment, request_adjustment, reverse_transaction
from ledger.views.common import csv_response, hand_history_url, staff_required, statement_csv, wants_csv
from ledger.views.player import statement_rows


@staff_required
def index(request: HttpRequest) -> HttpResponse:
    """The list of reports, with the reconciliation light."""
    return render(request, "ledger/staff/index.html", {"reconciliation": reports.reconcile()})


@staff_required
def players(request: HttpRequest) -> HttpResponse:
    """Players' wallets with their balances; each links to its statement."""
    wallets = reports.player_wallets()
    query = request.GET.get("q", "").strip()
    if query:
        wallets = wallets.filter(user__username__icontains=query)
    if wants_csv(request):
        return csv_response(
            "players.csv",
            ["account", "name", "user", "balance"],
            ([a.pk, a.name, a.user.username if a.user else "", format_money(a.balance)] for a in wallets),
        )
    return render(request, "ledger/staff/players.html", {"wallets": wallets, "query": query})


@staff_required
def account_statement(request: HttpRequest, account_id: int) -> HttpResponse:
    """Any account's statement: every posting with its running balance and hand-history link."""
    account = get_object_or_404(Account, pk=account_id)
    lines = reports.statement(account)
    if wants_csv(request):
        return statement_csv(f"statement-{account.pk}.csv", lines)
    return render(request, "ledger/staff/statement.html", {"account": account, "rows": statement_rows(lines)})


@staff_required
def settlements(request: HttpRequest) -> HttpResponse:
    """Settlements per table (summary) and per deal (newest first), optionally for one table (`?table=`)."""
    table = request.GET.get("table", "").strip() or None
    units = reports.settlements(table)
    if wants_csv(request):
        return csv_response(
            "settlements.csv",
            [
                "unit",
                "table",
                "round",
                "game",
                "settled_at",
                "stake",
                "limit",
                "seats",
                "T",
                "V",
                "rate_bp",
                "C",
                "transaction",
            ],
            (
                [
                    u.unit_id,
                    u.table_key,
                    u.round_id or "",
                    u.game,
                    u.closed_at.isoformat() if u.closed_at else "",
                    format_money(u.stake),
                    format_money(u.limit),
                    u.seats,
                    format_money(u.total_won or 0),
                    format_money(u.value or 0),
                    u.rate_bp,
                    format_money(u.commission or 0),
                    u.settle_transaction_id,
                ]
                for u in units
            ),
        )
    context = {"units": units[:300], "tables": reports.tables_summary(), "table": table}
    return render(request, "ledger/staff/settlements.html", context)


@staff_required
def settlement_detail(request: HttpRequest, unit_pk: int) -> HttpResponse:
    """One settlement unit with the whole calculation: payments, money per payment, Δ, T, V, rate, c, C, shares,
    wallet changes, the postings and the engine's itemised result."""
    unit = get_object_or_404(SettlementUnit.objects.select_related("settle_transaction"), pk=unit_pk)
    tx = unit.settle_transaction
    calc = (tx.details or {}).get("calculation") if tx else None
    seats = list(unit.seat_set.select_related("account"))
    if wants_csv(request):
        return csv_response(
            f"settlement-{unit.pk}.csv",
            ["seat", "account", "bot", "reserved", "delta", "share", "change"],
            (
                [
                    s.seat,
                    s.account.name,
                    s.account.is_bot,
                    format_money(s.reserved),
                    format_money(s.delta or 0),
                    format_money(s.share or 0),
                    format_money(s.change or 0),
                ]
                for s in seats
            ),
        )
    context = {
        "unit": unit,
        "tx": tx,
        "calc": calc,
        "seats": seats,
        "postings": tx.postings.select_related("account").order_by("account_id") if tx else [],
        "history_url": hand_history_url(unit.round_id),
        "result": (tx.details or {}).get("result") if tx else None,
    }
    return render(request, "ledger/staff/settlement_detail.html", context)


@staff_required
def commission(request: HttpRequest) -> HttpResponse:
    """Daily commission revenue (site time zone) over the last `?days=` days (default 30) with a bar chart."""
    try:
        days = max(1, min(366, int(request.GET.get("days", "30"))))
    except ValueError:
        days = 30
    since = timezone.localdate() - timedelta(days=days - 1)
    rows = reports.daily_commission(since)
    if wants_csv(request):
        return csv_response(
            "commission.csv",
            ["day", "commission", "units"],
            ([d.isoformat(), format_money(c), n] for d, c, n in rows),
        )
    chart = bar_chart_svg([(d, c) for d, c, _ in rows], title=_("Commission per day"))
    context = {"rows": rows, "chart": mark_safe(chart), "days": days, "total": sum(c for _, c, _ in rows)}
    return render(request, "ledger/staff/commission.html", context)


@staff_required
def results(request: HttpRequest) -> HttpResponse:
    """Settled results of bots apart from players'."""
    totals = reports.results_by_kind()
    per_account = {"players": reports.results_per_account(False), "bots": reports.results_per_account(True)}
    if wants_csv(request):
        rows = [
            [kind, r["account__name"], r["seats"], format_money(r["net"] or 0)]
            for kind, items in per_account.items()
            for r in items
        ]
        return csv_response("results.csv", ["kind", "account", "seats", "net"], rows)
    return render(request, "ledger/staff/results.html", {"totals": totals, "per_account": per_account})


@staff_required
def reconciliation(request: HttpRequest) -> HttpResponse:
    """Σ balances = 0, every cached balance = Σ its postings, every transaction balanced: green or red."""
    check = reports.reconcile()
    if wants_csv(request):
        rows = [
            [
                "sum_of_balances",
                "",
                format_money(check.total_balance),
                "ok" if check.total_balance == 0 else "FAIL",
            ]
        ]
        rows += [
            ["cache_mismatch", name, f"{format_money(c)} != {format_money(s)}", "FAIL"]
            for _, name, c, s in check.cache_mismatches
        ]
        rows += [["unbalanced", key, format_money(s), "FAIL"] for _, key, s in check.unbalanced]
        return csv_response("reconciliation.csv", ["check", "subject", "value", "status"], rows)
    closes = LedgerClose.objects.all()[:14]
    return render(request, "ledger/staff/reconciliation.html", {"check": check, "closes": closes})


@staff_required
def adjustments(request: HttpRequest) -> HttpResponse:
    """Request an adjustment (needs a reason) and approve or reject the ones other staff requested."""
    form = AdjustmentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
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
                )
            except LedgerError as error:
                messages.error(request, error.message)
            else:
                messages.success(request, _("Adjustment requested; another staff member must approve it."))
                return redirect("ledger:staff_adjustments")
    requests_ = AdjustmentRequest.objects.select_related("account", "requested_by", "decided_by").order_by(
        "-pk"
    )
    if wants_csv(request):
        return csv_response(
            "adjustments.csv",
            ["id", "account", "amount", "reason", "requested_by", "status", "decided_by", "transaction"],
            (
                [
                    r.pk,
                    r.account.name,
                    format_money(r.amount),
                    r.reason,
                    r.requested_by.username,
                    r.status,
                    r.decided_by.username if r.decided_by else "",
                    r.transaction_id or "",
                ]
                for r in requests_
            ),
        )
    return render(request, "ledger/staff/adjustments.html", {"form": form, "requests": requests_[:200]})


@staff_required
@require_POST
def decide_adjustment(request: HttpRequest, request_id: int) -> HttpResponse:
    """Approve (books it) or reject an adjustment requested by another staff member."""
    try:
        if request.POST.get("decision") == "approve":
            approve_adjustment(request_id, request.user)
            messages.success(request, _("Adjustment approved and booked."))
        else:
            reject_adjustment(request_id, request.user)
            messages.success(request, _("Adjustment rejected."))
    except LedgerError as error:
        messages.error(request, error.message)
    return redirect("ledger:staff_adjustments")


@staff_required
def transaction_detail(request: HttpRequest, transaction_id: int) -> HttpResponse:
    """One transaction with its postings; a form reverses it once, with a reason."""
    tx = get_object_or_404(Transaction.objects.select_related("actor", "reverses"), pk=transaction_id)
    form = ReversalForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            reversal = reverse_transaction(tx.pk, actor=request.user, reason=form.cleaned_data["reason"])
        except LedgerError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("Transaction reversed."))
            return redirect("ledger:staff_transaction", transaction_id=reversal.pk)
    context = {
        "tx": tx,
        "form": form,
        "postings": tx.postings.select_related("account").order_by("account_id"),
        "reversed_by": Transaction.objects.filter(reverses=tx).first(),
    }
    return render(request, "ledger/staff/transaction.html", context)


@staff_required
def schedule(request: HttpRequest) -> HttpResponse:
    """The commission schedules (the one in force first) and a form to add a version with its effective date."""
    form = ScheduleForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            add_schedule(
                form.cleaned_data["bands"],
                effective_from=form.cleaned_data["effective_from"],
                currency=default_currency(),
                created_by_id=request.user.pk,
                note=form.cleaned_data["note"],
            )
        except ValueError as error:
            form.add_error("bands", str(error))
        else:
            messages.success(request, _("Schedule saved."))
            return redirect("ledger:staff_schedule")
    schedules = CommissionSchedule.objects.prefetch_related("band_set").order_by("-effective_from", "-pk")
    now = timezone.now()
    in_force = next((s for s in schedules if s.effective_from <= now), None)
    return render(
        request, "ledger/staff/schedule.html", {"form": form, "schedules": schedules, "in_force": in_force}
    )
