"""Read-only queries behind the wallet page and the staff reports (docs/decisions-ledger.md "Staff"): statements,
settlements, daily commission, bots apart from players, and reconciliation; the house account shown as one
account over its stripes (docs/decisions-ledger.md "House stripes"). Nothing here writes."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import BigIntegerField, Count, F, OuterRef, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce, TruncDate
from django.utils import timezone
from django.utils.translation import gettext

from ledger.models import (
    Account,
    AccountKind,
    AdjustmentRequest,
    AdjustmentStatus,
    LimitPeriod,
    LossLimit,
    Posting,
    SelfExclusion,
    SettlementUnit,
    Transaction,
    TransactionKind,
    UnitSeat,
    UnitStatus,
)


@dataclass(frozen=True)
class ClassCheck:
    """One account class's balance against what the records say it must be (minor units): `kind` (an
    AccountKind), `account` (the account's name, the house's head for the house), `expected`, `actual`."""

    kind: str
    account: str
    expected: int
    actual: int

    @property
    def ok(self) -> bool:
        """True when the balance is what it must be."""
        return self.expected == self.actual

    @property
    def label(self) -> str:
        """The class as people read it ("Table escrow", "House commission", …)."""
        return str(AccountKind(self.kind).label)


@dataclass(frozen=True)
class Reconciliation:
    """Σ balances (should be 0), accounts whose cached balance ≠ Σ postings, transactions that do not balance."""

    total_balance: int
    cache_mismatches: list[tuple[int, str, int, int]] = field(default_factory=list)
    unbalanced: list[tuple[int, str, int]] = field(default_factory=list)
    classes: list[ClassCheck] = field(default_factory=list)

    @property
    def class_mismatches(self) -> list[ClassCheck]:
        """The account-class checks that failed (each names its account)."""
        return [c for c in self.classes if not c.ok]

    @property
    def ok(self) -> bool:
        """True when every invariant of docs/rules/settlement.md holds and every account class is what its
        records say."""
        return (
            self.total_balance == 0
            and not self.cache_mismatches
            and not self.unbalanced
            and not self.class_mismatches
        )


def reconcile() -> Reconciliation:
    """Check the ledger: Σ balances = 0, every cached balance = Σ its postings, every transaction balanced.

    Every account is checked on its own, each stripe of the house included (a stripe is an account with its
    cached balance and its postings), so the house as one (head + stripes) equals Σ its postings too.
    Returns a Reconciliation; cache_mismatches hold `(account id, name, cached, Σ postings)`, unbalanced
    `(transaction id, key, Σ postings)`, amounts in minor units.
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
    return Reconciliation(
        total_balance=total, cache_mismatches=mismatches, unbalanced=unbalanced, classes=class_checks()
    )


def _wallet_side(kinds: tuple[str, ...], currency: str) -> int:
    """Σ of the wallet postings (currency `currency`) of transactions of `kinds` and of the reversals of such
    transactions (a reversal may return part of a grant, migration 0007)."""
    total = Posting.objects.filter(
        Q(transaction__kind__in=kinds)
        | Q(transaction__kind=TransactionKind.REVERSAL, transaction__reverses__kind__in=kinds),
        account__kind=AccountKind.WALLET,
        account__currency=currency,
    ).aggregate(t=Sum("amount"))["t"]
    return int(total or 0)


