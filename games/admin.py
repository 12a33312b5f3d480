"""Staff views of tables: read-only, since only the table service may change them."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from .models import Event, Match, Round, Seat, Table


class ReadOnly(admin.ModelAdmin):
    """Staff may look; every change goes through games.services."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Table)
class TableAdmin(ReadOnly):
    list_display = ("id", "game", "status", "stake", "limit", "access", "bot_level", "version", "created_at")
    list_filter = ("game", "status", "access")


@admin.register(Round)
class RoundAdmin(ReadOnly):
    list_display = ("id", "table", "number", "dealer", "status", "deck_hash", "started_at", "finished_at")
    list_filter = ("status",)


@admin.register(Event)
class EventAdmin(ReadOnly):
    list_display = ("table", "version", "kind", "seat", "created_at")
    list_filter = ("kind",)


admin.site.register(Seat, ReadOnly)
admin.site.register(Match, ReadOnly)
