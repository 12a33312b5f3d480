"""The translation catalogs (locale/; de, nl, pt, fr; django and djangojs) are complete,
keep every placeholder, match their compiled .mo files and hold exactly the strings the source marks for
translation (makemessages run in a copy of the repository)."""

from __future__ import annotations

import gettext
import subprocess
from pathlib import Path

import pytest

from . import extraction
from .checks import completeness_problems, header_problems, live, placeholder_problems
from .conftest import DOMAINS, LANGUAGES, LOCALE_ROOTS, REPO, catalog_paths
from .pofile import parse

# Floors, so that a reader that silently finds nothing cannot pass (counts on 2026-12-01, after the social
# catalogs joined locale/: django 379, djangojs 108).
MIN_ENTRIES = {
    ("locale", "django"): 350,
    ("locale", "djangojs"): 100,
}
CATALOGS = catalog_paths()


def label(path: Path) -> str:
    """The catalog's path inside the repository, as the test id."""
    return str(path.relative_to(REPO))


def where(path: Path) -> tuple[str, str, str]:
    """(locale root, language, domain) of a catalog path such as locale/de/LC_MESSAGES/django.po."""
    relative = path.relative_to(REPO)
    return str(relative.parents[2]), relative.parts[-3], path.stem


def test_it_checks_every_catalog_of_every_language():
    assert len(CATALOGS) == len(LOCALE_ROOTS) * len(LANGUAGES) * len(DOMAINS) == 8
    assert not [label(p) for p in CATALOGS if not p.is_file()]


@pytest.mark.parametrize("path", CATALOGS, ids=label)
def test_it_translates_every_entry(path):
    root, lang, domain = where(path)
    entries = parse(path)
    assert len(live(entries)) >= MIN_ENTRIES[(root, domain)]
    problems = header_problems(entries, lang) + completeness_problems(entries, lang)
    assert not problems, f"{label(path)}:\n" + "\n".join(problems)


@pytest.mark.parametrize("path", CATALOGS, ids=label)
def test_it_keeps_every_placeholder(path):
    problems = placeholder_problems(parse(path))
    assert not problems, f"{label(path)}:\n" + "\n".join(problems)


@pytest.mark.parametrize("path", CATALOGS, ids=label)
def test_it_ships_the_compiled_catalog_of_the_po_file(path, gettext_tools, tmp_path):
    fresh = tmp_path / "fresh.mo"
    compiled = subprocess.run(
        ["msgfmt", "--check-format", "-o", str(fresh), str(path)], check=False, capture_output=True, text=True
    )
    assert compiled.returncode == 0, f"msgfmt refuses {label(path)}:\n{compiled.stderr}"
    with fresh.open("rb") as wanted, path.with_suffix(".mo").open("rb") as shipped:
        wanted_catalog = gettext.GNUTranslations(wanted)._catalog  # type: ignore[attr-defined]
        shipped_catalog = gettext.GNUTranslations(shipped)._catalog  # type: ignore[attr-defined]
    wanted_catalog.pop("", None), shipped_catalog.pop("", None)  # headers differ by creation dates only
    assert len(wanted_catalog) >= MIN_ENTRIES[where(path)[0], where(path)[2]]
    assert shipped_catalog == wanted_catalog, f"{label(path)}: run manage.py compilemessages"


@pytest.fixture(scope="module")
def source_msgids(gettext_tools, tmp_path_factory):
    """{(locale root, domain): msgids} that makemessages (and xgettext for the JS `t` wrapper) finds in the
    source today."""
    return extraction.source_msgids(REPO, tmp_path_factory.mktemp("makemessages"))


def test_it_extracts_the_strings_of_every_part_of_the_site(source_msgids):
    for (root, domain), floor in MIN_ENTRIES.items():
        assert len(source_msgids[root, domain]) >= floor, (root, domain, len(source_msgids[root, domain]))
    assert set(source_msgids) == set(MIN_ENTRIES)  # no string filed under an unknown locale folder
    # A few strings known to live in each place.
    assert (None, "Loss limits") in source_msgids["locale", "django"]
    assert (None, "Connected again.") in source_msgids["locale", "djangojs"]
    assert (None, "Lobby chat") in source_msgids["locale", "django"]  # the social app's strings too
    assert (None, "Players' chat") in source_msgids["locale", "djangojs"]  # through the scripts' t() wrapper


@pytest.mark.parametrize("path", CATALOGS, ids=label)
def test_it_holds_exactly_the_strings_of_the_source(path, source_msgids):
    root, _lang, domain = where(path)
    shipped = {e.key for e in live(parse(path))}
    wanted = source_msgids[root, domain]
    missing, stale = sorted(wanted - shipped, key=str), sorted(shipped - wanted, key=str)
    assert not missing and not stale, (
        f"{label(path)} is out of date; run makemessages (docs/decisions-i18n.md), translate, compilemessages.\n"
        f"missing: {missing}\nno longer in the source: {stale}"
    )