def class_checks() -> list[ClassCheck]:
    """Each account class against its own records (docs/decisions-ledger.md "Reconciliation per account class"):

    - every escrow = Σ the reservations of its table's open units (a settled or released unit left nothing);
    - the house (head and stripes, per currency) = Σ the commission of settled units;
    - promotions (per currency) = −(Σ starting grants and bot fundings paid into wallets, net of their
      reversals);
    - adjustments (per currency) = −Σ booked adjustments (approved requests, net of reversed ones);
    - wallets = Σ their postings (also checked account by account as cached balances).

    A posting that lands on the wrong account (an adjustment into a finished table's escrow, into the house or
    into promotions) moves a class away from its records even though every transaction balances. Returns one
    ClassCheck per account (escrows), per currency (house, promotions, adjustments) and one for the wallets.
    """
    checks: list[ClassCheck] = []
    reserved = dict(
        UnitSeat.objects.filter(unit__status=UnitStatus.OPEN)
        .values("unit__escrow")
        .annotate(r=Sum("reserved"))
        .values_list("unit__escrow", "r")
    )
    for escrow in Account.objects.filter(kind=AccountKind.ESCROW).order_by("pk"):
        checks.append(
            ClassCheck(AccountKind.ESCROW, escrow.name, int(reserved.get(escrow.pk) or 0), escrow.balance)
        )
    currencies = sorted(set(Account.objects.values_list("currency", flat=True)))
    for currency in currencies:
        house = Account.objects.filter(kind=AccountKind.HOUSE, currency=currency)
        if house.exists():
            head = house.filter(stripe_of__isnull=True).order_by("pk").first()
            commission = SettlementUnit.objects.filter(
                status=UnitStatus.SETTLED, currency=currency
            ).aggregate(c=Sum("commission"))["c"]
            checks.append(
                ClassCheck(
                    AccountKind.HOUSE,
                    head.name if head else f"house:{currency}",
                    int(commission or 0),
                    int(house.aggregate(b=Sum("balance"))["b"] or 0),
                )
            )
        for promotions in Account.objects.filter(kind=AccountKind.PROMOTIONS, currency=currency).order_by(
            "pk"
        ):
            expected = -_wallet_side((TransactionKind.GRANT, TransactionKind.BOT_FUNDING), currency)
            checks.append(ClassCheck(AccountKind.PROMOTIONS, promotions.name, expected, promotions.balance))
        for counter in Account.objects.filter(kind=AccountKind.ADJUSTMENTS, currency=currency).order_by("pk"):
            booked = AdjustmentRequest.objects.filter(
                status=AdjustmentStatus.APPROVED, transaction__isnull=False, account__currency=currency
            )
            expected = -int(booked.aggregate(t=Sum("amount"))["t"] or 0) + int(
                booked.filter(transaction__reversed_by__isnull=False).aggregate(t=Sum("amount"))["t"] or 0
            )
            checks.append(ClassCheck(AccountKind.ADJUSTMENTS, counter.name, expected, counter.balance))
    wallets = Account.objects.filter(kind=AccountKind.WALLET)
    checks.append(
        ClassCheck(
            AccountKind.WALLET,
            gettext("all wallets"),
            int(
                Posting.objects.filter(account__kind=AccountKind.WALLET).aggregate(t=Sum("amount"))["t"] or 0
            ),
            int(wallets.aggregate(b=Sum("balance"))["b"] or 0),
        )
    )
    return checks


def adjustments_by_status(requests: QuerySet[Any]) -> list[dict[str, Any]]:
    """Adjustment requests per status (waiting, booked, rejected): `[{"status", "label", "count", "credits",
    "debits", "net"}]` in minor units, so a list's totals never mix what was booked with what was not."""
    rows = {
        r["status"]: r
        for r in requests.order_by()
        .values("status")
        .annotate(
            count=Count("pk"),
            credits=Coalesce(Sum("amount", filter=Q(amount__gt=0)), 0),
            debits=Coalesce(Sum("amount", filter=Q(amount__lt=0)), 0),
            net=Coalesce(Sum("amount"), 0),
        )
    }
    return [
        {
            "status": status,
            "label": label,
            **{k: int(rows.get(status, {}).get(k, 0) or 0) for k in ("count", "credits", "debits", "net")},
        }
        for status, label in AdjustmentStatus.choices
    ]


