"""Staff views of players. The User admin, whose "Add user" opens a player's account (and so books the starting
balance), is registered by signup.admin: `accounts` imports nothing of `ledger`."""

from django.contrib import admin

from .models import Profile


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "display_name", "language", "sound", "bot_level")
