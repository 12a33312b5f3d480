"""Sign-up hook: every new user gets the starting balance from the promotions account (a setting)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from ledger.players import grant_starting_balance


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="ledger_starting_balance")
def give_starting_balance(
    sender: type, instance: Any, created: bool, raw: bool = False, **kwargs: Any
) -> None:
    """On a new user (not a fixture load), grant KIBITZ_STARTING_BALANCE; bots flagged `is_bot` get nothing."""
    if created and not raw and not getattr(instance, "is_bot", False):
        grant_starting_balance(instance)
