"""What autovacuum does on a production server, for a benchmark on a PostgreSQL server that has it off (docs/deploy.md
"Load"): every move rewrites its round's row, and without vacuums the dead rows and index entries pile up under the
move's lookups while the planner keeps an empty database's statistics. Uses DATABASE_URL."""

from __future__ import annotations

import asyncio
import os
import time

import psycopg

HOT_TABLES = ("games_round", "games_table", "games_event", "games_move", "games_watcher", "social_presence")
"""The tables a load step writes all the time: a move updates its round and table and adds an event and a move."""


def autovacuum_on() -> bool:
    """Whether the database server runs autovacuum (a development server may have it off)."""
    with psycopg.connect(os.environ["DATABASE_URL"]) as conn:
        row = conn.execute("SHOW autovacuum").fetchone()
    return row is not None and row[0] == "on"


def vacuum(tables: tuple[str, ...] = ()) -> None:
    """VACUUM (ANALYZE) `tables` (none: the whole database): what autovacuum does on a production server. Without
    it every round update leaves a dead row and index entries behind, and the planner's statistics stay those of
    an empty database: PostgreSQL's share of the cores grows step after step."""
    with psycopg.connect(os.environ["DATABASE_URL"], autocommit=True) as conn:
        conn.execute(f"VACUUM (ANALYZE) {', '.join(tables)}")


async def vacuum_until(ends: float, every: float) -> None:
    """Stand in for autovacuum until `ends` (time.monotonic()): the hot tables every `every` seconds."""
    while time.monotonic() + every < ends:
        await asyncio.sleep(every)
        await asyncio.to_thread(vacuum, HOT_TABLES)
