"""The request type of a view behind `login_required` (django-stubs' documented pattern).

`HttpRequest.user` is `User | AnonymousUser`; after `login_required` it is always a signed-in `User`, which
this type says once instead of an `assert` in every view.
"""

from __future__ import annotations

from django.http import HttpRequest

from accounts.models import User


class AuthenticatedHttpRequest(HttpRequest):
    """An `HttpRequest` whose `user` is a signed-in `User` (annotate views decorated with `login_required`)."""

    user: User
