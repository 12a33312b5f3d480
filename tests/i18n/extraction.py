"""The msgids the source marks for translation, extracted the way the catalogs are made: `manage.py
makemessages` (documented command in docs/decisions-i18n.md) run in a copy of the repository, plus the
JavaScript modules' own `t(...)` wrapper, which makemessages does not know, read with xgettext."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from .conftest import DOMAINS, LANGUAGES, LOCALE_ROOTS
from .pofile import parse

# What makemessages skips (as in the documented command) and what the copy leaves out.
IGNORED = (".venv/*", "tests/*", "benchmarks/*")
NOT_COPIED = (
    ".*",
    "tests",
    "benchmarks",
    "staticfiles",
    "node_modules",
    "__pycache__",
    "*.egg-info",
    "build",
    "*.mo",
    "*.po",
    "*.sqlite3",
)  # ".*": .git, .venv, tool caches
# Keywords for JavaScript: `t` is the wrapper of social/static/js/social/common.js and the table shell
# (`shell.t`); xgettext also matches member calls such as `shell.t("…")`.
JS_KEYWORDS = ("t", "gettext", "ngettext:1,2", "pgettext:1c,2")

Key = tuple[str | None, str]


def copy_source(repo: Path, into: Path) -> Path:
    """Copy the repository's source (no catalogs, tests, VCS or virtualenv) to `into`/src; returns that path."""
    target = into / "src"
    shutil.copytree(repo, target, ignore=shutil.ignore_patterns(*NOT_COPIED))
    return target


def run_makemessages(source: Path) -> None:
    """Run makemessages for every language and domain in `source`, writing fresh catalogs there.

    Raises subprocess.CalledProcessError (with makemessages' output) if it fails."""
    env = {**os.environ, "PYTHONPATH": str(source), "DJANGO_SETTINGS_MODULE": "platform_config.settings"}
    for domain in DOMAINS:
        command = [sys.executable, "manage.py", "makemessages", "-d", domain, "--no-obsolete"]
        command += [arg for lang in LANGUAGES for arg in ("-l", lang)]
        command += [arg for pattern in IGNORED for arg in ("--ignore", pattern)]
        subprocess.run(command, cwd=source, env=env, check=True, capture_output=True, text=True)


def locale_root_of(path: Path, source: Path) -> str:
    """The locale root makemessages files a source file under: the nearest enclosing folder that has a
    `locale` folder, else the project's LOCALE_PATHS (locale/)."""
    for folder in path.parents:
        if folder == source or source not in folder.parents:
            break
        if (folder / "locale").is_dir():
            return str((folder / "locale").relative_to(source))
    return "locale"


def js_wrapper_msgids(source: Path, tmp: Path) -> dict[str, set[Key]]:
    """Per locale root, the msgids of JavaScript calls to t / gettext / ngettext / pgettext (xgettext)."""
    files: dict[str, list[Path]] = {}
    for path in sorted(source.rglob("*.js")):
        if any(part in ("node_modules", "staticfiles") for part in path.relative_to(source).parts):
            continue
        files.setdefault(locale_root_of(path, source), []).append(path)
    found: dict[str, set[Key]] = {}
    for root, paths in files.items():
        pot = tmp / (root.replace("/", "_") + ".pot")
        command = ["xgettext", "--language=JavaScript", "--from-code=UTF-8", "--force-po", "-k"]
        command += [f"--keyword={k}" for k in JS_KEYWORDS] + ["-o", str(pot)] + [str(p) for p in paths]
        subprocess.run(command, check=True, capture_output=True, text=True)
        found[root] = {e.key for e in parse(pot) if not e.is_header}
    return found


def source_msgids(repo: Path, tmp: Path) -> dict[tuple[str, str], set[Key]]:
    """{(locale root, domain): msgids} the source needs, for every root in LOCALE_ROOTS (empty sets included)."""
    source = copy_source(repo, tmp)
    run_makemessages(source)
    wanted: dict[tuple[str, str], set[Key]] = {
        (root, domain): set() for root in LOCALE_ROOTS for domain in DOMAINS
    }
    for (root, domain), keys in wanted.items():
        for lang in LANGUAGES:
            fresh = source / root / lang / "LC_MESSAGES" / f"{domain}.po"
            if fresh.is_file():
                keys |= {e.key for e in parse(fresh) if not e.is_header and not e.obsolete}
    for root, keys in js_wrapper_msgids(source, tmp).items():
        wanted.setdefault((root, "djangojs"), set()).update(keys)
    return wanted
