"""Helpers shared by the ledger's pages: CSV responses, staff-only access and hand-history links."""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterable, Sequence
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.urls import reverse

from ledger.money import format_money


def wants_csv(request: HttpRequest) -> bool:
    """True when the page is asked for as CSV (`?format=csv`)."""
    return request.GET.get("format") == "csv"


def csv_response(filename: str, header: Sequence[str], rows: Iterable[Sequence[Any]]) -> HttpResponse:
    """A CSV download named `filename` with a header row."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    writer = csv.writer(response)
    writer.writerow(header)
    writer.writerows(rows)
    return response


STATEMENT_CSV_HEADER = ("posting", "time", "kind", "key", "amount", "balance_after", "unit", "round")


def statement_csv(filename: str, lines: Iterable[Any]) -> HttpResponse:
    """A statement as CSV: one row per posting (ledger.reports.statement lines), money in minor units written
    with a point (ledger.money.format_money), the deal's settlement unit and round id where it has one."""
    return csv_response(
        filename,
        STATEMENT_CSV_HEADER,
        (
            [
                ln.posting_id,
                ln.created_at.isoformat(),
                ln.kind,
                ln.key,
                format_money(ln.amount),
                format_money(ln.balance_after),
                ln.unit_id or "",
                ln.round_id or "",
            ]
            for ln in lines
        ),
    )


def staff_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Log-in required; then 403 unless the user is staff."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_staff:
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return login_required(wrapped)


def hand_history_urls(round_ids: Iterable[int | None]) -> dict[int, str]:
    """The hand-history address of each deal (round id → URL). The ledger knows a deal by the round id the table
    service booked it with (SettlementUnit.round_id); the tables' `hand_history` route takes that id and shows the
    deal to whoever may read it."""
    return {r: reverse("hand_history", args=[r]) for r in sorted({r for r in round_ids if r is not None})}


def hand_history_url(round_id: int | None) -> str | None:
    """The hand-history address of one deal, or None without a round (see hand_history_urls)."""
    return reverse("hand_history", args=[round_id]) if round_id is not None else None
