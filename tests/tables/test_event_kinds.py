"""Every writer of a table's event log uses a kind the Event model declares (docs/decisions-tables.md): the kinds
written as literals anywhere in games/ (`append_event(table, "kind", ...)`, and `_apply_guarded(..., "act")`
which passes its kind on) are all in Event.KINDS, and an undeclared kind is refused at run time."""

from __future__ import annotations

import ast

import pytest

from games.models import Event, Table
from games.services.events import append_event
from tests.repo import ROOT

KIND_ARGUMENT = {"append_event": 1, "_apply_guarded": 4}  # function name -> index of its `kind` argument


def _written_kinds() -> list[tuple[str, int, str]]:
    found = []
    for path in sorted((ROOT / "games").rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            if name not in KIND_ARGUMENT:
                continue
            index = KIND_ARGUMENT[name]
            kind = node.args[index] if len(node.args) > index else None
            if isinstance(kind, ast.Constant):
                found.append((str(path.relative_to(ROOT)), node.lineno, kind.value))
            else:
                assert isinstance(kind, ast.Name) and kind.id == "kind", (path, node.lineno)
    return found


def test_every_kind_written_to_the_event_log_is_declared():
    written = _written_kinds()
    assert len({kind for _, _, kind in written}) >= 10  # the scan finds the writers
    assert [w for w in written if w[2] not in Event.KINDS] == []


@pytest.mark.django_db
def test_an_undeclared_kind_is_refused(users):
    table = Table.objects.create(game="test-follow", created_by=users["alice"])
    with pytest.raises(ValueError, match="undeclared"):
        append_event(table, "bot_took_over")
    assert table.events.count() == 0
