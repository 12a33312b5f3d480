"""Every worked case of every game passes (tests/cases/, a copy of ../shared/cases/)."""

from __future__ import annotations

import filecmp

import pytest

from games.engines.core import all_games

from .caselib import CASES_DIR, SHARED_CASES_DIR, case_files, check_case, load_case

CASES = case_files()


@pytest.mark.parametrize("path", CASES, ids=[f"{p.parent.name}/{p.stem}" for p in CASES])
def test_it_passes_the_worked_case(path):
    case = load_case(path)
    registered = {name for game in all_games().values() for name in (game.key, *game.aliases)}
    if case["game"] not in registered:
        pytest.skip(f"engine {case['game']!r} is not built yet")
    check_case(case)


def test_it_has_cases_for_every_folder():
    assert len(CASES) > 0
    for folder in CASES_DIR.iterdir():
        if folder.is_dir():
            assert any(folder.glob("*.json")), f"{folder.name} holds no case"


@pytest.mark.skipif(not SHARED_CASES_DIR.is_dir(), reason="no ../shared/cases beside this clone")
def test_it_keeps_the_repository_copy_in_sync_with_shared_cases():
    shared = {p.relative_to(SHARED_CASES_DIR) for p in SHARED_CASES_DIR.rglob("*") if p.is_file()}
    ours = {p.relative_to(CASES_DIR) for p in CASES_DIR.rglob("*") if p.is_file()}
    missing = sorted(str(p) for p in shared - ours)
    assert not missing, f"cases in ../shared/cases not copied into tests/cases: {missing}"
    changed = sorted(
        str(p) for p in shared if not filecmp.cmp(SHARED_CASES_DIR / p, CASES_DIR / p, shallow=False)
    )
    assert not changed, f"cases that differ from ../shared/cases: {changed}"
