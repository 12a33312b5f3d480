"""The player's wallet page: balance, statement, loss limits and self-exclusion (docs/decisions-ledger.md "Players")."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.http import AuthenticatedHttpRequest
from ledger.books import wallet_for
from ledger.forms import LossLimitForm, SelfExclusionForm
from ledger.models import LimitPeriod
from ledger.players import (
    exclude_self,
    excluded_until,
    limit_in_force,
    losses_in_period,
    pending_limit,
    set_loss_limit,
)
from ledger.reports import statement
from ledger.views.common import hand_history_urls, statement_csv, wants_csv

STATEMENT_LINES = 200


def statement_rows(lines: list) -> list[dict[str, object]]:
    """Statement lines with their hand-history link, for templates."""
    urls = hand_history_urls(ln.round_id for ln in lines)
    return [{"line": ln, "history_url": urls.get(ln.round_id) if ln.round_id else None} for ln in lines]


@login_required
def wallet(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Balance, the statement (every posting with its running balance; CSV with `?format=csv`), limits and
    self-exclusion."""
    account = wallet_for(request.user)
    if wants_csv(request):
        return statement_csv("statement.csv", statement(account))
    limits = [
        {
            "period": label,
            "amount": limit_in_force(request.user, value),
            "lost": losses_in_period(account, value),
            "pending": pending_limit(request.user, value),
        }
        for value, label in LimitPeriod.choices
    ]
    context = {
        "account": account,
        "rows": statement_rows(statement(account, STATEMENT_LINES)),
        "limits": limits,
        "excluded_until": excluded_until(request.user),
        "limit_form": LossLimitForm(),
        "exclusion_form": SelfExclusionForm(),
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
