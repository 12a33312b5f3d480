"""Staff views of players."""

from typing import Any

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.http import HttpRequest

from signup.players import open_player_account

from .models import Profile, User


@admin.register(User)
class PlayerUserAdmin(UserAdmin):
    """Django's user admin; a user added here is a person's account and gets a player's start
    (signup.players.open_player_account) in the admin's transaction."""

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        if not change:
            open_player_account(obj)


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "display_name", "language", "sound", "bot_level")
