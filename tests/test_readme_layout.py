"""The README's "Layout" section names every top-level folder of the repository (each package, each Django app
and the project-wide folders) and every rules package under `games/engines/`."""

from __future__ import annotations

import re

from tests.repo import ROOT, is_generated, project_apps, top_level_packages


def layout_section() -> str:
    """The text of the README from its `## Layout` heading to the next heading of that level."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"^## Layout\n(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
    assert match, "README.md has no '## Layout' section"
    return match.group(1)


def names_folder(text: str, folder: str) -> bool:
    """True when `text` names `folder/` as a path of its own (`games/` or `games/engines/`, not `xgames/`)."""
    return re.search(rf"(?<![\w/-]){re.escape(folder)}/", text) is not None


def top_level_folders() -> list[str]:
    """The repository's top-level folders, hidden and generated ones excepted, sorted."""
    return sorted(
        p.name
        for p in ROOT.iterdir()
        if p.is_dir() and not p.name.startswith(".") and not is_generated(p.name)
    )


def test_it_names_every_top_level_folder_package_and_app():
    folders = {*top_level_folders(), *top_level_packages(), *project_apps()}
    assert {
        "accounts",
        "games",
        "ledger",
        "social",
        "platform_config",
        "templates",
        "static",
        "locale",
    } <= folders
    missing = sorted(f for f in folders if not names_folder(layout_section(), f))
    assert not missing, f"README.md's Layout does not name: {missing}"


def test_it_names_every_rules_package_and_the_table_side_of_games():
    section = layout_section()
    engines = sorted(p.name for p in (ROOT / "games" / "engines").iterdir() if (p / "__init__.py").is_file())
    assert "core" in engines and len(engines) > 1
    for name in engines:
        assert re.search(rf"(?<![\w-]){name}/", section), (
            f"README.md's Layout does not name games/engines/{name}/"
        )
    for folder in ("games/engines/core", "games/services", "games/consumers"):
        assert names_folder(section, folder), folder


def test_it_tells_a_named_folder_from_a_longer_name():
    assert names_folder("- `games/` and `games/engines/core/`", "games")
    assert names_folder("- `games/engines/core/`", "games/engines/core")
    assert not names_folder("- `xgames/`", "games")
    assert not names_folder("- `ledger/static/`", "static")
