"""Numbers typed into URLs and form fields: ASCII digits only. `str.isdigit()` also accepts "²" or "٣", which
`int()` then refuses ("²") or reads as another number, so a query like `?v=%C2%B2` raised a 500."""

from __future__ import annotations

import re

_DIGITS = re.compile(r"[0-9]{1,18}")  # 18 digits stay inside a PostgreSQL bigint


def ascii_int(text: str | None) -> int | None:
    """`text` as a non-negative int when it is 1..18 ASCII digits, else None (never raises)."""
    if text is None or not _DIGITS.fullmatch(text):
        return None
    return int(text)
