"""Every specification the code cites is in the repository: each `docs/…md` (or other path to a `.md` file) named
in the Python, JavaScript and HTML sources and in the README resolves to a file, and no citation names a page
the way it was named before the specifications moved in (a rules file or the design page without its folder, a
rules path without `docs/`) or points at an issue number instead of a decisions page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.repo import ROOT, SHARED, tree_files

SOURCE_SUFFIXES = (".py", ".js", ".html")
# The copy of the shared cases is checked against ../shared by tests/test_shared_sync.py; migrations hold data
# written once (a schedule's note), not citations; the vendored libraries are npm's files (their own links); this
# module spells the old forms out to find them.
NOT_SCANNED = ("tests/cases/", "/migrations/", "/static/vendor/")

# A path-like token ending in `.md`: `docs/rules/jass.md`, `tests/cases/README.md`, `settlement.md`.
MD_TOKEN = re.compile(r"(?<![\w./-])[\w./-]*[\w-]\.md\b")
# "issue 12", "issues #3": this project's issues are not a place to read; another project's may be ("its issue").
ISSUE = re.compile(r"(?<!its )(?<!jass-kit )\bissues? #?\d+", re.IGNORECASE)
# Bare names of the pages that now live under docs/ (the shared originals were DESIGN.md and STYLE.md).
OLD_NAMES = frozenset({"DESIGN.md", "STYLE.md"})


def scanned_files() -> list[Path]:
    """The sources and the README whose citations must resolve, sorted."""
    here = Path(__file__).resolve()
    files = [ROOT / "README.md"]
    for path in tree_files():
        rel = "/" + path.relative_to(ROOT).as_posix()
        if path.suffix in SOURCE_SUFFIXES and path != here and not any(part in rel for part in NOT_SCANNED):
            files.append(path)
    return sorted(files)


def docs_page_names() -> set[str]:
    """The file names of the pages under docs/ (`jass.md`, `design.md`, `decisions-ledger.md`, ...)."""
    return {p.name for p in (ROOT / "docs").rglob("*.md")}


def problems(text: str, pages: set[str]) -> list[str]:
    """The citations in `text` that do not resolve, one line each: a path to a missing `.md` file (relative to the
    root; `../shared/` paths only when that folder exists), a docs page or an old page named without its folder,
    and an issue number."""
    found = []
    for token in MD_TOKEN.findall(text):
        if "/" not in token:
            if token in pages or token in OLD_NAMES:
                found.append(f"{token} without its folder (docs/…)")
        elif token.startswith("../shared/"):
            if SHARED.is_dir() and not (ROOT / token).is_file():
                found.append(f"{token} does not exist")
        elif not (ROOT / token).is_file():
            found.append(f"{token} does not exist")
    found += [f"{m.group(0)!r} (cite a docs/decisions-*.md page)" for m in ISSUE.finditer(text)]
    return found


FILES = scanned_files()


@pytest.mark.parametrize("path", FILES, ids=[p.relative_to(ROOT).as_posix() for p in FILES])
def test_it_cites_only_pages_that_exist(path):
    text = path.read_text(encoding="utf-8")
    assert not problems(text, docs_page_names()), problems(text, docs_page_names())


def test_it_scans_the_sources_that_cite_the_specifications():
    names = {p.relative_to(ROOT).as_posix() for p in FILES}
    assert {
        "README.md",
        "games/engines/core/protocol.py",
        "ledger/calculation.py",
        "static/js/lobby.js",
    } <= names
    assert "templates/base.html" in names
    assert not [n for n in names if n.startswith("tests/cases/") or "/migrations/" in n]


def test_it_finds_every_old_form_of_a_citation():
    pages = {"jass.md", "design.md", "decisions-ledger.md"}
    text = (
        'rules/jass.md §5, DESIGN.md "Layout", STYLE.md, settlement.md, jass.md §2, Rules/tarock.md, design.md,'
        " docs/rules/nothing.md, see issue 12, Issues #3"
    )
    assert problems(text, pages) == [
        "rules/jass.md does not exist",
        "DESIGN.md without its folder (docs/…)",
        "STYLE.md without its folder (docs/…)",
        "jass.md without its folder (docs/…)",
        "Rules/tarock.md does not exist",
        "design.md without its folder (docs/…)",
        "docs/rules/nothing.md does not exist",
        "'issue 12' (cite a docs/decisions-*.md page)",
        "'Issues #3' (cite a docs/decisions-*.md page)",
    ]
    fine = 'docs/rules/jass.md §5, docs/design.md "Layout", docs/decisions-ledger.md, tests/cases/README.md'
    assert problems(fine + ", jass-kit issue #10, its issue #10, README.md", pages) == []
