"""Every user gets a Profile the moment it is created (sign-up, demo data, admin); a player who signs up starts
with the language the browser asked for (LocaleMiddleware's choice among settings.LANGUAGES)."""

from __future__ import annotations

from typing import Any

from allauth.account.signals import user_signed_up
from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from .models import Profile


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def create_profile(sender: type, instance: Any, created: bool, **kwargs: Any) -> None:
    """Create the user's Profile on first save (idempotent)."""
    if created:
        Profile.objects.get_or_create(user=instance)


@receiver(user_signed_up)
def take_the_browsers_language(sender: type, request: Any, user: Any, **kwargs: Any) -> None:
    """Start the new player's profile in the language the site chose for the sign-up request."""
    language = getattr(request, "LANGUAGE_CODE", None)
    if language in dict(settings.LANGUAGES):
        Profile.objects.filter(user=user).update(language=language)
