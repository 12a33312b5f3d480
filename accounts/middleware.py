"""Switch the site's language to the logged-in player's profile language."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import translation


class ProfileLanguageMiddleware:
    """After LocaleMiddleware: a logged-in player's Profile.language wins over the browser's preference."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        profile = getattr(user, "profile", None) if user is not None and user.is_authenticated else None
        if profile is not None and profile.language:
            translation.activate(profile.language)
            request.LANGUAGE_CODE = profile.language
        return self.get_response(request)
