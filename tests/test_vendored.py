"""The vendored browser libraries (static/vendor/) are exact copies of the npm packages package-lock.json pins
(tests/vendor.py). The comparison needs `npm ci`; without node_modules/ it skips, except under
KIBITZ_REQUIRE_SERVICES=1 (CI, where `make test` has run `npm ci` first), where it fails."""

from __future__ import annotations

import json

import pytest
from django.conf import settings

from tests import vendor


def test_every_vendored_file_equals_its_npm_package_file():
    if not vendor.NODE_MODULES.is_dir():
        if settings.KIBITZ_REQUIRE_SERVICES:
            pytest.fail("node_modules/ is missing: run `npm ci`")
        pytest.skip("node_modules/ is missing: run `npm ci`")
    assert vendor.differences() == []


def test_every_vendored_package_is_a_pinned_dependency_of_the_site():
    manifest = json.loads((vendor.ROOT / "package.json").read_text(encoding="utf-8"))
    for package in vendor.FILES:
        assert manifest["dependencies"][package] == vendor.pinned_version(package)
