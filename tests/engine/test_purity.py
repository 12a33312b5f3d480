"""Engines are pure: importing every module of every engine in a fresh interpreter loads no Django, Channels or
Celery."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from games.engines.core.registry import engine_packages

ROOT = Path(__file__).resolve().parents[2]


def test_it_imports_every_engine_module_without_django():
    packages = ["games.engines.core", *engine_packages()]
    probe = (
        "import importlib, json, pkgutil, sys\n"
        f"for name in {packages!r}:\n"
        "    package = importlib.import_module(name)\n"
        "    for module in pkgutil.iter_modules(package.__path__):\n"
        "        importlib.import_module(name + '.' + module.name)\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('games.engines.'))\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'channels', 'celery'))\n"
        "print(json.dumps({'loaded': loaded, 'heavy': heavy}))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    found = json.loads(out.stdout)
    assert found["heavy"] == []
    assert (
        "games.engines.rummy.selfplay" in found["loaded"] and "games.engines.core.replay" in found["loaded"]
    )
    assert len(packages) == 5
