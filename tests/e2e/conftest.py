"""Browser test fixtures: one live site per test module (Debian's Chromium is the `browser` fixture of
tests/conftest.py)."""

from __future__ import annotations

import pytest

from .site import OUTPUT, LiveSite


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    live = LiveSite()
    live.start(tmp_path_factory.mktemp("site"))
    yield live
    live.stop()


@pytest.fixture
def output_dir():
    OUTPUT.mkdir(parents=True, exist_ok=True)
    return OUTPUT
