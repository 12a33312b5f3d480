"""One version's frame text per recipient kind, built once in this process (docs/decisions-tables.md "Sockets").

Every socket of a table gets the same notification for a version; what it sends depends only on the table's
rows at that version (one load, `games.reads.projection.table_at`), the seat it sees (a spectator: None),
the version it had (`since`, for the events) and whether it is read-only. The text for that key is built on the
first socket's demand and kept, so the four sockets one person may hold at a seat and every spectator share
one build; the seat-holder check reads the same load's seat → user map. A socket's fan-out costs no query once
its process has the version.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.reads.projection import (
    TableAt,
    build_frame,
    cached_table_at,
    forget_loads,
    holds_seat,
    stood_up_reason,
    table_at,
)
from games.realtime.built_once import MISSING, BuiltOnce
from games.realtime.jsonframes import dumps

TEXT_CACHE_SIZE = 4096

FrameKey = tuple[int, int, int | None, int | None, bool]  # (table, version, seat, since, read only)


@dataclass(frozen=True)
class Delivery:
    """What one socket does for a version: `lost_seat` (its user no longer holds the seat: it drops to the
    public view), `stood_up` (the ledger's reason when they were stood up for want of funds, else None), and
    `text` at `version` (None: the socket is not behind, nothing to send)."""

    lost_seat: bool
    stood_up: str | None
    version: int
    text: str | None


_texts: BuiltOnce[FrameKey, str] = BuiltOnce(TEXT_CACHE_SIZE)


def forget_frames() -> None:
    """Drop every cached load and frame text (tests: see projection.forget_loads)."""
    forget_loads()
    _texts.clear()


def deliver(
    table_id: int,
    user: Any,
    seat: int | None,
    since: int | None,
    newer_than: int,
    read_only: bool,
    announced: int | None = None,
) -> Delivery | None:
    """The delivery for one socket of `user` seeing `seat` (None: a spectator) that last sent version
    `newer_than`: the frame (`projection.table_frame`'s shape with `read_only`, as compact JSON text) with the
    events after `since` (None or negative: none), built once per (table, version, seat, since, read_only) in
    this process. `announced` is the version a notification named (its load is used when cached: no query).
    Returns None when the table does not exist. Runs in a worker thread (database)."""
    loaded = table_at(table_id, announced)
    if loaded is None:
        return None
    lost = seat is not None and not holds_seat(table_id, user, seat, loaded)
    reason = stood_up_reason(table_id, user, seat, loaded) if lost and seat is not None else None
    seen = None if lost else seat  # never project a seat's view for a user who lost that seat
    if loaded.version <= newer_than:
        return Delivery(lost, reason, loaded.version, None)
    key = _key(loaded, seen, since, read_only)
    text = _texts.get_or_build(key, lambda: _build_text(loaded, key))
    return Delivery(lost, reason, loaded.version, text)


def deliver_cached(
    table_id: int,
    user: Any,
    seat: int | None,
    since: int | None,
    newer_than: int,
    read_only: bool,
    announced: int | None,
) -> Delivery | None:
    """`deliver`'s answer when this process can give it without the database and without waiting for another
    thread's build, else None (the caller then calls `deliver` in a database thread): the announced version's
    load is cached, the user still holds `seat`, and the frame's events are in the load. Runs on the event loop,
    so a notification's fan-out to the sockets of a table costs no thread hop once the first has the text."""
    loaded = cached_table_at(table_id, announced)
    if loaded is None or (seat is not None and not holds_seat(table_id, user, seat, loaded)):
        return None
    if loaded.version <= newer_than:
        return Delivery(False, None, loaded.version, None)
    key = _key(loaded, seat, since, read_only)
    text = _texts.cached(key)
    if text is MISSING:
        if not loaded.builds_without_query(key[3]):
            return None
        # another thread building it: the caller waits there, not on the event loop
        text = _texts.try_get_or_build(key, lambda: _build_text(loaded, key))
        if text is MISSING:
            return None
    return Delivery(False, None, loaded.version, text)


def _key(loaded: TableAt, seat: int | None, since: int | None, read_only: bool) -> FrameKey:
    return (
        loaded.table.pk,
        loaded.version,
        seat,
        since if since is not None and since >= 0 else None,
        read_only,
    )


def _build_text(loaded: TableAt, key: FrameKey) -> str:
    frame = build_frame(loaded, key[2], key[3])
    frame["read_only"] = key[4]
    return dumps(frame)
