"""Player safety and funding: starting balance, loss limits, self-exclusion and the stakes-table eligibility
check (docs/rules/settlement.md "Money safety")."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from accounts.verification import has_verified_email
from ledger import roles
from ledger.books import promotions_account, wallet_for
from ledger.calculation import worst_case
from ledger.errors import NotEligible
from ledger.models import (
    Account,
    LimitPeriod,
    LossLimit,
    SelfExclusion,
    Transaction,
    TransactionKind,
    UnitSeat,
    UnitStatus,
)
from ledger.money import format_money
from ledger.posting import post

RAISE_DELAY = timedelta(hours=24)

# One sentence per period (not the period's name put into one sentence): the adjective differs by language.
LOSS_LIMIT_REFUSALS = {
    LimitPeriod.DAY: gettext_lazy(
        "this table could take the day's losses to %(at_risk)s, over the daily loss limit of %(limit)s"
    ),
    LimitPeriod.WEEK: gettext_lazy(
        "this table could take the week's losses to %(at_risk)s, over the weekly loss limit of %(limit)s"
    ),
    LimitPeriod.MONTH: gettext_lazy(
        "this table could take the month's losses to %(at_risk)s, over the monthly loss limit of %(limit)s"
    ),
}


def starting_balance() -> int:
    """Setting KIBITZ_STARTING_BALANCE in minor units (default 10000 = 100.00)."""
    return int(getattr(settings, "KIBITZ_STARTING_BALANCE", 10_000))


def grant_starting_balance(user: Any) -> Transaction | None:
    """Credit a new player's wallet from the promotions account, once (key `grant:user:{id}`).

    Returns the grant transaction, or None when the starting balance is set to 0.
    """
    amount = starting_balance()
    if amount <= 0:
        return None
    wallet = wallet_for(user)
    promotions = promotions_account(wallet.currency)
    return post(
        key=f"grant:user:{wallet.user_id}",
        kind=TransactionKind.GRANT,
        lines=[(wallet.pk, amount), (promotions.pk, -amount)],
        reason="starting balance",
    )


# --- self-exclusion ----------------------------------------------------------------------------------------


def exclude_self(user: Any, days: int, now: datetime | None = None) -> SelfExclusion:
    """Block `user` from stakes tables for `days` days from now. Raises ValueError unless 1 ≤ days ≤ 3650."""
    if not 1 <= days <= 3650:
        raise ValueError("self-exclusion lasts 1 to 3650 days")
    now = now or timezone.now()
    return SelfExclusion.objects.create(user=user, starts_at=now, ends_at=now + timedelta(days=days))


def excluded_until(user: Any, now: datetime | None = None) -> datetime | None:
    """The end of the self-exclusion covering `now`, or None when the player is not excluded."""
    now = now or timezone.now()
    row = (
        SelfExclusion.objects.filter(user=user, starts_at__lte=now, ends_at__gt=now)
        .order_by("-ends_at")
        .first()
    )
    return row.ends_at if row else None


# --- loss limits -------------------------------------------------------------------------------------------


def period_start(period: str, now: datetime | None = None) -> datetime:
    """Start of the calendar day, week (Monday) or month containing `now`, in the site's time zone."""
    local = timezone.localtime(now or timezone.now())
    start = local.replace(hour=0, minute=0, second=0, microsecond=0)
    if period == LimitPeriod.WEEK:
        start -= timedelta(days=start.weekday())
    elif period == LimitPeriod.MONTH:
        start = start.replace(day=1)
    # replace() kept the offset of `now`; rebuild so a DST change inside the period is honoured
    naive = start.replace(tzinfo=None)
    return timezone.make_aware(naive, timezone.get_current_timezone())


def limit_in_force(user: Any, period: str, now: datetime | None = None) -> int | None:
    """The loss limit (minor units) in force for `period`, or None when there is none."""
    now = now or timezone.now()
    row = (
        LossLimit.objects.filter(user=user, period=period, effective_from__lte=now)
        .order_by("-created_at", "-pk")
        .first()
    )
    return row.amount if row else None


def pending_limit(user: Any, period: str, now: datetime | None = None) -> LossLimit | None:
    """A raise that waits for its 24 hours and is not overtaken by a later change, or None."""
    now = now or timezone.now()
    latest = LossLimit.objects.filter(user=user, period=period).order_by("-created_at", "-pk").first()
    if latest is not None and latest.effective_from > now:
        return latest
    return None


