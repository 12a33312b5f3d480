"""URL routes of the site."""

from allauth.account.decorators import secure_admin_login
from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

from games import staff_views

from .health import healthz

# The admin has no log-in form of its own: it sends people to the site's (allauth's) log-in, which carries the
# rate limits and lockouts (settings.ACCOUNT_RATE_LIMITS), and refuses signed-in non-staff.
admin.site.login = secure_admin_login(admin.site.login)  # type: ignore[method-assign]

# A page that meets an outage of PostgreSQL or Redis gets the 503 page, any other failure Django's 500 page.
handler500 = "platform_config.unavailable.server_error"

urlpatterns = [
    path("healthz", healthz, name="healthz"),
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
