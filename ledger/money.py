"""Money as people read and type it: integer minor units (cents) shown as a decimal with two places, and typed
text read back into minor units exactly (docs/design.md "Ledger": money is integer minor units). Commission
rates in basis points are hundredths of a per cent and are shown the same way.

The one formatter and parser of the pages (template filters, forms, refusal messages, staff CSV); the browser's
is static/js/money.js. No floats and no Decimal: integer division only, so nothing is ever rounded.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

# The decimal mark of each site language (settings.LANGUAGES); a language not listed, or none (CSV, logs),
# gets the point. Thousands are never grouped: "1234.50" / "1234,50".
DECIMAL_MARKS = {"en": ".", "de": ",", "nl": ",", "pt": ",", "fr": ","}

# At most 2**53 minor units, so that the browser reads every amount exactly from JSON (Number.MAX_SAFE_INTEGER).
MAX_MINOR = 2**53 - 1

_AMOUNT = re.compile(r"(?P<sign>[-+−]?)(?P<whole>[0-9]*)(?:[.,](?P<fraction>[0-9]*))?")


class MoneyFormatError(ValueError):
    """Text that is not an amount of money; `code` says why, `message` is for people.

    Codes: `not_an_amount` (not digits with at most one decimal mark and an optional sign), `too_many_decimals`
    (more than two digits after the mark: refused, never rounded), `too_large` (more than MAX_MINOR).
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def decimal_mark(language: str | None) -> str:
    """The decimal mark for a language code ("de", "de-ch", "pt-br"; case-insensitive): "," or "."; "." for
    None or a language the site does not have."""
    if not language:
        return "."
    return DECIMAL_MARKS.get(language.lower().split("-")[0].split("_")[0], ".")


def format_money(minor: int, language: str | None = None) -> str:
    """Minor units as a decimal with two places: 792 → "7.92" (en, None), "7,92" (de, nl, pt, fr); -300 →
    "-3.00"; 0 → "0.00". Raises TypeError for anything but an int (a float or Decimal would hide a bug)."""
    return _hundredths(minor, decimal_mark(language), places="always")


def format_signed_money(minor: int, language: str | None = None) -> str:
    """As format_money with a "+" before a gain: 792 → "+7.92", -300 → "-3.00", 0 → "0.00"."""
    return ("+" if minor > 0 else "") + format_money(minor, language)


def format_rate(rate_bp: int, language: str | None = None) -> str:
    """Basis points as a percentage without trailing zeros: 900 → "9 %", 750 → "7.5 %" ("7,5 %" in de),
    1234 → "12.34 %"."""
    return _hundredths(rate_bp, decimal_mark(language), places="needed") + " %"


def rate_number(rate_bp: int, mark: str = ".") -> str:
    """Basis points as a bare percentage number with the decimal `mark`, no sign: 900 → "9", 850 → "8,5" (mark
    ","), 1234 → "12.34" (for exports, whose column header says "%")."""
    return _hundredths(rate_bp, mark, places="needed")


def parse_money(text: str) -> int:
    """Typed major units to minor units, exactly: "12.50", "12,50", "12,5", "12", ".5", "-3", "+1.00",
    "−3.00" (minus sign) → 1250, 1250, 1250, 1200, 50, -300, 100, -300. Spaces around are ignored.

    Raises MoneyFormatError: `not_an_amount` (empty, letters, two marks, thousands grouping such as "1 000"),
    `too_many_decimals` ("0.125": refused rather than rounded), `too_large` (beyond MAX_MINOR).
    """
    return _parse_hundredths(text)


def parse_rate(text: str) -> int:
    """A typed percentage to basis points, exactly: "9" → 900, "7.5" → 750, "7,25" → 725. Raises
    MoneyFormatError as parse_money does."""
    return _parse_hundredths(text)


def _hundredths(value: int, mark: str, *, places: str) -> str:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"an amount is an int of hundredths, not {type(value).__name__}")
    whole, rest = divmod(abs(value), 100)
    sign = "-" if value < 0 else ""
    if places == "needed":
        fraction = f"{rest:02d}".rstrip("0")
        return f"{sign}{whole}{mark}{fraction}" if fraction else f"{sign}{whole}"
    return f"{sign}{whole}{mark}{rest:02d}"


def _parse_hundredths(text: str) -> int:
    match = _AMOUNT.fullmatch(text.strip()) if isinstance(text, str) else None
    if match is None or not (match["whole"] or match["fraction"]):
        raise MoneyFormatError("not_an_amount", _("Enter an amount such as 12.50."))
    fraction = match["fraction"] or ""
    if len(fraction) > 2:
        raise MoneyFormatError("too_many_decimals", _("Use at most two decimals."))
    value = int(match["whole"] or "0") * 100 + int(fraction.ljust(2, "0"))
    if value > MAX_MINOR:
        raise MoneyFormatError("too_large", _("That amount is too large."))
    return -value if match["sign"] in ("-", "−") else value
