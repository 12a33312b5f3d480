"""Every user gets a Profile the moment it is created (players, staff, bot accounts), so `user.profile` always
exists. What a player gets at sign-up (the profile's language, the starting balance) is an explicit call:
signup.players.open_player_account."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from .models import Profile


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def create_profile(sender: type, instance: Any, created: bool, **kwargs: Any) -> None:
    """Create the user's Profile on first save (idempotent)."""
    if created:
        Profile.objects.get_or_create(user=instance)
