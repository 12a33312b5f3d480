"""No generic code names a game: everything outside a game's own files (its engine package games/engines/<game>/, its
browser module static/js/games/<module>.js with its parts in static/js/games/<module>/, and card deck
static/js/cards/<deck>.js) and the tests learns about games
from their declarations (games/engines/core/declaration.py). And the tests' own game, added the way README.md
"Adding a game" says, is named by no file outside tests/."""

from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

from games.engines.core import all_games

from .sources import APPS, REPO, app_sources, relative

ENGINES = REPO / "games" / "engines"
TEST_GAMES = [g for g in all_games().values() if not type(g).__module__.startswith("games.engines.")]
SHIPPED = [g for g in all_games().values() if type(g).__module__.startswith("games.engines.")]
KEYS = sorted({name for game in SHIPPED for name in (game.key, *game.aliases)}, key=len, reverse=True)
KEY_WORD = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, KEYS)) + r")(?![\w-])")
JS_COMMENTS = re.compile(r"/\*.*?\*/|(?<![:\"'])//[^\n]*", re.DOTALL)
HTML_COMMENTS = re.compile(r"{#.*?#}|<!--.*?-->|{% comment %}.*?{% endcomment %}", re.DOTALL)


def _games_own_files() -> set[Path]:
    own = set()
    for game in SHIPPED:
        own.add(REPO / "static" / "js" / "games" / f"{game.declaration.module}.js")
        own |= set((REPO / "static" / "js" / "games" / game.declaration.module).glob("*.js"))  # its parts
        own.add(REPO / "static" / "js" / "cards" / f"{game.declaration.deck}.js")
    return own


def _is_generic_python(path: Path) -> bool:
    if path.is_relative_to(ENGINES):
        return path.relative_to(ENGINES).parts[0] == "core" or path.parent == ENGINES
    return True


def python_keys(source: str) -> list[str]:
    """Game keys in the string constants of a module (docstrings excepted: a docstring may cite a rules file)."""
    tree = ast.parse(source)
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            found += KEY_WORD.findall(node.value)
    return found


def page_keys(path: Path) -> list[str]:
    """Game keys in a template or script, its comments excepted."""
    text = path.read_text(encoding="utf-8")
    text = HTML_COMMENTS.sub("", text) if path.suffix == ".html" else JS_COMMENTS.sub("", text)
    return KEY_WORD.findall(text)


def _pages() -> list[Path]:
    folders = [REPO / "templates", REPO / "static", *(REPO / app for app in APPS)]
    own = _games_own_files()
    pages = []
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.suffix in (".html", ".js") and path not in own and "node_modules" not in path.parts:
                pages.append(path)
    return pages


def test_the_readers_find_a_game_key():
    assert python_keys('"""french-tarot in a docstring"""\nif data["game"] == "french-tarot": pass\n') == [
        "french-tarot"
    ]
    assert python_keys('KEYS = {"jass-schieber", "tarock"}') and not python_keys('x = "French Tarot"')
    assert KEY_WORD.findall('gameSelect.value === "rummy"') == ["rummy"]


def test_no_generic_python_names_a_game():
    found = {
        relative(path): keys
        for path in app_sources(engines=True)
        if _is_generic_python(path) and (keys := python_keys(path.read_text(encoding="utf-8")))
    }
    assert found == {}


def test_no_generic_template_or_script_names_a_game():
    found = {relative(path): keys for path in _pages() if (keys := page_keys(path))}
    assert found == {}


def _repository_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return [REPO / name for name in listed if (REPO / name).is_file()]


def test_no_file_outside_the_tests_names_the_tests_game():
    assert TEST_GAMES, "tests/settings.py registers the tests' own game"
    names = set()
    for game in TEST_GAMES:
        package = type(game).__module__.split(".")
        names |= {game.key, *game.aliases, type(game).__name__, package[-2], game.declaration.module}
    pattern = re.compile("|".join(map(re.escape, sorted(names))))
    found = []
    for path in _repository_files():
        if path.is_relative_to(REPO / "tests"):
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        if pattern.search(text):
            found.append(relative(path))
    assert found == []
