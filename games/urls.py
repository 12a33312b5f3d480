"""Pages of the game rooms: the lobby, tables and hand histories."""

from django.http import HttpRequest, HttpResponse
from django.urls import path


def lobby(request: HttpRequest) -> HttpResponse:
    return HttpResponse("Kibitz")


urlpatterns = [path("", lobby, name="lobby")]
