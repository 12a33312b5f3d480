"""WebSocket routes."""

from django.urls import path

from .consumers.lobby import LobbyConsumer
from .consumers.table import TableConsumer

websocket_urlpatterns = [
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),
]
