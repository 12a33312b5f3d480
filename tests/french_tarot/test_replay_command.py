"""`manage.py replay` on French Tarot files (docs/design.md "Cards and replay files"; tests/cases/README.md)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from .helpers import CASES, load

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *args: str, stdin: str | None = None, monkeypatch=None) -> tuple[int, str, str]:
    """Call the command in-process; returns (exit status, stdout, stderr)."""
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = 0
    try:
        call_command("replay", *args)
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def test_it_prints_the_result_of_a_case_file(capsys):
    status, out, _ = run(capsys, str(CASES / "v01-garde-two-bouts-43-points.json"))
    assert status == 0
    assert json.loads(out) == {**load("v01-garde-two-bouts-43-points")["expect"]["result"]}


def test_it_reports_the_first_refused_action_with_its_index(capsys):
    status, out, _ = run(capsys, str(CASES / "v21a-hearts-led-club-refused-must-trump.json"))
    assert status == 1
    error = json.loads(out)["error"]
    assert error["index"] == 4 and error["code"] == "must_trump" and error["message"]


def test_it_reports_a_bad_deal_with_a_null_index(capsys):
    status, out, _ = run(capsys, str(CASES / "x07-bad-deal-duplicate-card.json"))
    assert status == 1
    assert json.loads(out)["error"]["index"] is None
    assert json.loads(out)["error"]["code"] == "bad_deal"


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        json.dumps({"game": "french-tarot", "dealer": 0, "actions": []}),
        json.dumps([1, 2]),
        json.dumps({"game": "skat", "dealer": 0, "deal": {}, "actions": []}),
    ],
)
def test_it_exits_2_with_one_line_for_documents_that_are_not_replays(capsys, monkeypatch, text):
    status, out, err = run(capsys, "-", stdin=text, monkeypatch=monkeypatch)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("replay: ") and "Traceback" not in err


def test_it_reads_standard_input(capsys, monkeypatch):
    text = (CASES / "v29c-all-pass-annulled.json").read_text()
    status, out, _ = run(capsys, "-", stdin=text, monkeypatch=monkeypatch)
    assert status == 0
    assert json.loads(out)["reason"] == "all_passed"


def test_it_prints_every_view_after_each_step(capsys):
    status, out, _ = run(capsys, str(CASES / "v32b-garde-contre-discard-wrong-phase.json"), "--views")
    assert status == 1
    body = json.loads(out)
    assert body["error"]["code"] == "wrong_phase"
    assert [v["after"] for v in body["views"]] == [0, 1]
    first = body["views"][0]
    assert len(first["seats"]) == 4 and first["spectator"]["hand"] is None
    assert [len(seat["hand"]) for seat in first["seats"]] == [18, 18, 18, 18]
    assert body["views"][1]["spectator"]["phase"] == "slam"


def test_it_reports_an_in_progress_log(capsys, monkeypatch):
    case = load("v01-garde-two-bouts-43-points")
    case["actions"] = case["actions"][:9]
    status, out, _ = run(capsys, "-", stdin=json.dumps(case), monkeypatch=monkeypatch)
    assert status == 0
    assert json.loads(out) == {"in_progress": {"phase": "play", "to_act": [0]}}


def test_it_exits_2_without_a_traceback_from_the_real_command():
    done = subprocess.run(
        [sys.executable, "manage.py", "replay", "-"],
        check=False,
        cwd=ROOT,
        input='{"game": "tarot"}',
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    ok = subprocess.run(
        [sys.executable, "manage.py", "replay", str(CASES / "v02-petite-exactly-51-made-by-zero.json")],
        check=False,
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    assert ok.returncode == 0 and json.loads(ok.stdout)["diff"] == 0
