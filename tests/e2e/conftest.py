"""Browser test fixtures: one live site per test module and Debian's Chromium (never a downloaded one)."""

from __future__ import annotations

import os

import pytest

from .site import CHROMIUM, CHROMIUM_ARGS, OUTPUT, LiveSite


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    live = LiveSite()
    live.start(tmp_path_factory.mktemp("site"))
    yield live
    live.stop()


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail("Debian's chromium is needed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def output_dir():
    OUTPUT.mkdir(parents=True, exist_ok=True)
    return OUTPUT
