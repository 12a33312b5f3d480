"""Fixtures of the catalog tests: the repository's catalogs and the gettext tools that makemessages runs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from django.conf import settings

# The tables' test settings: fast password hashing, and no persistent connections in the lobby socket's worker
# threads (they would keep the test database open at teardown).
from tests.tables.conftest import fast_password_hashing  # noqa: F401  (autouse fixture)

REPO = Path(__file__).resolve().parents[2]
LANGUAGES = ("de", "nl", "pt", "fr")  # settings.LANGUAGES without the source language
LOCALE_ROOTS = ("locale",)  # settings.LOCALE_PATHS: one catalog per language and domain, no app catalogs
DOMAINS = ("django", "djangojs")
GETTEXT_TOOLS = ("xgettext", "msguniq", "msgmerge", "msgattrib", "msgfmt")


def catalog_paths() -> list[Path]:
    """Every catalog the site ships: <root>/<lang>/LC_MESSAGES/<domain>.po for each locale root, language and
    domain (the paths, whether or not the file exists, so a missing catalog fails instead of being skipped)."""
    return [
        REPO / root / lang / "LC_MESSAGES" / f"{domain}.po"
        for root in LOCALE_ROOTS
        for lang in LANGUAGES
        for domain in DOMAINS
    ]


@pytest.fixture(scope="session")
def gettext_tools() -> None:
    """Require GNU gettext (Debian's `gettext` package): skipped without it, failed under
    KIBITZ_REQUIRE_SERVICES=1 (CI installs it in .ci/run)."""
    missing = [tool for tool in GETTEXT_TOOLS if shutil.which(tool) is None]
    if missing:
        message = f"GNU gettext tools missing: {', '.join(missing)} (apt-get install gettext)"
        if settings.KIBITZ_REQUIRE_SERVICES:
            pytest.fail(message + " but KIBITZ_REQUIRE_SERVICES=1")
        pytest.skip(message)
