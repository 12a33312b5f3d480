"""The wheel built from the tree (pyproject.toml) holds every app with its templates, static files and compiled
catalogs, and the project-wide `templates/`, `static/` and `locale/` folders at the same paths as in the tree,
where `platform_config/settings.py` looks for them.

The `.mo` catalogs are committed beside their `.po` sources, so the build copies them and compiles nothing.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.repo import ROOT, is_generated, project_apps, project_data_dirs, top_level_packages, tree_files

# Sources that stay out of the wheel on purpose: catalog sources (the compiled `.mo` files ship instead).
UNPACKAGED_SUFFIXES = (".po",)


@pytest.fixture(scope="module")
def wheel_files(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    """The file names inside a wheel built from a copy of the tree (so `build/` and `*.egg-info` never land in the
    working tree), with the virtualenv's own setuptools and no index."""
    tmp = tmp_path_factory.mktemp("wheel")
    source, out = tmp / "source", tmp / "out"
    shutil.copytree(ROOT, source, ignore=lambda _folder, names: [n for n in names if is_generated(n)])
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index"]
    command += ["--check-build-dependencies", "--no-cache-dir", "-q", "-w", str(out), str(source)]
    subprocess.run(command, check=True, capture_output=True, text=True, timeout=300)
    (wheel,) = out.glob("kibitz-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


def packaged_sources() -> list[str]:
    """Every file of the top-level packages and of the project-wide folders that the wheel must carry."""
    names = []
    for top in [*top_level_packages(), *project_data_dirs()]:
        for path in tree_files(ROOT / top):
            if path.suffix not in UNPACKAGED_SUFFIXES and not path.name.endswith(".pyc"):
                names.append(path.relative_to(ROOT).as_posix())
    return sorted(names)


def test_it_packages_every_app_and_the_project_package(wheel_files):
    assert {"accounts", "games", "ledger", "social"} <= set(project_apps())
    for app in [*project_apps(), "platform_config"]:
        assert f"{app}/__init__.py" in wheel_files, f"{app} is not in the wheel"


def test_it_packages_every_file_of_the_apps_and_of_the_project_folders(wheel_files):
    expected = packaged_sources()
    missing = [name for name in expected if name not in wheel_files]
    assert not missing, f"files of the tree missing from the wheel: {missing}"


def test_it_packages_templates_static_files_and_compiled_catalogs_where_the_settings_read_them(wheel_files):
    assert project_data_dirs() == ["locale", "static", "templates"]
    assert "templates/base.html" in wheel_files
    for kind, suffix in (("templates", ".html"), ("static", ".css"), ("static", ".js"), ("locale", ".mo")):
        assert any(n.startswith(f"{kind}/") and n.endswith(suffix) for n in wheel_files), (kind, suffix)
    for app in ("ledger", "social"):
        for kind in ("templates", "static"):
            assert any(n.startswith(f"{app}/{kind}/") for n in wheel_files), (
                f"{app} has no {kind} in the wheel"
            )


def test_it_ships_a_compiled_catalog_for_every_catalog_source(wheel_files):
    sources = [p for p in tree_files() if p.suffix == ".po"]
    assert sources
    for po in sources:
        mo = po.with_suffix(".mo").relative_to(ROOT).as_posix()
        assert mo in wheel_files, f"{mo} (compiled {po.name}) is not in the wheel"


def test_it_holds_nothing_but_the_packages_and_the_project_folders(wheel_files):
    tops = {Path(name).parts[0] for name in wheel_files if not Path(name).parts[0].endswith(".dist-info")}
    assert tops == {*top_level_packages(), *project_data_dirs()}
    assert not tops & {"tests", "benchmarks", "docs"}
    assert not [n for n in wheel_files if n.endswith(UNPACKAGED_SUFFIXES)]
