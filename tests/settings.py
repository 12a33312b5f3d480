"""The tests' settings: the site's (platform_config.settings) plus the tests' own game, registered and served the
way README.md "Adding a game" says, so that no file outside tests/ names it."""

from __future__ import annotations

from platform_config.settings import *  # noqa: F403
from platform_config.settings import BASE_DIR, STATICFILES_DIRS

KIBITZ_GAME_PACKAGES = ["tests.tables.minigame"]
STATICFILES_DIRS = [*STATICFILES_DIRS, BASE_DIR / "tests" / "tables" / "minigame" / "static"]
