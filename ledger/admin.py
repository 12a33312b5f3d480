"""The Django admin shows ledger rows read-only (money moves only through ledger.services), with money as
currency ("12.50 EUR") and rates as percentages, never raw cents or basis points."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import admin
from django.contrib.auth.models import Group
from django.http import HttpRequest
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django_otp.plugins.otp_static.models import StaticDevice
from django_otp.plugins.otp_totp.models import TOTPDevice

from ledger import models
from ledger.money import format_money, format_rate


class ReadOnlyAdmin(admin.ModelAdmin):
    """Lists and shows rows; no add, change or delete."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


def money(field: str, label: Any, currency: str = "currency") -> Callable[[Any], str]:
    """An admin column showing `field` (minor units) as "12.50 EUR"; `currency` is the attribute path of the
    currency code (default the row's own)."""

    def show(obj: Any) -> str:
        value = getattr(obj, field)
        if value is None:
            return "—"
        code = obj
        for part in currency.split("."):
            code = getattr(code, part, "EUR")
        return f"{format_money(int(value), get_language())} {code}"

    show.short_description = label  # type: ignore[attr-defined]
    show.admin_order_field = field  # type: ignore[attr-defined]
    return show


@admin.register(models.Account)
class AccountAdmin(ReadOnlyAdmin):
    list_display = ("name", "kind", "is_bot", "currency", money("balance", _("balance")))
    list_filter = ("kind", "is_bot")
    search_fields = ("name", "user__username")


@admin.register(models.Transaction)
class TransactionAdmin(ReadOnlyAdmin):
    list_display = ("pk", "key", "kind", "actor", "created_at", "reverses")
    list_filter = ("kind",)
    search_fields = ("key",)


@admin.register(models.Posting)
class PostingAdmin(ReadOnlyAdmin):
    list_display = (
        "pk",
        "transaction",
        "account",
        money("amount", _("amount"), "account.currency"),
        money("balance_after", _("balance after"), "account.currency"),
    )


def rate(obj: Any) -> str:
    return "—" if obj.rate_bp is None else format_rate(obj.rate_bp, get_language())


rate.short_description = _("rate")  # type: ignore[attr-defined]


@admin.register(models.SettlementUnit)
class SettlementUnitAdmin(ReadOnlyAdmin):
    list_display = (
        "unit_id",
        "table_key",
        "game",
        "status",
        money("stake", _("stake")),
        money("limit", _("limit")),
        money("value", "V"),
        rate,
        money("commission", _("commission")),
    )
    list_filter = ("status", "game")


@admin.register(models.UnitSeat)
class UnitSeatAdmin(ReadOnlyAdmin):
    list_display = (
        "unit",
        "seat",
        "account",
        money("reserved", _("reserved"), "unit.currency"),
        money("delta", "Δ", "unit.currency"),
        money("share", _("share"), "unit.currency"),
        money("change", _("wallet change"), "unit.currency"),
    )


@admin.register(models.LossLimit)
class LossLimitAdmin(ReadOnlyAdmin):
    list_display = ("user", "period", money("amount", _("limit"), "user.wallet.currency"), "effective_from")
    list_filter = ("period",)
    search_fields = ("user__username",)


@admin.register(models.SelfExclusion)
class SelfExclusionAdmin(ReadOnlyAdmin):
    list_display = ("user", "starts_at", "ends_at", "set_by", "reason")
    search_fields = ("user__username",)


@admin.register(models.AdjustmentRequest)
class AdjustmentRequestAdmin(ReadOnlyAdmin):
    list_display = (
        "pk",
        "account",
        money("amount", _("amount"), "account.currency"),
        "status",
        "requested_by",
    )
    list_filter = ("status",)


@admin.register(models.AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "actor", "action", "object_label", "reason", "page")
    list_filter = ("action",)


for model in (models.CommissionSchedule, models.CommissionBand, models.ReversalRequest):
    admin.site.register(model, ReadOnlyAdmin)


@admin.register(models.RoleGrant)
class RoleGrantAdmin(ReadOnlyAdmin):
    list_display = ("grantee", "role", "status", "granted_by", "created_at", "decided_by", "decided_at")
    list_filter = ("role", "status")
    search_fields = ("grantee__username",)


# The staff roles are groups: read-only here, given and taken on the staff-roles page only (ledger.staff).
if admin.site.is_registered(Group):
    admin.site.unregister(Group)


@admin.register(Group)
class GroupReadOnlyAdmin(ReadOnlyAdmin):
    list_display = ("name",)
    filter_horizontal = ()


# The second factor's devices are enrolled by their owner on the second-factor page and removed only by a
# four-eyes reset (ledger.second_factor). django-otp's own admins would let any superuser add recovery codes to a
# colleague, read a TOTP device's secret and QR code, or delete a device without the reset: not registered.
for device_model in (StaticDevice, TOTPDevice):
    if admin.site.is_registered(device_model):
        admin.site.unregister(device_model)
