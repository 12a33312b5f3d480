"""Report tables on django-tables2 (docs/decisions-ledger.md "Reports"): sorting by the column headers, paging,
and totals per page and overall under each money column, the overall ones summed by the database over the
filtered rows. The same table writes the page's export (ledger.exports), so the file holds the page's figures
in typed cells: all rows, not one page."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import django_tables2 as tables
from django.db.models import Count, F, Q, QuerySet, Sum
from django.urls import reverse
from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.html import format_html
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from ledger import audit_display
from ledger.exports import Money, Rate
from ledger.labels import deal_label, game_label, table_label
from ledger.models import (
    AdjustmentRequest,
    AdjustmentStatus,
    AuditEntry,
    AuditOutcome,
    ScheduleStatus,
    SettlementUnit,
)
from ledger.money import format_money, format_rate
from ledger.names import GROUPS, account_group, owner_name

PER_PAGE = 50


class MoneyColumn(tables.Column):
    """Minor units shown as money in the page's language, exported as a number."""

    def __init__(self, *args: Any, signed: bool = False, **kwargs: Any) -> None:
        kwargs.setdefault(
            "attrs", {"td": {"class": "money"}, "th": {"class": "money"}, "tf": {"class": "money"}}
        )
        self.signed = signed
        super().__init__(*args, **kwargs)

    def render(self, value: int) -> str:
        text = format_money(int(value), get_language())
        return f"+{text}" if self.signed and value > 0 else text

    def value(self, value: int) -> Money:
        return Money(int(value))


