"""The admin's users: a user added here ("Add user") is a person's account and gets a player's start. Registered
here, not in accounts.admin, because the start books the starting balance, which `accounts` may not reach; the
pages stay at /admin/accounts/user/ (the model's app)."""

from typing import Any

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.http import HttpRequest

from accounts.models import User

from .players import open_player_account


@admin.register(User)
class PlayerUserAdmin(UserAdmin):
    """Django's user admin; a user added here is a person's account and gets a player's start
    (signup.players.open_player_account) in the admin's transaction. Groups, permissions and the staff and
    superuser flags are shown read-only: staff roles are given on the staff-roles page only, where each grant is
    recorded and the ones that can move money wait for a second administrator (docs/decisions-ledger.md
    "Separation of duties")."""

    readonly_fields = ("groups", "user_permissions", "is_staff", "is_superuser", "last_login", "date_joined")
    filter_horizontal = ()

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        """Save the user as Django's user admin does; a new one (not `change`) also gets its player's start.
        Raises nothing of its own: a user added here has no bot level."""
        super().save_model(request, obj, form, change)
        if not change:
            open_player_account(obj)
