"""The player's wallet page: balance, one line per settled deal (net result, stake result and commission, with
the reservation and settlement postings folded under it), loss limits and self-exclusion
(docs/decisions-ledger.md "Players")."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from accounts.http import AuthenticatedHttpRequest
from ledger.books import wallet_for
from ledger.exports import export_response
from ledger.forms import LossLimitForm, SelfExclusionForm
from ledger.labels import game_label
from ledger.models import Account, LimitPeriod, TransactionKind
from ledger.players import (
    exclude_self,
    excluded_until,
    limit_in_force,
    losses_in_period,
    pending_limit,
    set_loss_limit,
)
from ledger.reports import WalletLine, wallet_lines
from ledger.schedule import upcoming_schedules
from ledger.tables import LedgerTable, MoneyColumn, TimeColumn
from ledger.views.common import hand_history_urls, wants_csv

LINE_LABELS = {
    "deal": gettext_lazy("Deal settled"),
    "deal_open": gettext_lazy("Deal in play: worst case reserved"),
    "deal_released": gettext_lazy("Deal not played: reservation released"),
    **dict(TransactionKind.choices),
}


class WalletTable(LedgerTable):
    """The wallet's lines (ledger.reports.WalletLine)."""

    created_at = TimeColumn(verbose_name=gettext_lazy("Time"))
    kind = tables.TemplateColumn(
        template_name="ledger/wallet_line.html", verbose_name=gettext_lazy("What"), orderable=False
    )
    stake_result = MoneyColumn(verbose_name=gettext_lazy("Stake result"), signed=True, default="")
    commission = MoneyColumn(verbose_name=gettext_lazy("Commission"), default="")
    amount = MoneyColumn(verbose_name=gettext_lazy("Net"), signed=True)
    balance_after = MoneyColumn(verbose_name=gettext_lazy("Balance"), orderable=False)
    totals = ("amount",)

    def value_kind(self, record: WalletLine) -> str:
        label = str(LINE_LABELS.get(record.kind, record.kind))
        return (
            f"{label} — {game_label(record.game)}"
            if record.game
            else (f"{label} — {record.reason}" if record.reason else label)
        )

    def page_totals(self) -> dict[str, int]:
        return {"amount": sum(r.record.amount for r in self.page.object_list)}

    def overall_totals(self) -> dict[str, int]:
        return {"amount": sum(r.amount for r in self.data)}

    class Meta(LedgerTable.Meta):
        orderable = False
        per_page = 25


def deal_table(request: HttpRequest, account: Account, prefix: str = "") -> WalletTable:
    """The wallet lines of `account` as a paged table (the player's wallet page and the staff player page)."""
    lines = wallet_lines(account)
    urls = hand_history_urls(ln.round_id for ln in lines)
    table = WalletTable(lines, prefix=prefix, extra_columns=[])
    table.history_urls = urls  # type: ignore[attr-defined]
    RequestConfig(request, paginate={"per_page": 25}).configure(table)
    return table


@login_required
def wallet(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Balance, the wallet lines (CSV with `?format=csv`), limits and self-exclusion."""
    account = wallet_for(request.user)
    table = deal_table(request, account)
    if wants_csv(request):
        return export_response(request, "wallet", table.export_header(), table.export_rows())
    limits = [
        {
            "period": label,
            "amount": limit_in_force(request.user, value),
            "lost": losses_in_period(account, value),
            "pending": pending_limit(request.user, value),
        }
        for value, label in LimitPeriod.choices
    ]
    context: dict[str, Any] = {
        "account": account,
        "table": table,
        "limits": limits,
        "excluded_until": excluded_until(request.user),
        "commission_changes": [
            {"schedule": s, "bands": s.bands()} for s in upcoming_schedules(account.currency)
        ],
        "limit_form": LossLimitForm(),
        "exclusion_form": SelfExclusionForm(),
        "query": "",
    }
    return render(request, "ledger/wallet.html", context)


@login_required
@require_POST
def loss_limit(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Set a loss limit: lowering at once, raising after 24 hours."""
    form = LossLimitForm(request.POST)
    if form.is_valid():
        row = set_loss_limit(request.user, form.cleaned_data["period"], form.cleaned_data["amount"])
        if row.effective_from > row.created_at:
            messages.info(request, _("Your new limit takes effect in 24 hours."))
        else:
            messages.success(request, _("Your new limit is in effect."))
    else:
        messages.error(
            request, _("The limit was not changed: %(errors)s") % {"errors": form.errors.as_text()}
        )
    return redirect("ledger:wallet")


@login_required
@require_POST
def self_exclusion(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Exclude oneself from stakes tables for the chosen period."""
    form = SelfExclusionForm(request.POST)
    if form.is_valid():
        exclude_self(request.user, form.cleaned_data["days"])
        messages.success(request, _("You are excluded from stakes tables for the chosen period."))
    else:
        messages.error(request, _("Please choose a period and confirm."))
    return redirect("ledger:wallet")
