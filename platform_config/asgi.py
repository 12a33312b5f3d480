"""ASGI entry point: HTTP through Django, WebSockets through Channels (session auth, Origin checked)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "platform_config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402  (needs the apps loaded first)
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from games.routing import websocket_urlpatterns  # noqa: E402
from platform_config.origin import SameOriginValidator  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # A socket opened from another site's page is refused: its Origin is not the site's scheme, host and port.
        "websocket": SameOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)
