"""Refusals of the table service (as opposed to the engine's rule refusals, games.engines.core.errors)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from games.engines.core.errors import RuleError
from social.errors import SocialError


class ServiceError(RuleError):
    """A request the table refuses before the engine is asked; nothing changed.

    Codes: `stale_version` (the client's version is not the table's), `not_seated` (the user has no seat),
    `table_full`, `not_open` (the table is not waiting for players), `no_round` (no deal is being played),
    `not_allowed` (e.g. fixing a deal without KIBITZ_ALLOW_FIXED_DEALS), `bad_request` (a malformed argument),
    `out_of_range` (a rated table's rating range does not admit the person, games.reads.rating_range);
    the access refusals of games.reads.access; and a social service's codes re-raised by `from_social`.
    """


@contextmanager
def from_social() -> Iterator[None]:
    """Re-raise a social service's refusal (social.errors.SocialError) inside the block as a ServiceError with
    the same code and message, so callers of the table service catch one kind."""
    try:
        yield
    except SocialError as error:
        raise ServiceError(error.code, error.message) from None
