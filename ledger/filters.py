"""Report filters on django-filter (docs/decisions-ledger.md "Reports"): a date range, game, table and player on
every list of deals, and the group (players, bots, staff, house) where accounts are listed. Dates are calendar days
in the site's time zone, both ends included."""

from __future__ import annotations

from typing import Any

import django_filters as df
from django import forms
from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy as _

from ledger.labels import game_label
from ledger.models import (
    Account,
    AdjustmentRequest,
    AdjustmentStatus,
    AuditAction,
    AuditEntry,
    AuditOutcome,
    Posting,
    ReversalRequest,
    SettlementUnit,
    TransactionKind,
    UnitSeat,
)
from ledger.names import GROUPS, group_q

DATE = forms.DateInput(attrs={"type": "date"})


def game_choices() -> list[tuple[str, str]]:
    """The games that have settlement units, as (value, label)."""
    games = SettlementUnit.objects.exclude(game="").values_list("game", flat=True).distinct().order_by("game")
    return [(g, game_label(g)) for g in games]


def table_key(value: str) -> str:
    """ "17" or "table:17" → "table:17" (the ledger's table key)."""
    value = value.strip()
    return f"table:{value}" if value.isdigit() else value


def player_q(value: str, prefix: str) -> Q:
    """Accounts (through `prefix`) whose user name, display name or account name contains `value`."""
    value = value.strip()
    return (
        Q(**{f"{prefix}user__username__icontains": value})
        | Q(**{f"{prefix}user__profile__display_name__icontains": value})
        | Q(**{f"{prefix}name__icontains": value})
    )


class DealFilters(df.FilterSet):
    """Date range, game, table and player for lists whose rows belong to settlement units.

    Subclasses set `unit` (the path to the SettlementUnit, "" for the unit itself) and `account` (the path to
    the seat's account, or None to look through the unit's seats).
    """

    unit = ""
    account: str | None = None

    date_from = df.DateFilter(label=_("From"), method="filter_from", widget=DATE)
    date_to = df.DateFilter(label=_("To"), method="filter_to", widget=DATE)
    game = df.ChoiceFilter(label=_("Game"), choices=game_choices, method="filter_game")
    table = df.CharFilter(label=_("Table"), method="filter_table")
    player = df.CharFilter(label=_("Player"), method="filter_player")

    def _u(self, name: str) -> str:
        return f"{self.unit}__{name}" if self.unit else name

    def filter_from(self, qs: QuerySet[Any], name: str, value: Any) -> QuerySet[Any]:
        return qs.filter(**{self._u("closed_at__date__gte"): value})

    def filter_to(self, qs: QuerySet[Any], name: str, value: Any) -> QuerySet[Any]:
        return qs.filter(**{self._u("closed_at__date__lte"): value})

    def filter_game(self, qs: QuerySet[Any], name: str, value: str) -> QuerySet[Any]:
        return qs.filter(**{self._u("game"): value})

    def filter_table(self, qs: QuerySet[Any], name: str, value: str) -> QuerySet[Any]:
        return qs.filter(**{self._u("table_key"): table_key(value)})

    def filter_player(self, qs: QuerySet[Any], name: str, value: str) -> QuerySet[Any]:
        if self.account is not None:
            return qs.filter(player_q(value, f"{self.account}__"))
        seats = UnitSeat.objects.filter(player_q(value, "account__")).values("unit_id")
        return qs.filter(**{f"{self._u('pk')}__in": seats})


class SettlementFilter(DealFilters):
    """Settled units (ledger.reports.settlements)."""

    class Meta:
        model = SettlementUnit
        fields: list[str] = []


class GroupFilterMixin(df.FilterSet):
    group = df.ChoiceFilter(label=_("Accounts"), choices=list(GROUPS.items()), method="filter_group")
    group_prefix = ""

    def filter_group(self, qs: QuerySet[Any], name: str, value: str) -> QuerySet[Any]:
        return qs.filter(group_q(value, self.group_prefix))


class ResultFilter(GroupFilterMixin, DealFilters):
    """Seats of settled units, grouped per account by the results report."""

    unit = "unit"
    account = "account"
    group_prefix = "account__"

    class Meta:
        model = UnitSeat
        fields: list[str] = []


class AccountFilter(GroupFilterMixin):
    """Accounts by group and name."""

    name = df.CharFilter(label=_("Name"), method="filter_name")

    def filter_name(self, qs: QuerySet[Any], name: str, value: str) -> QuerySet[Any]:
        return qs.filter(player_q(value, ""))

    class Meta:
        model = Account
        fields: list[str] = []


