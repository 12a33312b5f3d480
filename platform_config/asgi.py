"""ASGI entry point: HTTP through Django, WebSockets through Channels (session auth, Origin checked, outages
answered with 4503)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "platform_config.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402  (needs the apps loaded first)

from games.routing import websocket_urlpatterns  # noqa: E402
from platform_config.origin import SameOriginValidator  # noqa: E402
from platform_config.unavailable import SocketOutageGuard, socket_auth_stack  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # A socket opened from another site's page is refused: its Origin is not the site's scheme, host and port.
        # A handshake that meets an outage of PostgreSQL or Redis is closed with 4503 (docs/deploy.md "Outages").
        "websocket": SocketOutageGuard(
            SameOriginValidator(socket_auth_stack(URLRouter(websocket_urlpatterns)))
        ),
    }
)
