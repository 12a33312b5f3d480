"""Migration tests move the test database back to an older schema and forward again: `migrate_to` does one step,
and `migrate_to_latest` (the `latest_schema_after` fixture of tests/tables/conftest.py) puts the database back on
every app's latest migration afterwards, so the tests that run next see the schema the models describe."""

from __future__ import annotations

from django.apps.registry import Apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate_to(targets: list[tuple[str, str]]) -> Apps:
    """Migrate the test database to `targets` ([(app label, migration name)]) and return the app registry of that
    state, for historical models."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def migrate_to_latest() -> None:
    """Migrate every app of the test database to its latest migration."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
