"""The Django apps' own Python sources, for the tests that show one owner per mechanism."""

from __future__ import annotations

from pathlib import Path

from tests.repo import ROOT as REPO

APPS = ("accounts", "games", "ledger", "signup", "social", "platform_config")


def app_sources(*, engines: bool = False) -> list[Path]:
    """Every .py file of the apps, without migrations; the pure rules packages (games/engines) only when
    `engines` is true."""
    paths = []
    for app in APPS:
        for path in sorted((REPO / app).rglob("*.py")):
            relative = path.relative_to(REPO)
            if "migrations" in relative.parts:
                continue
            if not engines and relative.parts[:2] == ("games", "engines"):
                continue
            paths.append(path)
    return paths


def relative(path: Path) -> str:
    """The path inside the repository, for messages."""
    return str(path.relative_to(REPO))
