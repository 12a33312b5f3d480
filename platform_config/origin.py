"""The socket Origin check: a WebSocket may only be opened from the site's own pages, compared by scheme, host and
port (channels' AllowedHostsOriginValidator compares the host alone, so `http://127.0.0.1:9999` passed).

The site's own origin is the socket request's: its Host header (port included) and its scheme, `https` when the
connection is TLS or a trusted proxy said so through settings.SECURE_PROXY_SSL_HEADER. settings.KIBITZ_SOCKET_ORIGINS
lists extra allowed origins. The Host itself must be one of settings.ALLOWED_HOSTS.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}


def normalize_origin(origin: str) -> tuple[str, str, int] | None:
    """`scheme://host[:port]` → (scheme, host, port) in lower case with the scheme's default port filled in;
    None for anything else (no scheme or host, a path, a port out of range, a scheme other than http(s))."""
    try:
        parts = urlsplit(origin.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parts.hostname or parts.path not in ("", "/"):
        return None
    if parts.query or parts.fragment or parts.username or parts.password:
        return None
    return scheme, parts.hostname.lower(), port if port is not None else DEFAULT_PORTS[scheme]


def _headers(scope: dict[str, Any]) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}


def site_origin(scope: dict[str, Any]) -> tuple[str, str, int] | None:
    """The origin this socket request is addressed to, from its Host header and scheme (see the module); None
    when the Host is missing or not allowed."""
    headers = _headers(scope)
    host = headers.get("host", "")
    domain, _port = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return None
    secure = scope.get("scheme") in ("wss", "https")
    proxy = settings.SECURE_PROXY_SSL_HEADER
    if proxy is not None:
        meta_name, value = proxy
        header = meta_name.removeprefix("HTTP_").replace("_", "-").lower()
        secure = headers.get(header, "").split(",")[0].strip() == value
    return normalize_origin(f"{'https' if secure else 'http'}://{host}")


def origin_allowed(scope: dict[str, Any]) -> bool:
    """Whether the socket's Origin header is the site's own origin or one of settings.KIBITZ_SOCKET_ORIGINS."""
    origin = normalize_origin(_headers(scope).get("origin", ""))
    if origin is None:
        return False
    extra = {normalize_origin(o) for o in settings.KIBITZ_SOCKET_ORIGINS}
    return origin == site_origin(scope) or origin in extra


class SameOriginValidator:
    """ASGI middleware for the "websocket" protocol: refuse (HTTP 403 at the handshake) a socket whose Origin is
    not allowed (`origin_allowed`); pass the others on to `application`."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] == "websocket" and not origin_allowed(scope):
            denier = WebsocketDenier()
            return await denier(scope, receive, send)
        return await self.application(scope, receive, send)