class StatementFilter(df.FilterSet):
    """One account's postings: date range (booking day), kind, and the game and table of a deal's postings."""

    date_from = df.DateFilter(
        label=_("From"), field_name="transaction__created_at", lookup_expr="date__gte", widget=DATE
    )
    date_to = df.DateFilter(
        label=_("To"), field_name="transaction__created_at", lookup_expr="date__lte", widget=DATE
    )
    kind = df.ChoiceFilter(label=_("What"), field_name="transaction__kind", choices=TransactionKind.choices)
    game = df.ChoiceFilter(label=_("Game"), choices=game_choices, method="filter_game")
    table = df.CharFilter(label=_("Table"), method="filter_table")

    def filter_game(self, qs: QuerySet[Any], name: str, value: str) -> QuerySet[Any]:
        units = SettlementUnit.objects.filter(game=value).values("unit_id")
        return qs.filter(transaction__details__unit__in=units)

    def filter_table(self, qs: QuerySet[Any], name: str, value: str) -> QuerySet[Any]:
        return qs.filter(transaction__details__table=table_key(value))

    class Meta:
        model = Posting
        fields: list[str] = []


class AuditFilter(df.FilterSet):
    """Audit entries by day, staff member, action and object."""

    date_from = df.DateFilter(label=_("From"), field_name="created_at", lookup_expr="date__gte", widget=DATE)
    date_to = df.DateFilter(label=_("To"), field_name="created_at", lookup_expr="date__lte", widget=DATE)
    actor = df.CharFilter(label=_("Staff member"), field_name="actor__username", lookup_expr="icontains")
    action = df.ChoiceFilter(label=_("Action"), choices=AuditAction.choices)
    outcome = df.ChoiceFilter(label=_("Outcome"), choices=AuditOutcome.choices)
    object_label = df.CharFilter(label=_("Object"), lookup_expr="icontains")

    class Meta:
        model = AuditEntry
        fields: list[str] = []


class AdjustmentFilter(df.FilterSet):
    """Adjustment requests by day asked, status and player."""

    date_from = df.DateFilter(label=_("From"), field_name="created_at", lookup_expr="date__gte", widget=DATE)
    date_to = df.DateFilter(label=_("To"), field_name="created_at", lookup_expr="date__lte", widget=DATE)
    status = df.ChoiceFilter(label=_("Status"), choices=AdjustmentStatus.choices)
    player = df.CharFilter(label=_("Player"), method="filter_player")

    def filter_player(self, qs: QuerySet[Any], name: str, value: str) -> QuerySet[Any]:
        return qs.filter(player_q(value, "account__"))

    class Meta:
        model = AdjustmentRequest
        fields: list[str] = []


class CommissionFilter(df.FilterSet):
    """The commission chart's range and the game and table it counts."""

    date_from = df.DateFilter(label=_("From"), method="keep", widget=DATE)
    date_to = df.DateFilter(label=_("To"), method="keep", widget=DATE)
    game = df.ChoiceFilter(label=_("Game"), choices=game_choices, field_name="game")
    table = df.CharFilter(label=_("Table"), method="filter_table")

    def keep(self, qs: QuerySet[Any], name: str, value: Any) -> QuerySet[Any]:
        # The range also sets the days drawn (with days without play), so reports.daily_commission applies it.
        return qs

    def filter_table(self, qs: QuerySet[Any], name: str, value: str) -> QuerySet[Any]:
        return qs.filter(table_key=table_key(value))

    class Meta:
        model = SettlementUnit
        fields: list[str] = []


class SafetyFilter(df.FilterSet):
    """Loss limits and exclusions: player, and only those excluded now."""

    player = df.CharFilter(label=_("Player"), method="filter_player")
    excluded = df.BooleanFilter(label=_("Excluded now"), method="filter_excluded", widget=forms.CheckboxInput)

    def filter_player(self, qs: QuerySet[Any], name: str, value: str) -> QuerySet[Any]:
        return qs.filter(Q(username__icontains=value) | Q(profile__display_name__icontains=value))

    def filter_excluded(self, qs: QuerySet[Any], name: str, value: bool) -> QuerySet[Any]:
        return qs.filter(excluded_until__isnull=False) if value else qs

    class Meta:
        model = get_user_model()
        fields: list[str] = []


class ReversalFilter(df.FilterSet):
    """Reversal requests by day asked and status."""

    date_from = df.DateFilter(label=_("From"), field_name="created_at", lookup_expr="date__gte", widget=DATE)
    date_to = df.DateFilter(label=_("To"), field_name="created_at", lookup_expr="date__lte", widget=DATE)
    status = df.ChoiceFilter(label=_("Status"), choices=AdjustmentStatus.choices)

    class Meta:
        model = ReversalRequest
        fields: list[str] = []
