"""Fixtures of the social tests: the tables tests' named users and test game ("Follow")."""

from __future__ import annotations

import pytest

from tests.tables.conftest import fast_bots, fast_password_hashing, users  # noqa: F401  (fixtures)


@pytest.fixture
def redis_layer(redis_url, settings):
    """The real Redis channel layer (database 3, its own prefix) for consumer tests."""
    base, _, _db = redis_url.rpartition("/")
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [f"{base}/3"], "prefix": "kibitz-social-test"},
        }
    }
    return settings
