"""Exports a European accountant can open (docs/decisions-ledger.md "Exports"): CSV in UTF-8 with a byte-order
mark, either `;` with the decimal comma or `,` with the decimal point, times in ISO 8601 with the site's offset,
money written as plain numbers, and every text cell that a spreadsheet would read as a formula neutralised.

`export_rows` writes typed cells: int money (a `Money` wrapper), `datetime`, numbers and text; the caller never
formats. The chosen dialect is stated in the response headers `X-CSV-Delimiter` and `X-CSV-decimal-mark` and in
the file name (`…-semicolon.csv` / `…-comma.csv`).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from ledger.money import decimal_mark, format_money, rate_number

BOM = "\ufeff"
# A spreadsheet starts a formula at these characters (and a tab or carriage return can hide one).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


@dataclass(frozen=True)
class Dialect:
    """A CSV flavour: `key` as in `?sep=`, the delimiter and the decimal mark that goes with it."""

    key: str
    delimiter: str
    decimal: str


SEMICOLON = Dialect("semicolon", ";", ",")
COMMA = Dialect("comma", ",", ".")
DIALECTS = {d.key: d for d in (SEMICOLON, COMMA)}


@dataclass(frozen=True)
class Money:
    """An amount in minor units for an export cell (written as a number with the dialect's decimal mark)."""

    minor: int


@dataclass(frozen=True)
class Rate:
    """A commission rate in basis points for an export cell (written as a percentage number, 900 → "9", 850 →
    "8,5" with the decimal comma; the column header says "%")."""

    bp: int


def dialect_for(request: HttpRequest) -> Dialect:
    """`?sep=semicolon|comma`, else the one of the page's language (decimal comma → semicolon)."""
    chosen = DIALECTS.get(request.GET.get("sep", ""))
    if chosen is not None:
        return chosen
    return SEMICOLON if decimal_mark(getattr(request, "LANGUAGE_CODE", None)) == "," else COMMA


def neutralise(text: str) -> str:
    """Text a spreadsheet could run as a formula (`=1+1`, `-2+3`, `+cmd`, `@SUM`) gets a leading apostrophe,
    which spreadsheets show as text; other text is returned unchanged."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def cell(value: Any, dialect: Dialect) -> str:
    """One export cell: Money as a number with the dialect's decimal mark ("-3,00"), a Rate as a percentage
    number ("8,5"), datetimes in ISO 8601 in the
    site's time zone with its offset, dates ISO, ints plain, None empty, booleans 1/0, text neutralised."""
    if value is None:
        return ""
    if isinstance(value, Money):
        return format_money(value.minor).replace(".", dialect.decimal)
    if isinstance(value, Rate):
        return rate_number(value.bp, dialect.decimal)
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, datetime):
        return timezone.localtime(value).isoformat(timespec="seconds")
    if isinstance(value, date):
        return value.isoformat()
    return neutralise(str(value))


def csv_text(header: Sequence[str], rows: Iterable[Sequence[Any]], dialect: Dialect) -> str:
    """The whole file as text, BOM first."""
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out, delimiter=dialect.delimiter, lineterminator="\r\n")
    writer.writerow([neutralise(h) for h in header])
    for row in rows:
        writer.writerow([cell(v, dialect) for v in row])
    return out.getvalue()


def export_response(
    request: HttpRequest, name: str, header: Sequence[str], rows: Iterable[Sequence[Any]]
) -> HttpResponse:
    """A CSV download `{name}-{dialect}.csv` in the dialect of the request (dialect_for)."""
    dialect = dialect_for(request)
    response = HttpResponse(
        csv_text(header, rows, dialect).encode("utf-8"), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{name}-{dialect.key}.csv"'
    response["X-CSV-Delimiter"] = dialect.delimiter
    response["X-CSV-decimal-mark"] = dialect.decimal  # header names are case-insensitive
    return response