class TimeColumn(tables.DateTimeColumn):
    """A time shown in the site's zone with its offset ("2026-03-01 14:05 +01:00"), exported in ISO 8601."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("format", "Y-m-d H:i O")
        super().__init__(*args, **kwargs)

    def value(self, value: Any) -> Any:
        return value


class LedgerTable(tables.Table):
    """A report table: `totals` names the columns summed under the rows (per page and overall)."""

    totals: Sequence[str] = ()

    class Meta:
        template_name = "ledger/staff/table.html"
        attrs = {"class": "ledger report"}
        per_page = PER_PAGE

    def total_source(self, name: str) -> str:
        """The database field summed for the overall total of column `name` (default: the column's accessor)."""
        return str(self.columns[name].accessor).replace(".", "__")

    def overall_totals(self) -> dict[str, int]:
        """Σ of each total column over every filtered row (one SQL aggregate for a queryset)."""
        data = self.data.data
        if isinstance(data, QuerySet):
            sums = data.order_by().aggregate(**{n: Sum(self.total_source(n)) for n in self.totals})
            return {n: int(sums[n] or 0) for n in self.totals}
        return {n: sum(int(self.columns[n].accessor.resolve(r) or 0) for r in data) for n in self.totals}

    def page_totals(self) -> dict[str, int]:
        """Σ of each total column over the rows of the page shown."""
        rows = [r.record for r in self.page.object_list] if getattr(self, "page", None) else list(self.data)
        return {n: sum(int(self.columns[n].accessor.resolve(r) or 0) for r in rows) for n in self.totals}

    def footer_rows(self) -> list[dict[str, Any]]:
        """The two footer lines for the template: label and the formatted cell of each column."""
        if not self.totals:
            return []
        count = len(self.rows)
        lines = [
            (_("Page total"), self.page_totals()),
            (_("Total, all %(n)s rows") % {"n": count}, self.overall_totals()),
        ]
        out = []
        for label, sums in lines:
            cells = [self._total_cell(c, sums) for c in self.columns]
            out.append({"label": label, "cells": cells})
        return out

    @staticmethod
    def _total_cell(bound: Any, sums: dict[str, int]) -> str:
        if bound.name not in sums:
            return ""
        if isinstance(bound.column, MoneyColumn):
            return format_money(sums[bound.name], get_language())
        return str(sums[bound.name])

    def export_header(self) -> list[str]:
        return [str(c.header) for c in self.columns if not c.column.exclude_from_export]

    def export_rows(self) -> Iterator[list[Any]]:
        """Every row (not one page) as typed cells: Money, datetimes, ints, text."""
        names = [c.name for c in self.columns if not c.column.exclude_from_export]
        for row in self.rows:
            yield [row.get_cell_value(n) for n in names]


class AccountColumn(tables.Column):
    """An account as name beside id ("Alice (#12)"), linked to its statement; exported as the name."""

    def render(self, record: Any, value: Any) -> str:
        account = value
        return format_html(
            '<a href="{}">{}</a> <span class="id">#{}</span>',
            reverse("ledger:staff_statement", args=[account.pk]),
            owner_name(account),
            account.pk,
        )

    def value(self, value: Any) -> str:
        return owner_name(value)


class AccountTable(LedgerTable):
    id = tables.Column(verbose_name=_("Account"), attrs={"td": {"class": "id"}})
    owner = tables.Column(verbose_name=_("Name"), accessor="name", empty_values=())
    group = tables.Column(verbose_name=_("Group"), accessor="kind", empty_values=(), orderable=False)
    kind = tables.Column(verbose_name=_("Kind"))
    # The house commission account is one row: its stripes' balances added (ledger.reports.accounts_as_one).
    balance = MoneyColumn(verbose_name=_("Balance"), accessor="shown_balance")
    totals = ("balance",)

    def render_owner(self, record: Any) -> str:
        return format_html(
            '<a href="{}">{}</a>', reverse("ledger:staff_statement", args=[record.pk]), owner_name(record)
        )

    def value_owner(self, record: Any) -> str:
        return owner_name(record)

    def render_group(self, record: Any) -> str:
        return str(GROUPS[account_group(record)])

    value_group = render_group

    def render_kind(self, record: Any) -> str:
        return str(record.get_kind_display())

    value_kind = render_kind

    class Meta(LedgerTable.Meta):
        order_by = ("id",)


def _unit_players(record: SettlementUnit) -> str:
    return ", ".join(owner_name(s.account) for s in record.seat_set.all())


class SettlementTable(LedgerTable):
    closed_at = TimeColumn(verbose_name=_("Settled"))
    game = tables.Column(verbose_name=_("Game"))
    table_key = tables.Column(verbose_name=_("Table"))
    players = tables.Column(verbose_name=_("Players"), accessor="pk", orderable=False)
    stake = MoneyColumn(verbose_name=_("Stake"))
    limit = MoneyColumn(verbose_name=_("Limit"))
    total_won = MoneyColumn(verbose_name=_("Money won (T)"))
    value = MoneyColumn(verbose_name=_("Value (V)"))
    rate_bp = tables.Column(verbose_name=_("Rate (%)"))
    commission = MoneyColumn(verbose_name=_("Commission (C)"))
    unit_id = tables.Column(verbose_name=_("Deal"))
    totals = ("total_won", "commission")

    def render_players(self, record: SettlementUnit) -> str:
        return _unit_players(record)

    def value_players(self, record: SettlementUnit) -> str:
        return _unit_players(record)

    def render_game(self, value: str) -> str:
        return game_label(value)

    value_game = render_game

    def render_table_key(self, value: str) -> str:
        return table_label(value)

    value_table_key = render_table_key

    def render_rate_bp(self, value: int) -> str:
        return format_rate(value, get_language())

    def value_unit_id(self, value: str) -> str:
        return deal_label(value)

    def value_rate_bp(self, value: int) -> Rate:
        return Rate(int(value))

    def render_unit_id(self, record: SettlementUnit, value: str) -> str:
        return format_html(
            '<a href="{}">{}</a>', reverse("ledger:staff_settlement", args=[record.pk]), deal_label(value)
        )

    class Meta(LedgerTable.Meta):
        order_by = ("-closed_at",)


class ResultTable(LedgerTable):
    """Per-account results (values rows of ledger.reports.results_grouped)."""

    account_id = tables.Column(verbose_name=_("Account"))
    name = tables.Column(verbose_name=_("Name"), accessor="account__name", empty_values=())
    deals = tables.Column(verbose_name=_("Deals"))
    won = MoneyColumn(verbose_name=_("Won"))
    lost = MoneyColumn(verbose_name=_("Lost"))
    commission = MoneyColumn(verbose_name=_("Commission borne"))
    net = MoneyColumn(verbose_name=_("Net"), signed=True)
    totals = ("deals", "won", "lost", "commission", "net")

    def __init__(
        self, data: Any, *, seats: QuerySet[Any], names: dict[int, str] | None = None, **kw: Any
    ) -> None:
        self.seats = seats
        self.names = names or {}
        super().__init__(data, **kw)

    def _name(self, record: dict[str, Any]) -> str:
        return (
            self.names.get(record["account_id"])
            or record["account__user__username"]
            or record["account__name"]
        )

    def render_name(self, record: dict[str, Any]) -> str:
        url = reverse("ledger:staff_statement", args=[record["account_id"]])
        return format_html('<a href="{}">{}</a>', url, self._name(record))

    def value_name(self, record: dict[str, Any]) -> str:
        return self._name(record)

    def overall_totals(self) -> dict[str, int]:
        # The grouped queryset cannot be aggregated again; sum the seats it groups instead.
        seats = self.seats.filter(unit__status="settled")
        sums = seats.aggregate(
            deals=Count("pk"),
            won=Sum("change", filter=Q(change__gt=0)),
            lost=Sum(-F("change"), filter=Q(change__lt=0)),
            commission=Sum("share"),
            net=Sum("change"),
        )
        return {n: int(sums[n] or 0) for n in self.totals}

    class Meta(LedgerTable.Meta):
        order_by = ("-net",)


class StatementTable(LedgerTable):
    """One account's postings (Posting rows)."""

    created_at = TimeColumn(verbose_name=_("Time"), accessor="transaction__created_at")
    kind = tables.Column(verbose_name=_("What"), accessor="transaction__kind")
    reason = tables.Column(verbose_name=_("Reason"), accessor="transaction__reason")
    amount = MoneyColumn(verbose_name=_("Amount"), signed=True)
    balance_after = MoneyColumn(verbose_name=_("Balance"))
    unit = tables.Column(verbose_name=_("Deal"), accessor="transaction__details__unit", orderable=False)
    transaction = tables.Column(verbose_name=_("Transaction"), accessor="transaction_id")
    totals = ("amount",)

    def render_kind(self, record: Any) -> str:
        return str(record.transaction.get_kind_display())

    value_kind = render_kind

    def render_unit(self, value: str) -> str:
        return deal_label(value)

    value_unit = render_unit

    def value_transaction(self, value: int) -> int:
        return value

    def render_transaction(self, value: int) -> str:
        return format_html('<a href="{}">#{}</a>', reverse("ledger:staff_transaction", args=[value]), value)

    def overall_totals(self) -> dict[str, int]:
        return {"amount": int(self.data.data.order_by().aggregate(s=Sum("amount"))["s"] or 0)}

    class Meta(LedgerTable.Meta):
        order_by = ("-created_at",)


class AccountStatementTable(StatementTable):
    """The staff statement of one account (ledger.reports.account_postings): for the striped house account every
    stripe's postings, with the running balance of the house as one."""

    balance_after = MoneyColumn(verbose_name=_("Balance"), accessor="shown_balance_after")

    class Meta(StatementTable.Meta):
        pass


def audit_amount(record: AuditEntry) -> int | None:
    """The amount an audit entry is about (minor units, `details["amount"]`), or None."""
    amount = (record.details or {}).get("amount")
    return amount if isinstance(amount, int) and not isinstance(amount, bool) else None


class AuditTable(LedgerTable):
    created_at = TimeColumn(verbose_name=_("When"))
    actor = tables.Column(verbose_name=_("Staff member"), accessor="actor__username", default="—")
    action = tables.Column(verbose_name=_("Action"))
    outcome = tables.Column(verbose_name=_("Outcome"))
    object_label = tables.Column(verbose_name=_("Object"), empty_values=())
    amount = tables.Column(
        verbose_name=_("Amount"),
        accessor="pk",
        orderable=False,
        attrs={"td": {"class": "money"}, "th": {"class": "money"}},
    )
    reason = tables.Column(verbose_name=_("Reason"), empty_values=())
    details = tables.Column(verbose_name=_("Details"), accessor="pk", orderable=False)
    page = tables.Column(verbose_name=_("Page"))

    def render_object_label(self, record: AuditEntry) -> str:
        return audit_display.target(record)

    value_object_label = render_object_label

    def render_reason(self, record: AuditEntry) -> str:
        return audit_display.reason(record)

    value_reason = render_reason

    def render_details(self, record: AuditEntry) -> str:
        return audit_display.summary(record)

    value_details = render_details

    def render_action(self, record: AuditEntry) -> str:
        return str(record.get_action_display())

    value_action = render_action

    def render_outcome(self, record: AuditEntry) -> str:
        code = (record.details or {}).get("code")
        shown = str(record.get_outcome_display())
        return f"{shown} ({code})" if code and record.outcome == AuditOutcome.REFUSED else shown

    value_outcome = render_outcome

    def render_amount(self, record: AuditEntry) -> str:
        amount = audit_amount(record)
        if amount is None:
            return ""
        text = format_money(amount, get_language())
        return f"+{text}" if amount > 0 else text

    def value_amount(self, record: AuditEntry) -> Any:
        amount = audit_amount(record)
        return "" if amount is None else Money(amount)

    class Meta(LedgerTable.Meta):
        order_by = ("-created_at",)


def adjustment_status(request: AdjustmentRequest) -> str:
    """The status people read: "Approved and booked", or "Booked, then reversed (#N)" once its transaction is
    reversed."""
    tx = request.transaction
    if request.status == AdjustmentStatus.APPROVED and tx is not None:
        reversal = getattr(tx, "reversed_by", None)
        if reversal is not None:
            return str(_("Booked, then reversed (#%(id)s)") % {"id": reversal.pk})
    return str(request.get_status_display())


class AdjustmentTable(LedgerTable):
    id = tables.Column(verbose_name=_("Request"))
    created_at = TimeColumn(verbose_name=_("Asked"))
    account = AccountColumn(verbose_name=_("Account"))
    amount = MoneyColumn(verbose_name=_("Amount"), signed=True)
    reason = tables.Column(verbose_name=_("Reason"))
    requested_by = tables.Column(verbose_name=_("Requested by"), accessor="requested_by__username")
    status = tables.Column(verbose_name=_("Status"))
    decided_by = tables.Column(verbose_name=_("Decided by"), accessor="decided_by__username", default="")
    decide = tables.TemplateColumn(
        template_name="ledger/staff/decide_cell.html",
        verbose_name="",
        orderable=False,
        exclude_from_export=True,
    )
    totals = ("amount",)

    def render_status(self, record: AdjustmentRequest) -> str:
        return adjustment_status(record)

    value_status = render_status

    class Meta(LedgerTable.Meta):
        order_by = ("-id",)


class DayTable(LedgerTable):
    """Commission per day (tuples of reports.daily_commission as dicts)."""

    day = tables.DateColumn(verbose_name=_("Day"), format="Y-m-d (D)")
    units = tables.Column(verbose_name=_("Deals settled"))
    commission = MoneyColumn(verbose_name=_("Commission"))
    totals = ("units", "commission")

    def value_day(self, value: Any) -> Any:
        return value

    class Meta(LedgerTable.Meta):
        order_by = ("-day",)
        per_page = 31


class ReversalTable(LedgerTable):
    id = tables.Column(verbose_name=_("Request"))
    created_at = TimeColumn(verbose_name=_("Asked"))
    original = tables.Column(verbose_name=_("Transaction"), accessor="original_id")
    kind = tables.Column(verbose_name=_("What"), accessor="original__kind")
    reason = tables.Column(verbose_name=_("Reason"))
    requested_by = tables.Column(verbose_name=_("Requested by"), accessor="requested_by__username")
    status = tables.Column(verbose_name=_("Status"))
    decided_by = tables.Column(verbose_name=_("Decided by"), accessor="decided_by__username", default="")
    decide = tables.TemplateColumn(
        template_name="ledger/staff/decide_cell.html",
        verbose_name="",
        orderable=False,
        exclude_from_export=True,
        extra_context={"decide_url": "ledger:staff_decide_reversal"},
    )

    def render_original(self, value: int) -> str:
        return format_html('<a href="{}">#{}</a>', reverse("ledger:staff_transaction", args=[value]), value)

    def value_original(self, value: int) -> int:
        return value

    def render_kind(self, record: Any) -> str:
        return str(record.original.get_kind_display())

    value_kind = render_kind

    def render_status(self, record: Any) -> str:
        return str(record.get_status_display())

    value_status = render_status

    class Meta(LedgerTable.Meta):
        order_by = ("-id",)


class SafetyTable(LedgerTable):
    """Users annotated by ledger.reports.safety_overview."""

    username = tables.Column(verbose_name=_("Player"))
    day = MoneyColumn(verbose_name=_("Daily limit"), default="")
    week = MoneyColumn(verbose_name=_("Weekly limit"), default="")
    month = MoneyColumn(verbose_name=_("Monthly limit"), default="")
    pending = tables.Column(verbose_name=_("Raise waiting until"), accessor="pk", orderable=False)
    excluded_until = TimeColumn(verbose_name=_("Excluded until"), default="")
    excluded_by = tables.Column(verbose_name=_("Excluded by"), default="")
    exclusion_reason = tables.Column(verbose_name=_("Reason"), default="")

    def render_username(self, record: Any) -> str:
        return format_html(
            '<a href="{}">{}</a>',
            reverse("staff_player", args=[record.pk]),
            getattr(record, "display_name", record),
        )

    def value_username(self, record: Any) -> str:
        return str(getattr(record, "display_name", record.username))

    def _pending(self, record: Any) -> Any:
        waits = [getattr(record, f"{p}_pending") for p in ("day", "week", "month")]
        waits = [w for w in waits if w is not None]
        return min(waits) if waits else None

    def render_pending(self, record: Any) -> str:
        at = self._pending(record)
        return "" if at is None else date_format(timezone.localtime(at), "Y-m-d H:i O")

    def value_pending(self, record: Any) -> Any:
        return self._pending(record)

    def render_excluded_by(self, value: str) -> str:
        return value

    def value_excluded_by(self, record: Any) -> str:
        return record.excluded_by or (str(_("the player")) if record.excluded_until else "")

    class Meta(LedgerTable.Meta):
        order_by = ("username",)


class ScheduleTable(LedgerTable):
    effective_from = TimeColumn(verbose_name=_("In force from"))
    bands = tables.Column(verbose_name=_("Bands (V from: rate)"), accessor="pk", orderable=False)
    note = tables.Column(verbose_name=_("Note"))
    created_by = tables.Column(verbose_name=_("Author"), accessor="created_by__username", default="—")
    created_at = TimeColumn(verbose_name=_("Added"))
    decided_by = tables.Column(verbose_name=_("Approved by"), accessor="decided_by__username", default="—")
    state = tables.Column(verbose_name=_("State"), accessor="pk", orderable=False)

    def __init__(self, *args: Any, in_force: Any = None, **kwargs: Any) -> None:
        self.in_force = in_force
        super().__init__(*args, **kwargs)

    def _bands(self, record: Any) -> str:
        language = get_language()
        return " · ".join(
            f"{format_money(b.min_value, language)}: {format_rate(b.rate_bp, language)}"
            for b in sorted(record.band_set.all(), key=lambda b: b.min_value)
        )

    def render_bands(self, record: Any) -> str:
        return self._bands(record)

    value_bands = _bands

    def _state(self, record: Any) -> str:
        if record.status != ScheduleStatus.APPROVED:
            return str(record.get_status_display())
        if self.in_force is not None and record.pk == self.in_force.pk:
            return str(_("in force"))
        return str(_("planned") if record.effective_from > timezone.now() else _("past"))

    def render_state(self, record: Any) -> str:
        return self._state(record)

    value_state = _state

    class Meta(LedgerTable.Meta):
        order_by = ("-effective_from",)
