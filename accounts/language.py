"""The language a player's texts are built in where no request (and so no LocaleMiddleware) is at hand."""

from __future__ import annotations

from typing import Any

from django.conf import settings


def profile_language(user: Any) -> str:
    """The language code of `user`'s Profile (one of settings.LANGUAGES), or settings.LANGUAGE_CODE for an
    anonymous user, a user without a profile or a blank language. Reads the profile (one query unless cached),
    so call it from synchronous code. As accounts.middleware.ProfileLanguageMiddleware does for pages."""
    if user is None or not getattr(user, "is_authenticated", False):
        return settings.LANGUAGE_CODE
    profile = getattr(user, "profile", None)  # RelatedObjectDoesNotExist is an AttributeError
    return getattr(profile, "language", "") or settings.LANGUAGE_CODE
