"""No function-local import hides an import cycle (issue "One house": the directions are enforced by the import
contracts in pyproject.toml, which see only module-level imports). Every import inside a function or method of the
source is listed here with its reason, and a listed one that is gone fails too, so the list stays true."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIPPED = {".venv", "tests", "build", "node_modules", "staticfiles", ".git"}

ALLOWED = {
    ("manage.py", "main", "from django.core.management import execute_from_command_line"): (
        "Django's entry point: Django is imported once DJANGO_SETTINGS_MODULE is set"
    ),
    ("accounts/apps.py", "AccountsConfig.ready", "from . import signals"): (
        "AppConfig.ready: receivers connect once the app registry is ready"
    ),
    ("signup/apps.py", "SignupConfig.ready", "from . import signals"): (
        "AppConfig.ready: receivers connect once the app registry is ready"
    ),
    ("ledger/apps.py", "LedgerConfig.ready", "from ledger import signals"): (
        "AppConfig.ready: receivers connect once the app registry is ready"
    ),
    ("ledger/apps.py", "LedgerConfig.ready", "from ledger.roles import STAFF_PERMISSIONS"): (
        "AppConfig.ready: ledger.roles reads the ledger's models, loaded once the app registry is ready"
    ),
    ("games/apps.py", "GamesConfig.ready", "from ratings.calibration import register_bot_play"): (
        "AppConfig.ready: ratings.calibration reads the ratings' models, loaded once the app registry is ready"
    ),
    ("benchmarks/rating_strength_order.py", "calibration_lines", "import django"): (
        "the benchmark plays through the pure engines without Django; only the optional calibration figures "
        "beside it set Django up, when a database is given"
    ),
    (
        "benchmarks/rating_strength_order.py",
        "calibration_lines",
        "from ratings.models import BotCalibration",
    ): ("the calibration figures' model, read once the optional Django setup has run"),
    (
        "games/management/commands/serve.py",
        "Command.handle",
        "from daphne.endpoints import build_endpoint_description_strings",
    ): "serve builds Daphne's server only when it serves, not when the command module is loaded",
    (
        "games/management/commands/serve.py",
        "Command.handle",
        "from daphne.server import Server, twisted_loop",
    ): ("serve builds Daphne's server only when it serves, not when the command module is loaded"),
    (
        "games/management/commands/serve.py",
        "Command.handle",
        "from platform_config.asgi import application",
    ): ("the ASGI application (which sets Django up again) is built only when serving"),
}

# Whole functions whose imports wait for Django's set-up, which they do themselves (each import listed above
# would say the same).
ALLOWED_SCOPES = {
    ("benchmarks/production_run.py", "main"): (
        "the long run builds the processes' environment, then sets Django up and imports the models it checks"
    ),
    ("benchmarks/production_run.py", "_verdict"): "called by main after Django's set-up",
    ("benchmarks/production_run.py", "_table_failures"): "called by main after Django's set-up",
    ("benchmarks/production_run.py", "_print_wallets"): "called by main after Django's set-up",
    ("games/realtime/graceful_stop.py", "GracefulStop._close_open_sockets"): (
        "Daphne's protocol classes import twisted's reactor, which must not be installed before serve installs "
        "Daphne's asyncio reactor"
    ),
    ("games/realtime/graceful_stop.py", "GracefulStop._stop"): (
        "twisted's reactor module installs the default reactor when first imported: only once serve has installed "
        "Daphne's asyncio reactor"
    ),
    ("benchmarks/load_bench.py", "main"): (
        "the load benchmark builds the processes' environment, then sets Django up and imports the service"
    ),
    ("benchmarks/load_bench.py", "statement_counts"): "called by main after Django's set-up",
    ("benchmarks/load_bench.py", "sign_in"): "called by main after Django's set-up",
    ("benchmarks/load_bench.py", "open_tables"): "called by main after Django's set-up",
    ("benchmarks/load_bench.py", "_retire"): "called by main after Django's set-up",
    ("benchmarks/load_bench.py", "describe_stalled"): "called by main after Django's set-up",
}


def _sources() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.py") if not SKIPPED.intersection(p.relative_to(ROOT).parts))


def local_imports(path: Path, root: Path = ROOT) -> set[tuple[str, str, str]]:
    """`(file relative to root, qualified function name, import statement)` of every import inside a function
    or method of `path` (at any depth: a nested function, a class inside a function)."""
    found: set[tuple[str, str, str]] = set()
    relative = path.relative_to(root).as_posix()

    def visit(node: ast.AST, scope: list[str], in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)) and in_function:
                found.add((relative, ".".join(scope), ast.unparse(child)))
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, [*scope, child.name], True)
            elif isinstance(child, ast.ClassDef):
                visit(child, [*scope, child.name], in_function)
            else:
                visit(child, scope, in_function)

    visit(ast.parse(path.read_text(encoding="utf-8")), [], False)
    return found


def test_only_the_listed_function_local_imports_exist():
    everything = set().union(*(local_imports(p) for p in _sources()))
    found = {item for item in everything if item[:2] not in ALLOWED_SCOPES}
    assert sorted(found - ALLOWED.keys()) == [], "a function-local import: move it to the module's top"
    assert sorted(ALLOWED.keys() - found) == [], "a listed local import is gone: take it off ALLOWED"
    scopes = {item[:2] for item in everything}
    assert sorted(ALLOWED_SCOPES.keys() - scopes) == [], "a listed scope has no local import: take it off"


def test_the_scan_finds_local_imports_at_any_depth_and_skips_module_level_ones(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import json\n"
        "class Panel:\n"
        "    from os import path\n"
        "    def frame(self):\n"
        "        def inner():\n"
        "            from social.services import chat\n"
        "        return inner\n",
        encoding="utf-8",
    )
    assert local_imports(probe, tmp_path) == {
        ("probe.py", "Panel.frame.inner", "from social.services import chat")
    }
