"""Loading and checking the worked cases of `tests/cases/` (format in tests/cases/README.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from games.engines.core import get_game
from games.engines.core.replay import ReplayRefusal, read_step, replay

CASES_DIR = Path(__file__).resolve().parent.parent / "cases"
SHARED_CASES_DIR = Path(__file__).resolve().parents[3] / "shared" / "cases"


def case_files() -> list[Path]:
    """Every case file of every game folder, sorted."""
    return sorted(CASES_DIR.glob("*/*.json"))


def load_case(path: Path) -> dict[str, Any]:
    """Read one case file."""
    return json.loads(path.read_text(encoding="utf-8"))


def subset_mismatch(expected: Any, actual: Any, where: str = "$") -> str | None:
    """Return where `expected` is not a recursive subset of `actual` (None when it is).

    Objects: every expected key must be present and match; lists and scalars must be equal in full.
    JSON integers and booleans are told apart (`1` does not match `true`).
    """
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return f"{where}: expected an object, got {actual!r}"
        for key, value in expected.items():
            if key not in actual:
                return f"{where}.{key}: missing"
            problem = subset_mismatch(value, actual[key], f"{where}.{key}")
            if problem:
                return problem
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(expected) != len(actual):
            return f"{where}: expected {expected!r}, got {actual!r}"
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            problem = subset_mismatch(e, a, f"{where}[{i}]")
            if problem:
                return problem
        return None
    if type(expected) is not type(actual) and not (
        isinstance(expected, (int, float))
        and isinstance(actual, (int, float))
        and not isinstance(expected, bool)
        and not isinstance(actual, bool)
    ):
        return f"{where}: expected {expected!r}, got {actual!r}"
    if expected != actual:
        return f"{where}: expected {expected!r}, got {actual!r}"
    return None


def wire_key(action: Any) -> str:
    """A canonical text of a wire action, for comparing legal action lists as sets."""
    return json.dumps(action, sort_keys=True)


def check_case(case: dict[str, Any]) -> None:
    """Replay a case and assert its `expect` block (result subset, first refusal, legal action sets).

    Raises:
        AssertionError: with a message naming the first difference.
    """
    game = get_game(case["game"])
    expect = case["expect"]
    actions = case["actions"]
    for probe in expect.get("legal", []):
        after = probe["after"]
        state = replay(
            game, case.get("options"), case["deal"], case["dealer"], actions[:after], case.get("start")
        )
        got = {wire_key(game.action_to_wire(a)) for a in game.legal_actions(state, probe["seat"])}
        want = {wire_key(a) for a in probe["actions"]}
        assert got == want, (
            f"legal after {after} for seat {probe['seat']}: missing {sorted(want - got)}, extra {sorted(got - want)}"
        )
    try:
        state = replay(game, case.get("options"), case["deal"], case["dealer"], actions, case.get("start"))
    except ReplayRefusal as refusal:
        assert "error" in expect, (
            f"refused at {refusal.index}: {refusal.error.code} ({refusal.error.message})"
        )
        want_error = expect["error"]
        assert refusal.error.code == want_error["code"], (
            f"code {refusal.error.code!r} != {want_error['code']!r}"
        )
        if "index" in want_error:
            assert refusal.index == want_error["index"], (
                f"refused at {refusal.index}, expected {want_error['index']}"
            )
        return
    assert "error" not in expect, f"expected refusal {expect['error']} but every action applied"
    if "result" in expect:
        result = game.result(state)
        assert result is not None, (
            f"round not over: phase {game.phase(state)}, to_act {sorted(game.to_act(state))}"
        )
        problem = subset_mismatch(expect["result"], result)
        assert problem is None, f"result mismatch at {problem}\nfull result: {json.dumps(result)}"


__all__ = [
    "CASES_DIR",
    "SHARED_CASES_DIR",
    "case_files",
    "check_case",
    "load_case",
    "read_step",
    "subset_mismatch",
]
