"""Every Jass case file replays through the generic document runner with every view JSON-ready (docs/design.md
"Cards and replay files"; `manage.py replay --views` prints the same)."""

from __future__ import annotations

import json

import pytest

from games.engines.core.replay import run_replay_document
from tests.engine.caselib import CASES_DIR, load_case

JASS_CASES = sorted(CASES_DIR.glob("jass-*/*.json"))


@pytest.mark.parametrize("path", JASS_CASES, ids=[f"{p.parent.name}/{p.stem}" for p in JASS_CASES])
def test_it_replays_the_case_file_with_every_view(path) -> None:
    case = load_case(path)
    body, status = run_replay_document(case, with_views=True)
    text = json.dumps(body)
    assert json.loads(text) == body
    assert status == (1 if "error" in case["expect"] else 0)
    views = body["views"]
    expected_steps = (
        len(case["actions"]) + 1 if status == 0 else (case["expect"]["error"].get("index") or 0) + 1
    )
    if body.get("error", {}).get("index") is None and status == 1:
        assert views == []
    else:
        assert len(views) == expected_steps
        assert all(v["spectator"]["hand"] is None for v in views)
