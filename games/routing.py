"""WebSocket routes; the last one catches every other path (closed with 4404)."""

from django.urls import path, re_path

from .consumers.lobby import LobbyConsumer
from .consumers.table import TableConsumer
from .consumers.unknown import UnknownPathConsumer

websocket_urlpatterns = [
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),
    re_path(r"", UnknownPathConsumer.as_asgi()),
]
