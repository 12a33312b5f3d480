"""Fixtures of the tables tests: named users (the test game is registered by tests/settings.py)."""

from __future__ import annotations

import os

import pytest
from django.conf import settings

from tests.migrating import migrate_to_latest
from tests.players import verified

# Sockets read the database from worker threads that outlive a test; persistent connections there would
# keep the test database open at teardown. Tests close each connection after use, as before.
settings.DATABASES["default"]["CONN_MAX_AGE"] = 0


@pytest.fixture
def users(db):
    """alice, bob, carol and dave as a dict of User by name."""
    from accounts.models import User
    from signup.players import open_player_account

    users = {
        name: User.objects.create_user(name, password="pw-for-tests-only")
        for name in ("alice", "bob", "carol", "dave")
    }
    for user in users.values():
        open_player_account(user)
        verified(user)
    return users


@pytest.fixture
def fast_bots(settings):
    settings.KIBITZ_BOT_PAUSE_SECONDS = 0
    settings.KIBITZ_NEXT_DEAL_SECONDS = 0
    return settings


@pytest.fixture
def fast_people(settings):
    """Table runs whose scripted people move as fast as the machine allows: far past a person's pace, so the
    socket's frame rate limit (20 at once, 10 a second) is raised for them; its own tests keep the real one."""
    settings.KIBITZ_FRAME_RATE = (10_000, 10_000.0)
    return settings


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Password hashing at full strength takes most of a test's setup; these users guard nothing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def redis_layer(redis_url, settings):
    """The real Redis channel layer for consumer tests, on REDIS_URL's own database with a prefix of this
    process (test runs in parallel do not hear each other)."""
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {
                "hosts": [{"address": redis_url, **settings.REDIS_SOCKET_OPTIONS}],
                "prefix": f"kibitz-test-{os.getpid()}",
            },
        }
    }
    return settings


@pytest.fixture
def latest_schema_after():
    """A migration test leaves the database on every app's latest migration (tests/migrating.py)."""
    yield
    migrate_to_latest()
