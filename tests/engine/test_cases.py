"""Every worked case of every game passes (tests/cases/, a copy of ../shared/cases/ kept equal by
tests/test_shared_sync.py)."""

from __future__ import annotations

import pytest

from games.engines.core import all_games

from .caselib import CASES_DIR, case_files, check_case, load_case

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
