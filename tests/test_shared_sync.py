"""The repository's copies of the shared specifications stay equal to `../shared/` whenever a clone has it beside
it: the worked cases (`tests/cases/`), the rules (`docs/rules/`), the design (`docs/design.md`) and the style page
(`docs/style.md`). The design's copy is the shared text followed by one section of the repository's own, "The tree
as built" (the issue "The house moved" asks the design page to show the tree): everything before it is compared byte
for byte."""

from __future__ import annotations

import filecmp
from pathlib import Path

import pytest

from tests.repo import ROOT, SHARED

DESIGN_COPY = "docs/design.md"  # the one copy with a section of the repository's own (OWN_SECTION)

# (the copy in the repository, its original), both relative to the repository's root
COPIES = [
    ("tests/cases", "../shared/cases"),
    ("docs/rules", "../shared/rules"),
    (DESIGN_COPY, "../shared/DESIGN.md"),
    ("docs/style.md", "../shared/STYLE.md"),
]


def differences(ours: Path, shared: Path) -> list[str]:
    """What keeps `ours` from equalling `shared` (two files, or two folders compared file by file, byte for byte),
    one line each with the path inside the folder; empty when they are equal."""
    if shared.is_file():
        theirs = mine = {Path()}
        if not ours.is_file():
            return ["missing"]
        if ours == ROOT / DESIGN_COPY:
            return [] if _shared_part(ours) == shared.read_bytes() else ["differs: ."]
    else:
        theirs = {p.relative_to(shared) for p in shared.rglob("*") if p.is_file()}
        mine = {p.relative_to(ours) for p in ours.rglob("*") if p.is_file()}
    found = [f"missing: {p}" for p in sorted(theirs - mine)]
    found += [f"not in ../shared: {p}" for p in sorted(mine - theirs)]
    found += [
        f"differs: {p}" for p in sorted(theirs & mine) if not filecmp.cmp(shared / p, ours / p, shallow=False)
    ]
    return found


OWN_SECTION = b"\n## The tree as built\n"
"""Where the repository's own part of the design's copy begins (the rest of the file after it is ours)."""


def _shared_part(ours: Path) -> bytes:
    """The part of the design's copy that must equal the shared design: all of it before OWN_SECTION."""
    text = ours.read_bytes()
    start = text.find(OWN_SECTION)
    return text if start < 0 else text[:start]


@pytest.mark.skipif(not SHARED.is_dir(), reason="no ../shared beside this clone")
@pytest.mark.parametrize(("ours", "original"), COPIES, ids=[ours for ours, _ in COPIES])
def test_it_keeps_the_copy_equal_to_shared(ours, original):
    shared = ROOT / original
    assert shared.exists(), f"{original} is gone"
    found = differences(ROOT / ours, shared)
    assert not found, f"{ours} is not equal to {original}: {found}"


def test_it_reports_a_changed_a_missing_and_an_extra_file(tmp_path):
    shared, ours = tmp_path / "shared", tmp_path / "ours"
    for folder in (shared, ours):
        (folder / "sub").mkdir(parents=True)
        (folder / "same.txt").write_text("same")
    (shared / "sub" / "changed.txt").write_text("one")
    (ours / "sub" / "changed.txt").write_text("two")
    (shared / "only-shared.txt").write_text("x")
    (ours / "only-ours.txt").write_text("x")
    assert differences(ours, shared) == [
        "missing: only-shared.txt",
        "not in ../shared: only-ours.txt",
        "differs: sub/changed.txt",
    ]
    assert differences(ours / "same.txt", shared / "same.txt") == []
    assert differences(ours / "sub" / "changed.txt", shared / "sub" / "changed.txt") == ["differs: ."]
    assert differences(ours / "only-shared.txt", shared / "only-shared.txt") == ["missing"]
