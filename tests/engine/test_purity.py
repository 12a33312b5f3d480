"""Engines are pure: importing every engine in a fresh interpreter loads no Django, Channels or Celery."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from games.engines.core.registry import engine_packages

ROOT = Path(__file__).resolve().parents[2]


def test_it_imports_every_engine_without_django():
    packages = ["games.engines.core", *engine_packages()]
    probe = (
        "import importlib, json, sys\n"
        f"for name in {packages!r}:\n"
        "    importlib.import_module(name)\n"
        "    importlib.import_module(name + '.bots') if name != 'games.engines.core' else None\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'channels', 'celery'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []
    assert len(packages) >= 1
