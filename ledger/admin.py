"""The Django admin shows ledger rows read-only: money moves only through ledger.services."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from ledger import models


class ReadOnlyAdmin(admin.ModelAdmin):
    """Lists and shows rows; no add, change or delete."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(models.Account)
class AccountAdmin(ReadOnlyAdmin):
    list_display = ("name", "kind", "is_bot", "currency", "balance")
    list_filter = ("kind", "is_bot")
    search_fields = ("name",)


@admin.register(models.Transaction)
class TransactionAdmin(ReadOnlyAdmin):
    list_display = ("pk", "key", "kind", "actor", "created_at", "reverses")
    list_filter = ("kind",)
    search_fields = ("key",)


@admin.register(models.Posting)
class PostingAdmin(ReadOnlyAdmin):
    list_display = ("pk", "transaction", "account", "amount", "balance_after")


@admin.register(models.SettlementUnit)
class SettlementUnitAdmin(ReadOnlyAdmin):
    list_display = ("unit_id", "table_key", "status", "stake", "limit", "value", "rate_bp", "commission")
    list_filter = ("status",)


for model in (
    models.UnitSeat,
    models.CommissionSchedule,
    models.CommissionBand,
    models.LossLimit,
    models.SelfExclusion,
    models.AdjustmentRequest,
):
    admin.site.register(model, ReadOnlyAdmin)
