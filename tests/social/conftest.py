"""Fixtures of the social tests: the tables tests' named users and test game ("Follow")."""

from __future__ import annotations

from tests.tables.conftest import fast_bots, fast_password_hashing, redis_layer, users  # noqa: F401  (fixtures)
