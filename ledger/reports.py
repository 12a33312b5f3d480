"""Read-only queries behind the wallet page and the staff reports (docs/decisions-ledger.md "Staff"): statements,
settlements, daily commission, bots apart from players, and reconciliation. Nothing here writes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from django.db.models import Count, QuerySet, Sum
from django.db.models.functions import TruncDate

from ledger.models import Account, AccountKind, Posting, SettlementUnit, Transaction, UnitSeat, UnitStatus


@dataclass(frozen=True)
class Reconciliation:
    """Σ balances (should be 0), accounts whose cached balance ≠ Σ postings, transactions that do not balance."""

    total_balance: int
    cache_mismatches: list[tuple[int, str, int, int]] = field(default_factory=list)
    unbalanced: list[tuple[int, str, int]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when every invariant of docs/rules/settlement.md holds."""
        return self.total_balance == 0 and not self.cache_mismatches and not self.unbalanced


def reconcile() -> Reconciliation:
    """Check the ledger: Σ balances = 0, every cached balance = Σ its postings, every transaction balanced.

    Returns a Reconciliation; cache_mismatches hold `(account id, name, cached, Σ postings)`, unbalanced
    `(transaction id, key, Σ postings)`.
    """
    sums = dict(Posting.objects.values("account").annotate(s=Sum("amount")).values_list("account", "s"))
    mismatches = [
        (a.pk, a.name, a.balance, sums.get(a.pk, 0) or 0)
        for a in Account.objects.order_by("pk")
        if a.balance != (sums.get(a.pk, 0) or 0)
    ]
    total = Account.objects.aggregate(t=Sum("balance"))["t"] or 0
    unbalanced = list(
        Transaction.objects.annotate(s=Sum("postings__amount"))
        .exclude(s=0)
        .exclude(s__isnull=True)
        .values_list("pk", "key", "s")
    )
    return Reconciliation(total_balance=total, cache_mismatches=mismatches, unbalanced=unbalanced)


@dataclass(frozen=True)
class StatementLine:
    """One posting of an account's statement, with what it was for and the running balance after it."""

    posting_id: int
    transaction_id: int
    created_at: datetime
    kind: str
    key: str
    reason: str
    amount: int
    balance_after: int
    round_id: int | None
    unit_id: str | None


def statement(account: Account, limit: int | None = None) -> list[StatementLine]:
    """Every posting of `account`, newest first (the last `limit` when given), with running balance and the
    settlement unit (and round id for the hand-history link) when the transaction belongs to one."""
    postings = Posting.objects.filter(account=account).select_related("transaction").order_by("-pk")
    if limit is not None:
        postings = postings[:limit]
    lines = []
    for p in postings:
        details = p.transaction.details or {}
        unit_id = details.get("unit")
        lines.append(
            StatementLine(
                posting_id=p.pk,
                transaction_id=p.transaction_id,
                created_at=p.transaction.created_at,
                kind=p.transaction.kind,
                key=p.transaction.key,
                reason=p.transaction.reason,
                amount=p.amount,
                balance_after=p.balance_after,
                round_id=details.get("round"),
                unit_id=unit_id,
            )
        )
    _fill_round_ids(lines)
    return lines


def _fill_round_ids(lines: list[StatementLine]) -> None:
    missing = {ln.unit_id for ln in lines if ln.unit_id and ln.round_id is None}
    if not missing:
        return
    rounds = dict(SettlementUnit.objects.filter(unit_id__in=missing).values_list("unit_id", "round_id"))
    for i, ln in enumerate(lines):
        if ln.unit_id in rounds and ln.round_id is None:
            lines[i] = StatementLine(**{**ln.__dict__, "round_id": rounds[ln.unit_id]})


def settlements(table_key: str | None = None) -> QuerySet[SettlementUnit]:
    """Settled units, newest first, optionally of one table, with their seats and transaction."""
    units = SettlementUnit.objects.filter(status=UnitStatus.SETTLED).select_related("settle_transaction")
    if table_key:
        units = units.filter(table_key=table_key)
    return units.prefetch_related("seat_set__account").order_by("-closed_at", "-pk")


def tables_summary() -> list[Mapping[str, Any]]:
    """Per table: settled units, commission and money moved (Σ T)."""
    return list(
        SettlementUnit.objects.filter(status=UnitStatus.SETTLED)
        .values("table_key")
        .annotate(units=Count("pk"), commission=Sum("commission"), total_won=Sum("total_won"))
        .order_by("table_key")
    )


def daily_commission(since: date | None = None) -> list[tuple[date, int, int]]:
    """`(day, commission, settled units)` per calendar day (site time zone) of booked settlements, oldest first."""
    units = SettlementUnit.objects.filter(status=UnitStatus.SETTLED)
    if since is not None:
        units = units.filter(closed_at__date__gte=since)
    rows = (
        units.annotate(day=TruncDate("closed_at"))
        .values("day")
        .annotate(commission=Sum("commission"), units=Count("pk"))
        .order_by("day")
    )
    return [(r["day"], r["commission"] or 0, r["units"]) for r in rows]


def results_by_kind() -> dict[str, dict[str, int]]:
    """Settled results of bots apart from players: for each of "bots" and "players" the number of seats
    played, Σ won, Σ lost and the net (wallet changes, commission already taken)."""
    out: dict[str, dict[str, int]] = {}
    for label, is_bot in (("players", False), ("bots", True)):
        seats = UnitSeat.objects.filter(unit__status=UnitStatus.SETTLED, account__is_bot=is_bot)
        won = seats.filter(change__gt=0).aggregate(s=Sum("change"))["s"] or 0
        lost = seats.filter(change__lt=0).aggregate(s=Sum("change"))["s"] or 0
        out[label] = {"seats": seats.count(), "won": won, "lost": -lost, "net": won + lost}
    return out


def results_per_account(is_bot: bool) -> list[Mapping[str, Any]]:
    """Per wallet (bots or players): seats played and net result of settled units, biggest winners first."""
    return list(
        UnitSeat.objects.filter(unit__status=UnitStatus.SETTLED, account__is_bot=is_bot)
        .values("account__name")
        .annotate(seats=Count("pk"), net=Sum("change"))
        .order_by("-net", "account__name")
    )


def player_wallets() -> QuerySet[Account]:
    """Players' wallets (no bots), by name."""
    return (
        Account.objects.filter(kind=AccountKind.WALLET, is_bot=False).select_related("user").order_by("name")
    )
