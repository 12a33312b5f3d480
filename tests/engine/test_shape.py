"""Every engine package keeps the one shape of docs/engines.md: the shared module names, a slots state copied
once per `apply`, refusals raised as `IllegalAction` / `InvalidAction(code, message)`, and a game class that is
`Game[<its state>]`. A new game that leaves the shape fails here. (That no function-local import is left is the
repository-wide test_no_hidden_cycles.py's job.)"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import json
import random
import re
from pathlib import Path
from typing import Any, get_args, get_origin

import pytest

from games.engines.core import Game, RuleError, all_games
from games.engines.core.package import PackageGame
from games.engines.core.registry import engine_packages

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ROOT / "games" / "engines"

#: The module every game package has, by job (docs/engines.md "The package").
SHARED_MODULES = {
    "rules": "the Game class: the protocol's verbs, the general checks, one transition per action kind",
    "options": "the table options of the rules file §10 and their defaults",
    "cards": "the deck, its canonical order, suit / strength / point tables, the trick winner",
    "dealing": "the shuffled order, the dealing rule and the deal check (§4)",
    "state": "the state dataclass, copy() and its JSON round trip",
    "actions": "the action values and their wire reader",
    "legality": "to act, the legal actions and the refusal checks",
    "transitions": "the changes to a copied state, one function per action kind",
    "timeouts": "the timeout action (§5)",
    "scoring": "the result and the payments (§6, §9)",
    "match": "the start state, the next round and the standings (§8)",
    "seat_view": "what a seat or a spectator may see (§7)",
    "hints": "what the page of the seat to act needs beyond the listed actions: hints and the calls it offers",
    "bots": "the bot levels and make_bot",
}

#: Engine module names that are also a Django-app module name, each with why it is the same job on both sides.
SAME_JOB = {
    ("core", "errors"): "the engine's refusals; games/services/errors.py's ServiceError extends RuleError",
}

GAME_PACKAGES = [name.rsplit(".", 1)[1] for name in engine_packages()]
#: The shipped games (the registry also holds the tests' own game, registered by tests/settings.py).
SHIPPED_GAMES = sorted(
    key for key, game in all_games().items() if type(game).__module__.startswith("games.engines.")
)


def _modules(package: Path) -> set[str]:
    return {p.stem for p in package.glob("*.py") if p.stem != "__init__"}


def _app_module_names() -> set[str]:
    return _modules(ROOT / "games") | _modules(ROOT / "games" / "services")


def test_it_finds_the_four_games():
    assert sorted(GAME_PACKAGES) == ["french_tarot", "jass", "rummy", "tarock"]


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_it_gives_every_game_package_the_shared_modules(package):
    missing = sorted(set(SHARED_MODULES) - _modules(ENGINES / package))
    assert not missing, f"games/engines/{package} lacks {missing} (see docs/engines.md)"


@pytest.mark.parametrize("package", ["core", *GAME_PACKAGES])
def test_it_names_no_engine_module_like_a_module_of_the_django_app(package):
    clashes = {
        name for name in _modules(ENGINES / package) & _app_module_names() if (package, name) not in SAME_JOB
    }
    assert not clashes, (
        f"games/engines/{package} shares module names with games/ or games/services/: {clashes}"
    )


def test_it_uses_one_name_for_one_job_across_the_games():
    """A module name used by two games is either a shared module or one of the listed extras with one job."""
    extras = {
        "heuristics": "the card sense the standard bot and the expert's playouts share",
        "search": "the expert's determinized search",
        "worlds": "sampling hidden cards consistent with a view",
        "guide": "the How to play page: its text and worked example (games/engines/core/guide.py)",
        "record": "a player's statistics for their record page (Game.record_stats, games/engines/core/record.py)",
    }
    counts: dict[str, list[str]] = {}
    for package in GAME_PACKAGES:
        for name in _modules(ENGINES / package):
            counts.setdefault(name, []).append(package)
    repeated = {name for name, where in counts.items() if len(where) > 1}
    assert repeated <= set(SHARED_MODULES) | set(extras), repeated - set(SHARED_MODULES) - set(extras)


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_it_types_each_game_over_its_own_slots_state(package):
    module = importlib.import_module(f"games.engines.{package}")
    state_module = importlib.import_module(f"games.engines.{package}.state")
    for game in module.GAMES:
        assert type(game).__module__ == f"games.engines.{package}.rules"
        bases = [b for b in type(game).__orig_bases__ if issubclass(get_origin(b) or object, Game)]
        assert len(bases) == 1, f"{type(game).__name__} is not Game[<state>] (or PackageGame[<state>])"
        (state_type,) = get_args(bases[0])
        if isinstance(game, PackageGame):
            assert game.package.state is state_type, "the package's state class is the game's state type"
        assert state_type.__module__ == state_module.__name__
        assert dataclasses.is_dataclass(state_type) and hasattr(state_type, "__slots__")
        assert not state_type.__dataclass_params__.frozen, "the state is changed on a copy, not rebuilt"
        fields = {f.name for f in dataclasses.fields(state_type)}
        assert {"options", "phase"} <= fields
        assert set(state_type.SHARED) <= fields


def _mutable(value: Any) -> bool:
    if isinstance(value, (list, dict, set)):
        return True
    params = type(value).__dict__.get("__dataclass_params__")
    return params is not None and not params.frozen


def _check_copy(state: Any) -> None:
    """`copy()` is equal to the state and shares none of its mutable fields but the declared `SHARED` ones."""
    copied = state.copy()
    assert copied == state
    for field in dataclasses.fields(state):
        value = getattr(state, field.name)
        if field.name not in state.SHARED and _mutable(value):
            assert getattr(copied, field.name) is not value, (
                f"copy() shares {type(state).__name__}.{field.name}"
            )


def _snapshot(game: Game[Any], state: Any) -> str:
    return json.dumps(game.to_json(state), sort_keys=True)


def _some_action(game: Game[Any], state: Any, seat: int, rng: random.Random) -> Any:
    legal = game.legal_actions(state, seat)
    return rng.choice(legal) if legal else game.timeout_action(state, seat)


@pytest.mark.parametrize("key", SHIPPED_GAMES)
def test_it_never_changes_the_state_given_to_apply(key):
    """Random rounds: after every accepted and every refused action the given state is exactly as before."""
    game = all_games()[key]
    options = game.normalize_options(None)
    seats = game.seat_count(options)
    rng = random.Random(12)
    for deal_seed in range(3):
        dealer = deal_seed % seats
        state = game.new_round(options, game.deal_cards(random.Random(deal_seed), dealer, options), dealer)
        steps = 0
        while game.result(state) is None:
            _check_copy(state)
            before = _snapshot(game, state)
            seat = min(game.to_act(state))
            action = _some_action(game, state, seat, rng)
            idle = [s for s in range(seats) if s not in game.to_act(state)]
            if idle:
                with pytest.raises(RuleError):
                    game.apply(state, idle[0], action)
                assert _snapshot(game, state) == before, "a refused action changed the state"
            after = game.apply(state, seat, action)
            assert _snapshot(game, state) == before, "apply changed the state it was given"
            assert after is not state
            state = after
            steps += 1
            assert steps < 5000
        _check_copy(state)


REFUSALS = {"IllegalAction", "InvalidAction", "RuleError", "ServiceError"}
SKIP_DIRS = {".venv", "node_modules", "cases", "migrations", "__pycache__"}


def _python_files() -> list[Path]:
    return [
        p
        for p in ROOT.rglob("*.py")
        if not SKIP_DIRS & set(p.relative_to(ROOT).parts) and ".git" not in p.parts
    ]


def test_it_builds_every_refusal_with_its_code_first():
    """One constructor order in the whole repository: `IllegalAction(code, message)`, `InvalidAction(code,
    message)`, `ServiceError(code, message)`; a first argument that is a string literal is a code."""
    wrong = []
    for path in _python_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name not in REFUSALS or not node.args:
                continue
            first = node.args[0]
            if isinstance(first, ast.JoinedStr) or (
                isinstance(first, ast.Constant)
                and isinstance(first.value, str)
                and not re.fullmatch(r"[a-z][a-z0-9_]*", first.value)
            ):
                wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not wrong, f"refusals built with a message first: {wrong}"
