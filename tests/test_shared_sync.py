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

OWN_SECTION = b"\n## The tree as built\n"
"""Where the repository's own part of the design's copy begins (the rest of the file after it is ours)."""

# (the copy in the repository, its original, where a section of the repository's own may begin in a copied file
# or None), the paths relative to the repository's root
COPIES = [
    ("tests/cases", "../shared/cases", None),
    ("docs/rules", "../shared/rules", None),
    ("docs/design.md", "../shared/DESIGN.md", OWN_SECTION),
    ("docs/style.md", "../shared/STYLE.md", None),
]


def differences(ours: Path, shared: Path, own_section: bytes | None = None) -> list[str]:
    """What keeps `ours` from equalling `shared` (two files, or two folders compared file by file, byte for byte),
    one line each with the path inside the folder; empty when they are equal. With `own_section`, a copied file
    may go on after the shared text with a section starting with those bytes."""
    if shared.is_file():
        theirs = mine = {Path()}
        if not ours.is_file():
            return ["missing"]
        if own_section is not None:
            return [] if _shared_part(ours, own_section) == shared.read_bytes() else ["differs: ."]
    else:
        theirs = {p.relative_to(shared) for p in shared.rglob("*") if p.is_file()}
        mine = {p.relative_to(ours) for p in ours.rglob("*") if p.is_file()}
    found = [f"missing: {p}" for p in sorted(theirs - mine)]
    found += [f"not in ../shared: {p}" for p in sorted(mine - theirs)]
    found += [
        f"differs: {p}" for p in sorted(theirs & mine) if not filecmp.cmp(shared / p, ours / p, shallow=False)
    ]
    return found


def _shared_part(ours: Path, own_section: bytes) -> bytes:
    """The part of a copied file that must equal its original: all of it before `own_section`."""
    text = ours.read_bytes()
    start = text.find(own_section)
    return text if start < 0 else text[:start]


@pytest.mark.skipif(not SHARED.is_dir(), reason="no ../shared beside this clone")
@pytest.mark.parametrize(("ours", "original", "own_section"), COPIES, ids=[ours for ours, _, _ in COPIES])
def test_it_keeps_the_copy_equal_to_shared(ours, original, own_section):
    shared = ROOT / original
    assert shared.exists(), f"{original} is gone"
    found = differences(ROOT / ours, shared, own_section)
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


def test_it_allows_a_section_of_our_own_after_the_shared_text_and_nothing_else(tmp_path):
    shared, ours = tmp_path / "original.txt", tmp_path / "copy.txt"
    shared.write_bytes(b"# Design\n\nshared text\n")
    ours.write_bytes(shared.read_bytes() + OWN_SECTION + b"our tree\n")
    assert differences(ours, shared, OWN_SECTION) == []
    assert differences(ours, shared) == ["differs: ."]  # a plain copy may not grow
    ours.write_bytes(b"# Design\n\nchanged text\n" + OWN_SECTION + b"our tree\n")
    assert differences(ours, shared, OWN_SECTION) == ["differs: ."]