def accounts_as_one() -> QuerySet[Account]:
    """Every account that is no stripe, annotated `shown_balance`: its cached balance plus those of its stripes
    (minor units), so the house commission account is one row with all the commission (the staff account list)."""
    stripes = (
        Account.objects.filter(stripe_of=OuterRef("pk"))
        .order_by()
        .values("stripe_of")
        .annotate(s=Sum("balance"))
        .values("s")
    )
    return Account.objects.filter(stripe_of__isnull=True).annotate(
        shown_balance=F("balance")
        + Coalesce(
            Subquery(stripes, output_field=BigIntegerField()), Value(0), output_field=BigIntegerField()
        )
    )


def account_postings(account: Account) -> QuerySet[Posting]:
    """The postings of `account` as one: its own and, for a striped house account, every stripe's, annotated
    `shown_balance_after` (minor units), the balance right after the posting.

    For an account without stripes that is `balance_after`. For a striped one it is the house's balance as one:
    Σ over the stripes of each stripe's `balance_after` at its latest posting with an id ≤ this posting's (one
    index lookup per stripe on (account, id)), so the statement's running balance is the whole commission.
    """
    ids = [account.pk, *Account.objects.filter(stripe_of=account).order_by("pk").values_list("pk", flat=True)]
    postings = Posting.objects.filter(account_id__in=ids)
    if len(ids) == 1:
        return postings.annotate(shown_balance_after=F("balance_after"))
    latest = [
        Coalesce(
            Subquery(
                Posting.objects.filter(account_id=i, pk__lte=OuterRef("pk"))
                .order_by("-pk")
                .values("balance_after")[:1],
                output_field=BigIntegerField(),
            ),
            Value(0),
            output_field=BigIntegerField(),
        )
        for i in ids
    ]
    total: Any = latest[0]
    for part in latest[1:]:
        total = total + part
    return postings.annotate(shown_balance_after=total)


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


def settled_units() -> QuerySet[SettlementUnit]:
    """Every settled unit (the base of the settlements and commission reports, before filters)."""
    return SettlementUnit.objects.filter(status=UnitStatus.SETTLED)


def daily_commission(units: QuerySet[SettlementUnit], first: date, last: date) -> list[tuple[date, int, int]]:
    """`(day, commission, settled units)` for every calendar day (site time zone) from `first` to `last`, oldest
    first, days without play included as zeros; `units` are the settled units to count (already filtered by game
    or table)."""
    rows = (
        units.filter(closed_at__date__gte=first, closed_at__date__lte=last)
        .annotate(day=TruncDate("closed_at", tzinfo=timezone.get_current_timezone()))
        .values("day")
        .annotate(commission=Sum("commission"), units=Count("pk"))
        .order_by("day")
    )
    found = {r["day"]: (r["commission"] or 0, r["units"]) for r in rows}
    days = (first + timedelta(days=i) for i in range((last - first).days + 1))
    return [(d, *found.get(d, (0, 0))) for d in days]


def results_grouped(seats: QuerySet[UnitSeat]) -> QuerySet[Any]:
    """Per account of `seats` (settled seats, already filtered): deals played, Σ won, Σ lost (≥ 0), net, Σ commission
    borne, with the names the reports show; biggest winners first."""
    return (
        seats.filter(unit__status=UnitStatus.SETTLED)
        .values("account_id", "account__name", "account__is_bot", "account__user__username")
        .annotate(
            deals=Count("pk"),
            won=Coalesce(Sum("change", filter=Q(change__gt=0)), Value(0)),
            lost=Coalesce(Sum(-F("change"), filter=Q(change__lt=0)), Value(0)),
            net=Coalesce(Sum("change"), Value(0)),
            commission=Coalesce(Sum("share"), Value(0)),
        )
        .order_by("-net", "account_id")
    )


