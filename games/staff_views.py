"""The staff page of one player (docs/decisions-ledger.md "Staff roles and four eyes"): identity, status, balance,
loss limits, exclusions and cool-offs, the statement over a date range, the net of each deal and the tables
played. It reads the ledger and the tables together, which is why it lives here and not in `ledger` (the ledger
imports nothing of the tables). A responsible-gaming officer sets a cool-off from it."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.db.models import Count, Max, Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from games.models import Table
from ledger import audit, roles
from ledger.books import wallet_for
from ledger.errors import LedgerError
from ledger.filters import StatementFilter
from ledger.forms import CoolOffForm
from ledger.models import AuditAction, LimitPeriod, Posting, SelfExclusion, UnitSeat, UnitStatus
from ledger.names import PLAYER, account_group, account_label
from ledger.players import excluded_until, limit_in_force, losses_in_period, pending_limit
from ledger.staff import set_cool_off
from ledger.tables import StatementTable
from ledger.views.common import logged_export, refuse, staff_page, wants_csv
from ledger.views.player import deal_table


@staff_page(roles.VIEW_PLAYER_SAFETY)
def player_page(request: HttpRequest, user_id: int) -> HttpResponse:
    """Everything staff need about one player on one page; `?format=csv` exports the filtered statement. Each
    view is written to the audit log; a responsible-gaming officer opens players only (docs/decisions-ledger.md
    "Scopes")."""
    person = get_object_or_404(get_user_model().objects.select_related("profile"), pk=user_id)
    account = wallet_for(person)
    if not request.user.has_perm(f"ledger.{roles.VIEW_REPORTS}") and account_group(account) != PLAYER:
        refuse(
            request, roles.VIEW_REPORTS
        )  # the officer reads players only, never a colleague's or a bot's wallet
    form = CoolOffForm(request.POST or None)
    if request.method == "POST":
        if not request.user.has_perm(f"ledger.{roles.SET_COOL_OFF}"):
            refuse(request, roles.SET_COOL_OFF)
        if form.is_valid():
            try:
                set_cool_off(
                    person,
                    days=form.cleaned_data["days"],
                    reason=form.cleaned_data["reason"],
                    staff=request.user,
                    page=request.path,
                )
            except LedgerError as error:
                messages.error(request, error.message)
            else:
                messages.success(request, _("Cool-off set."))
                return redirect("staff_player", user_id=person.pk)
    audit.record(
        request.user,
        AuditAction.STATEMENT_VIEWED,
        obj=account,
        label=account_label(account),
        page=request.get_full_path(),
        details={"player_page": person.pk},
    )
    postings = Posting.objects.filter(account=account).select_related("transaction")
    f = StatementFilter(request.GET, queryset=postings)
    statement = StatementTable(f.qs, prefix="s-")
    RequestConfig(request, paginate={"per_page": 25}).configure(statement)
    if wants_csv(request):
        return logged_export(
            request,
            f"player-{person.pk}-statement",
            statement.export_header(),
            statement.export_rows(),
            label=person.get_username(),
        )
    deals = deal_table(request, account, prefix="d-")
    seats = UnitSeat.objects.filter(account=account, unit__status=UnitStatus.SETTLED)
    by_table = {
        r["unit__table_key"]: r
        for r in seats.values("unit__table_key").annotate(
            deals=Count("pk"), net=Sum("change"), last=Max("unit__closed_at")
        )
    }
    table_ids = [
        int(k.split(":")[1]) for k in by_table if k.startswith("table:") and k.split(":")[1].isdigit()
    ]
    tables = {f"table:{t.pk}": t for t in Table.objects.filter(pk__in=table_ids)}
    played: list[dict[str, Any]] = sorted(
        ({"key": key, "table": tables.get(key), **row} for key, row in by_table.items()),
        key=lambda r: r["last"] or 0,
        reverse=True,
    )
    limits = [
        {
            "period": label,
            "amount": limit_in_force(person, value),
            "lost": losses_in_period(account, value),
            "pending": pending_limit(person, value),
        }
        for value, label in LimitPeriod.choices
    ]
    context = {
        "person": person,
        "account": account,
        "excluded_until": excluded_until(person),
        "exclusions": SelfExclusion.objects.filter(user=person)
        .select_related("set_by")
        .order_by("-starts_at"),
        "limits": limits,
        "statement": statement,
        "filter": f,
        "deals": deals,
        "played": played,
        "form": form,
        "query": request.GET.urlencode(),
    }
    return render(request, "ledger/staff/player.html", context)
