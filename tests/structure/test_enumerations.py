"""Enumerations of the Django apps are TextChoices or IntegerChoices: no class of bare string constants
with a hand-written CHOICES list beside it."""

from __future__ import annotations

import ast

from ledger.models import AccountKind, AdjustmentStatus, LimitPeriod, TransactionKind, UnitStatus

from .sources import app_sources, relative


def hand_made_enumerations(tree: ast.Module) -> list[str]:
    """Classes without a base whose body assigns two or more UPPER_CASE names to string literals."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef) or node.bases:
            continue
        constants = [
            target.id
            for statement in node.body
            if isinstance(statement, ast.Assign)
            and isinstance(statement.value, ast.Constant)
            and isinstance(statement.value.value, str)
            for target in statement.targets
            if isinstance(target, ast.Name) and target.id.isupper()
        ]
        if len(constants) >= 2:
            found.append(node.name)
    return found


def test_the_reader_finds_a_hand_made_enumeration():
    tree = ast.parse('class Kind:\n    A = "a"\n    B = "b"\n    CHOICES = [(A, "A"), (B, "B")]\n')
    assert hand_made_enumerations(tree) == ["Kind"]


def test_no_app_writes_an_enumeration_by_hand():
    found = {
        relative(path): names
        for path in app_sources()
        if (names := hand_made_enumerations(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert found == {}


def test_the_ledger_enumerations_keep_their_stored_values():
    assert AccountKind.values == ["wallet", "escrow", "house", "promotions", "adjustments"]
    assert TransactionKind.values == [
        "grant",
        "bot_funding",
        "reserve",
        "settle",
        "release",
        "adjustment",
        "reversal",
    ]
    assert UnitStatus.values == ["open", "settled", "released"]
    assert LimitPeriod.values == ["day", "week", "month"]
    assert AdjustmentStatus.values == ["pending", "approved", "rejected"]
