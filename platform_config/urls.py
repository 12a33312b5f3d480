"""URL routes of the site."""

from django.contrib import admin
from django.http import HttpResponse
from django.urls import include, path


def home(request):
    """Placeholder home page until the lobby lands (tables issue)."""
    return HttpResponse("Kibitz")


urlpatterns = [
    path("admin/", admin.site.urls),
    path("ledger/", include("ledger.urls")),
    path("", home, name="home"),
]
