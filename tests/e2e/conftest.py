"""Browser test fixtures: one live site per test module (Debian's Chromium is the `browser` fixture of
tests/conftest.py)."""

from __future__ import annotations

import pytest

from .site import OUTPUT, running_site


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    yield from running_site(tmp_path_factory)


@pytest.fixture
def output_dir():
    OUTPUT.mkdir(parents=True, exist_ok=True)
    return OUTPUT
