"""One money formatter and parser for the pages (ledger/money.py) and one formatter for the browser
(static/js/money.js): no other module turns minor units into text or text into minor units."""

from __future__ import annotations

import re

from .sources import APPS, REPO, app_sources, relative

OWNERS = {"ledger/money.py", "static/js/money.js"}
VENDOR = REPO / "static" / "vendor"

# What formatting or parsing money by hand looks like: dividing or multiplying by 100, zero-padded cents,
# two-place floats, Decimal, JavaScript's float formatting, Django's float filters.
HAND_MADE = re.compile(
    r"(?:[/%*]\s*100\b|divmod\([^)]*\b100\)|:02d\b|\.2f\b|\bDecimal\b|DecimalField|toFixed|toLocaleString"
    r"|Intl\.NumberFormat|floatformat|stringformat)"
)


def sources() -> list:
    """The apps' Python (engines and migrations aside), every template and every script of the site (the
    vendored libraries of static/vendor/ are npm's files, not the site's)."""
    scripts = [
        p for folder in ("static", *APPS) for p in (REPO / folder).rglob("*.js") if VENDOR not in p.parents
    ]
    templates = [p for folder in ("templates", *APPS) for p in (REPO / folder).rglob("*.html")]
    return app_sources() + templates + scripts


def hand_made_money(text: str) -> list[str]:
    """The lines of `text` that look like money formatted or parsed by hand."""
    return [line.strip() for line in text.splitlines() if HAND_MADE.search(line)]


def test_the_reader_knows_the_four_old_ways():
    for old in (
        "const money = (minor) => (minor / 100).toFixed(2);",  # the lobby script, with floats
        "return None if amount is None else int(round(amount * 100))",  # the dialog, rounding silently
        "cents = value * 100",  # the ledger's forms, refusing
        'f"{table.stake // 100}.{table.stake % 100:02d}"',  # the lobby boxes
    ):
        assert hand_made_money(old), old


def test_no_other_module_formats_or_parses_money():
    found = {
        relative(path): lines
        for path in sources()
        if relative(path) not in OWNERS and (lines := hand_made_money(path.read_text(encoding="utf-8")))
    }
    assert found == {}


def test_the_owners_are_what_the_pages_and_scripts_use():
    assert all((REPO / owner).is_file() for owner in OWNERS)
    lobby = (REPO / "static/js/lobby.js").read_text(encoding="utf-8")
    stakes = (REPO / "static/js/stakes.js").read_text(
        encoding="utf-8"
    )  # the lobby's and the table's money lines
    assert 'from "./stakes.js";' in lobby and 'import { formatMoney } from "./money.js";' in stakes
    defining = [
        relative(p)
        for p in sources()
        if re.search(r"\bdef (format|parse)_money\b|function formatMoney\b", p.read_text())
    ]
    assert sorted(defining) == sorted(OWNERS)
