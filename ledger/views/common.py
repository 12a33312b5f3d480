"""Helpers shared by the ledger's pages: staff access by role permission, report pages with filters, paging and
exports, and hand-history links."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import wraps
from typing import Any, NoReturn

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django_tables2 import RequestConfig

from ledger import audit
from ledger.errors import LedgerError
from ledger.exports import export_response
from ledger.models import AuditAction
from ledger.roles import has_any_staff_permission
from ledger.tables import LedgerTable


def wants_csv(request: HttpRequest) -> bool:
    """True when the page is asked for as CSV (`?format=csv`)."""
    return request.GET.get("format") == "csv"


def refuse(request: HttpRequest, needed: str = "") -> NoReturn:
    """Raise PermissionDenied (403) for a staff page or action the signed-in user's roles do not allow, after
    writing it to the audit log as a refused attempt (action `staff_page`, the page, the method and the
    permission it needed; requests are not atomic, so the entry stays)."""
    audit.refused(
        request.user,
        AuditAction.STAFF_PAGE,
        code="not_allowed",
        message="the staff roles held do not allow this page",
        page=request.get_full_path(),
        details={"method": request.method, "needed": needed},
    )
    raise PermissionDenied


def staff_page(*permissions: str) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Log-in required; then 403 unless the user holds one of `permissions` (codenames of app `ledger`), or any
    staff role's permission when none are named (docs/decisions-ledger.md "Staff roles and four eyes"). A
    refusal is written to the audit log (`refuse`)."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            user = request.user
            allowed = (
                any(user.has_perm(f"ledger.{p}") for p in permissions)
                if permissions
                else has_any_staff_permission(user)
            )
            if not allowed:
                refuse(request, " | ".join(permissions) or "any staff role")
            return view(request, *args, **kwargs)

        return login_required(wrapped)

    return decorate


def logged_export(
    request: HttpRequest, name: str, header: list[str], rows: Iterable[Any], label: str = ""
) -> HttpResponse:
    """The CSV export of a page, written to the audit log (an export is a staff action: it takes data out)."""
    audit.record(
        request.user,
        AuditAction.EXPORTED,
        label=label or name,
        page=request.get_full_path(),
        details={"report": name},
    )
    return export_response(request, name, header, rows)


def table_report(
    request: HttpRequest,
    table: LedgerTable,
    *,
    name: str,
    title: str,
    filterset: Any = None,
    template: str = "ledger/staff/report.html",
    context: dict[str, Any] | None = None,
) -> HttpResponse:
    """A report page: the filter form, the sorted and paged table with its totals, and its export
    (`?format=csv&sep=semicolon|comma`, every filtered row, not one page)."""
    RequestConfig(request, paginate={"per_page": table._meta.per_page}).configure(table)
    if wants_csv(request):
        return logged_export(request, name, table.export_header(), table.export_rows(), label=title)
    query = request.GET.copy()
    for key in ("format", "sep", "page"):
        query.pop(key, None)
    page_context = {
        "table": table,
        "filter": filterset,
        "title": title,
        "query": query.urlencode(),
        **(context or {}),
    }
    return render(request, template, page_context)


def hand_history_urls(round_ids: Iterable[int | None]) -> dict[int, str]:
    """The hand-history address of each deal (round id → URL). The ledger knows a deal by the round id the table
    service booked it with (SettlementUnit.round_id); the tables' `hand_history` route takes that id and shows the
    deal to whoever may read it."""
    return {r: reverse("hand_history", args=[r]) for r in sorted({r for r in round_ids if r is not None})}


def hand_history_url(round_id: int | None) -> str | None:
    """The hand-history address of one deal, or None without a round (see hand_history_urls)."""
    return reverse("hand_history", args=[round_id]) if round_id is not None else None


def decide(
    request: HttpRequest,
    pk: int,
    approve: tuple[Callable[..., object], str],
    reject: tuple[Callable[..., object], str],
    back: str,
) -> HttpResponse:
    """A four-eyes decision posted from a list page: `approve` or `reject` (the ledger service called with `pk`,
    the deciding staff member and the page, and the message said after it) as the form's `decision` asks; a
    refusal (LedgerError: one's own request, the puppet approver, a notice too short) is said as an error; back to
    the URL name `back` either way."""
    action, said = approve if request.POST.get("decision") == "approve" else reject
    try:
        action(pk, request.user, page=request.path)
    except LedgerError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, said)
    return redirect(back)
