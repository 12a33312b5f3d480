"""What a page request or a socket's handshake gets while a backing service is out of reach (docs/deploy.md
"Outages"): the database is waited for up to outages.DATABASE_WAIT_SECONDS before the view runs, and a request that
meets an outage anyway gets the friendly, translated 503 page with `Retry-After`, never a 500 and never a traceback
in the log (the one warning line of outages.note_outage says it); a socket's handshake is closed with 4503."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from channels.auth import AuthMiddleware
from channels.sessions import CookieMiddleware, SessionMiddleware
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.views import defaults

from .outages import is_outage, note_outage, with_database_retry, with_database_retry_async

RETRY_AFTER_SECONDS = 5

TRY_AGAIN_LATER = 4503
"""The close code of a socket whose handshake met an outage, after HTTP's 503 as the site's other codes follow HTTP
(4401, 4403, 4404, 4429): RFC 6455's own 1013 "Try Again Later" is refused by Daphne's websocket library, which
lets a server close only with 1000 or 3000-4999. The page reconnects after it as after any lost connection."""


def service_unavailable() -> HttpResponse:
    """The 503 page in the active language, with `Retry-After: RETRY_AFTER_SECONDS`. Rendered without the
    request: its context processors would read the session and the user, from the database that is out of reach."""
    response = HttpResponse(render_to_string("503.html"), status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def server_error(request: HttpRequest) -> HttpResponse:
    """The site's handler500: the 503 page when the exception being handled is an outage error
    (outages.is_outage; noted once per outage), else Django's own 500 page."""
    error = sys.exc_info()[1]
    if error is not None and is_outage(error):
        note_outage(error)
        return service_unavailable()
    return defaults.server_error(request)


def _ping() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


class DatabaseWaitMiddleware:
    """Before anything reads the session or the user: make sure this request's connection answers, on a fresh
    connection each retry for up to outages.DATABASE_WAIT_SECONDS (a restarted server leaves the pooled
    connections dead; one cheap round trip finds that out); past that the request gets the 503 page at once."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            with_database_retry(_ping)
        except Exception as error:
            if not is_outage(error):
                raise
            note_outage(error)
            return service_unavailable()
        return self.get_response(request)


class SocketOutageGuard:
    """ASGI middleware around the sockets' application: an outage error that escapes it (the channel layer's
    subscription of a new socket, the handshake's session and user) closes the socket with 4503 (try again later)
    (accepted first, so the page reads the code), and is noted once, instead of Daphne's traceback and 1011.
    The consumers answer outages of their own (games.consumers.outages)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        state = {"websocket.accept": False, "websocket.close": False}

        async def tracked(message: dict[str, Any]) -> None:
            if message["type"] in state:
                state[message["type"]] = True
            await send(message)

        try:
            await self.app(scope, receive, tracked)
        except Exception as error:
            if not is_outage(error):
                raise
            note_outage(error)
            if not state["websocket.close"]:
                if not state["websocket.accept"]:
                    await send({"type": "websocket.accept"})
                await send({"type": "websocket.close", "code": TRY_AGAIN_LATER})


class DatabaseWaitAuthMiddleware(AuthMiddleware):
    """Channels' AuthMiddleware whose session and user reading waits for the database as a page does
    (outages.with_database_retry_async): a handshake right after a restart finds the pooled connections dead."""

    async def resolve_scope(self, scope: dict[str, Any]) -> None:
        await with_database_retry_async(super().resolve_scope, scope)


def socket_auth_stack(inner: Any) -> Any:
    """Channels' AuthMiddlewareStack (cookies, session, user) with DatabaseWaitAuthMiddleware for its user."""
    return CookieMiddleware(SessionMiddleware(DatabaseWaitAuthMiddleware(inner)))
