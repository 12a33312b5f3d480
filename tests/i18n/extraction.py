"""The msgids the source marks for translation, extracted the way the catalogs are made: `manage.py
makemessages` (the documented command of docs/decisions-i18n.md; the project's makemessages also reads the
scripts' `t(...)` wrapper) run in a copy of the repository."""

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


def source_msgids(repo: Path, tmp: Path) -> dict[tuple[str, str], set[Key]]:
    """{(locale root, domain): msgids} the source needs, for every root in LOCALE_ROOTS (empty sets included),
    plus any other folder makemessages wrote a catalog into (an app's own `locale` folder)."""
    source = copy_source(repo, tmp)
    run_makemessages(source)
    wanted: dict[tuple[str, str], set[Key]] = {
        (root, domain): set() for root in LOCALE_ROOTS for domain in DOMAINS
    }
    for fresh in source.rglob("LC_MESSAGES/*.po"):
        root = str(fresh.relative_to(source).parents[2])
        keys = wanted.setdefault((root, fresh.stem), set())
        keys |= {e.key for e in parse(fresh) if not e.is_header and not e.obsolete}
    return wanted
