"""Refusals of the table service (as opposed to the engine's rule refusals, games.engines.core.errors)."""

from __future__ import annotations

from games.engines.core.errors import RuleError


class ServiceError(RuleError):
    """A request the table refuses before the engine is asked; nothing changed.

    Codes: `stale_version` (the client's version is not the table's), `not_seated` (the user has no seat),
    `table_full`, `not_open` (the table is not waiting for players), `no_round` (no deal is being played),
    `not_allowed` (e.g. fixing a deal without KIBITZ_ALLOW_FIXED_DEALS), `bad_request` (a malformed argument).
    """
