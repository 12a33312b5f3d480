"""The repository as the repository-level tests read it: its root, the `../shared/` folder beside a clone, the
files of the tree, its top-level packages and its Django apps."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"

# Folders that a checkout grows by being used (virtualenvs, caches, build output, installed npm packages).
GENERATED_DIRS = frozenset(
    {
        ".git",
        ".venv",
        "node_modules",
        "__pycache__",
        ".mypy_cache",
        ".ruff_cache",
        ".pytest_cache",
        ".hypothesis",
        "build",
        "dist",
        "staticfiles",
    }
)


def is_generated(name: str) -> bool:
    """True for a folder name that holds generated files, not sources (see GENERATED_DIRS; also `*.egg-info`)."""
    return name in GENERATED_DIRS or name.endswith(".egg-info")


def tree_files(top: Path = ROOT) -> Iterator[Path]:
    """Every file under `top` outside generated folders, as absolute paths, in no set order."""
    for folder, dirs, files in os.walk(top):
        dirs[:] = [d for d in dirs if not is_generated(d)]
        for name in files:
            yield Path(folder) / name


def top_level_packages() -> list[str]:
    """The importable packages at the root (folders with `__init__.py`), the test suite excepted, sorted."""
    return sorted(
        p.name
        for p in ROOT.iterdir()
        if (p / "__init__.py").is_file() and p.name != "tests" and not is_generated(p.name)
    )


def project_apps() -> list[str]:
    """The folders, relative to the root, of the installed Django apps that live in this repository, sorted."""
    from django.apps import apps

    folders = [Path(config.path).resolve() for config in apps.get_app_configs()]
    inside = [f.relative_to(ROOT) for f in folders if f.is_relative_to(ROOT)]
    # a virtualenv inside the clone (`make` puts it at .venv/) holds the third-party apps
    return sorted(f.as_posix() for f in inside if not any(is_generated(part) for part in f.parts))


def project_data_dirs() -> list[str]:
    """The project-wide folders the settings read templates, static files and catalogs from, relative to the
    root, sorted (`templates`, `static`, `locale`)."""
    from django.conf import settings

    dirs = [*settings.TEMPLATES[0]["DIRS"], *settings.STATICFILES_DIRS, *settings.LOCALE_PATHS]
    inside = [Path(d).resolve().relative_to(ROOT) for d in dirs]
    # the tests' settings also serve the tests' own game's browser module, which is no project folder
    return sorted(d.as_posix() for d in inside if d.parts[0] != "tests")
