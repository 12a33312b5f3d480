"""Test players: a user who may play for money has a verified e-mail address (ledger.players)."""

from __future__ import annotations

from typing import Any

from accounts.verification import mark_verified


def verified(user: Any) -> Any:
    """Give `user` a verified address `<username>@example.invalid`; returns the user."""
    mark_verified(user, f"{user.username}@example.invalid")
    return user
