"""Helpers shared by the ledger's pages: CSV responses, staff-only access and hand-history links."""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterable, Sequence
from functools import wraps
from typing import Any

from django.apps import apps
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.urls import reverse


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


def staff_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Log-in required; then 403 unless the user is staff."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_staff:
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return login_required(wrapped)


def hand_history_urls(round_ids: Iterable[int | None]) -> dict[int, str]:
    """The hand-history page of each deal (round id → URL): the tables app's `history` page (table id, deal
    number), read by model name so the ledger imports nothing of the tables. Rounds that do not exist, or a
    site without the tables app, give no link.
    """
    wanted = {r for r in round_ids if r is not None}
    if not wanted:
        return {}
    try:
        round_model = apps.get_model("games", "Round")
    except LookupError:
        return {}
    return {
        round_id: reverse("history", args=[table_id, number])
        for round_id, table_id, number in round_model.objects.filter(pk__in=wanted).values_list(
            "pk", "table_id", "number"
        )
    }


def hand_history_url(round_id: int | None) -> str | None:
    """The hand-history page of one deal, or None (see hand_history_urls)."""
    return hand_history_urls([round_id]).get(round_id) if round_id is not None else None
