"""URL routes of the site."""

from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

from games import staff_views

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("accounts/", include("accounts.urls")),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    # The staff page of one player reads the ledger and the tables, so it is routed here, beside the ledger's own.
    path("ledger/staff/players/<int:user_id>/", staff_views.player_page, name="staff_player"),
    path("ledger/", include("ledger.urls")),
    path("", include("social.urls")),
    path("", include("games.urls")),
]