def set_loss_limit(user: Any, period: str, amount: int | None, now: datetime | None = None) -> LossLimit:
    """Set the player's loss limit for `period` (minor units; None removes it).

    Lowering (or setting a first limit) takes effect at once; raising or removing takes effect after 24 hours.
    Raises ValueError for a negative amount or an unknown period.
    """
    if period not in LimitPeriod.values:
        raise ValueError(f"unknown period {period!r}")
    if amount is not None and amount < 0:
        raise ValueError("a loss limit cannot be negative")
    now = now or timezone.now()
    current = limit_in_force(user, period, now)
    lowering = amount is not None and (current is None or amount <= current)
    effective = now if lowering else now + RAISE_DELAY
    return LossLimit.objects.create(user=user, period=period, amount=amount, effective_from=effective)


def losses_in_period(wallet: Account, period: str, now: datetime | None = None) -> int:
    """Net money lost (≥ 0) in settled units booked since the start of `period`, plus open reservations."""
    start = period_start(period, now)
    settled = (
        UnitSeat.objects.filter(
            account=wallet, unit__status=UnitStatus.SETTLED, unit__closed_at__gte=start
        ).aggregate(total=Sum("change"))["total"]
        or 0
    )
    open_reserved = (
        UnitSeat.objects.filter(account=wallet, unit__status=UnitStatus.OPEN).aggregate(
            total=Sum("reserved")
        )["total"]
        or 0
    )
    return max(0, -settled) + open_reserved


# --- eligibility -------------------------------------------------------------------------------------------


def check_wallet_can_cover(wallet: Account, amount: int, now: datetime | None = None) -> None:
    """Raise NotEligible unless the wallet's owner may put `amount` at risk now.

    Codes: `self_excluded`, `insufficient_funds`, `loss_limit`. Bots' wallets are only checked for funds.
    """
    user = wallet.user
    if user is not None and not wallet.is_bot:
        until = excluded_until(user, now)
        if until is not None:
            raise NotEligible(
                "self_excluded",
                _("self-excluded from stakes tables until %(until)s")
                % {"until": f"{timezone.localtime(until):%Y-%m-%d %H:%M}"},
            )
    if wallet.balance < amount:
        raise NotEligible(
            "insufficient_funds",
            _("the wallet holds %(balance)s, the worst case is %(needed)s")
            % {
                "balance": format_money(wallet.balance, get_language()),
                "needed": format_money(amount, get_language()),
            },
        )
    if user is not None and not wallet.is_bot:
        for period in LimitPeriod:
            limit = limit_in_force(user, period, now)
            if limit is None:
                continue
            at_risk = losses_in_period(wallet, period, now) + amount
            if at_risk > limit:
                raise NotEligible(
                    "loss_limit",
                    LOSS_LIMIT_REFUSALS[period]
                    % {
                        "at_risk": format_money(at_risk, get_language()),
                        "limit": format_money(limit, get_language()),
                    },
                )


def is_staff_account(user: Any) -> bool:
    """True for an account that may not play for money: `is_staff`, `is_superuser`, or any staff role (an active
    grant or a role group's membership, ledger.roles.holds_any_role)."""
    return bool(
        getattr(user, "is_staff", False) or getattr(user, "is_superuser", False)
    ) or roles.holds_any_role(user)


def check_can_join_stakes_table(user: Any, stake: int, limit: int, players: int) -> None:
    """Raise NotEligible (with a reason code) unless `user` may sit at a stakes table.

    Args: stake and limit in minor units; players = seats at the table. The worst case is
    limit × (players − 1) (docs/rules/settlement.md "Money safety"). Codes: `no_limit` (limit ≤ 0 or stake ≤ 0),
    `email_unverified` (no verified e-mail address: money needs a reachable, real person), `staff_account` (a
    staff role, `is_staff` or `is_superuser`: staff see what players cannot and move money, so they never play
    for it; docs/decisions-ledger.md "Separation of duties"), `self_excluded`, `insufficient_funds`,
    `loss_limit`. Returns None when the player may join.
    """
    if stake <= 0 or limit <= 0:
        raise NotEligible("no_limit", _("a stakes table needs a positive stake and limit"))
    if is_staff_account(user):
        raise NotEligible("staff_account", _("staff accounts do not play for money; use a free table"))
    if not has_verified_email(user):
        raise NotEligible(
            "email_unverified",
            _("verify your e-mail address before playing for money (follow the link in the mail we sent)"),
        )
    check_wallet_can_cover(wallet_for(user), worst_case(limit, players))
