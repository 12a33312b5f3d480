"""The generic replay runner accepts Tarock case files as they are, with every view JSON-ready."""

from __future__ import annotations

import json

from games.engines.core.replay import run_replay_document
from tests.engine.caselib import CASES_DIR, load_case


def test_it_replays_every_tarock_case_with_views():
    for path in sorted((CASES_DIR / "tarock").glob("*.json")):
        case = load_case(path)
        body, status = run_replay_document(case, with_views=True)
        assert status == (1 if "error" in case["expect"] else 0), path.name
        assert len(body["views"]) >= 1
        json.dumps(body)
        for step in body["views"]:
            for seat, view in enumerate(step["seats"]):
                assert view["seat"] == seat and step["spectator"]["hand"] is None