def safety_overview() -> QuerySet[Any]:
    """Every person with a loss limit or an exclusion, annotated with the limit in force per period (`day`,
    `week`, `month`: minor units or None), `excluded_until` (the end of an exclusion covering now) and
    `excluded_by` (the username of the staff member who set it, "" for the player's own)."""
    now = timezone.now()
    users = (
        get_user_model().objects.filter(Q(loss_limits__isnull=False) | Q(exclusions__isnull=False)).distinct()
    )
    annotations: dict[str, Any] = {}
    for period in LimitPeriod:
        annotations[period.value] = Subquery(
            LossLimit.objects.filter(user=OuterRef("pk"), period=period, effective_from__lte=now)
            .order_by("-created_at", "-pk")
            .values("amount")[:1]
        )
        annotations[f"{period.value}_pending"] = Subquery(
            LossLimit.objects.filter(user=OuterRef("pk"), period=period, effective_from__gt=now)
            .order_by("-created_at", "-pk")
            .values("effective_from")[:1]
        )
    current = SelfExclusion.objects.filter(user=OuterRef("pk"), starts_at__lte=now, ends_at__gt=now).order_by(
        "-ends_at"
    )
    annotations["excluded_until"] = Subquery(current.values("ends_at")[:1])
    annotations["excluded_by"] = Subquery(current.values("set_by__username")[:1])
    annotations["exclusion_reason"] = Subquery(current.values("reason")[:1])
    return users.annotate(**annotations).select_related("profile").order_by("username")


@dataclass(frozen=True)
class WalletLine:
    """One line of a player's wallet: a settled deal (net result, stake result Δ before commission, commission
    borne), a deal not finished (reserved or released), or any other transaction (grant, adjustment, reversal).
    `postings` are the StatementLines folded under it (reservation, settlement, release)."""

    created_at: datetime
    kind: str
    amount: int
    balance_after: int
    stake_result: int | None
    commission: int | None
    unit_id: str | None
    round_id: int | None
    game: str
    reason: str
    postings: tuple[StatementLine, ...]


def wallet_lines(account: Account) -> list[WalletLine]:
    """The wallet's lines, newest first: one per settlement unit (its reservation, settlement and release
    postings folded under it) and one per other posting. For a settled deal `amount` is the wallet change
    (Δ − commission share, or −|Δ|), for an open one minus the reservation, for a released one 0."""
    lines = statement(account)
    units: dict[str, list[StatementLine]] = {}
    order: list[tuple[str, Any]] = []
    for ln in lines:
        if ln.unit_id and ln.kind in ("reserve", "settle", "release", "bot_funding"):
            if ln.unit_id not in units:
                units[ln.unit_id] = []
                order.append(("unit", ln.unit_id))
            units[ln.unit_id].append(ln)
        else:
            order.append(("line", ln))
    seats = {
        s.unit.unit_id: s
        for s in UnitSeat.objects.filter(account=account, unit__unit_id__in=list(units)).select_related(
            "unit"
        )
    }
    out: list[WalletLine] = []
    for what, item in order:
        if what == "line":
            out.append(
                WalletLine(
                    item.created_at,
                    item.kind,
                    item.amount,
                    item.balance_after,
                    None,
                    None,
                    None,
                    None,
                    "",
                    item.reason,
                    (item,),
                )
            )
            continue
        folded = tuple(units[item])
        newest = folded[0]
        seat = seats.get(item)
        unit = seat.unit if seat else None
        if seat is not None and unit is not None and unit.status == UnitStatus.SETTLED:
            kind, amount, stake_result, commission = "deal", seat.change or 0, seat.delta, seat.share
        elif seat is not None and unit is not None and unit.status == UnitStatus.OPEN:
            kind, amount, stake_result, commission = "deal_open", -seat.reserved, None, None
        else:
            kind, amount, stake_result, commission = (
                "deal_released",
                sum(p.amount for p in folded),
                None,
                None,
            )
        out.append(
            WalletLine(
                newest.created_at,
                kind,
                amount,
                newest.balance_after,
                stake_result,
                commission,
                item,
                unit.round_id if unit else newest.round_id,
                unit.game if unit else "",
                "",
                folded,
            )
        )
    return out
