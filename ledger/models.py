"""Ledger data: accounts, append-only transactions and postings, commission schedules, settlement units,
loss limits, self-exclusion and staff adjustments (docs/design.md "Ledger", docs/rules/settlement.md).

Money is always an integer number of minor units (cents). Only `ledger.posting` writes Transaction, Posting
and Account.balance; on PostgreSQL triggers refuse UPDATE/DELETE of postings and transactions and an unbalanced
transaction (migration 0002), and a CHECK keeps wallets and escrows at or above zero on every database.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from ledger.errors import AppendOnly


class AppendOnlyQuerySet(models.QuerySet):
    """Refuses bulk UPDATE and DELETE in code (the PostgreSQL triggers refuse them in the database too)."""

    def update(self, **kwargs: object) -> int:
        raise AppendOnly("append_only", f"{self.model.__name__} rows are append-only")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise AppendOnly("append_only", f"{self.model.__name__} rows are append-only")


class AppendOnlyModel(models.Model):
    """A row that is inserted once and never changed: saving an existing row or deleting one raises AppendOnly."""

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args: object, **kwargs: object) -> None:
        if not self._state.adding:
            raise AppendOnly(
                "append_only", f"{type(self).__name__} {self.pk} cannot be changed; book a reversal"
            )
        super().save(*args, **kwargs)  # type: ignore[arg-type]

    def delete(self, *args: object, **kwargs: object) -> tuple[int, dict[str, int]]:
        raise AppendOnly("append_only", f"{type(self).__name__} {self.pk} cannot be deleted; book a reversal")


class AccountKind(models.TextChoices):
    """What an account is for (Account.kind)."""

    WALLET = "wallet", _("Wallet")
    ESCROW = "escrow", _("Table escrow")
    HOUSE = "house", _("House commission")
    PROMOTIONS = "promotions", _("Promotions")
    ADJUSTMENTS = "adjustments", _("Adjustments")


NON_NEGATIVE_KINDS = (AccountKind.WALLET, AccountKind.ESCROW)


class Account(models.Model):
    """One ledger account. Wallets belong to a player (or a bot, `is_bot`); escrows to a table (`name`).

    `balance` is a cache of Σ postings (minor units), written only by the posting service; reconciliation checks
    it for every account, stripes included. `stripe_of` makes the account a stripe of a house account (its head,
    `house:EUR`, is stripe 0; `house:EUR:1` … are the others): each settlement credits one stripe, so settlements
    do not queue behind one row, and reports show the head with the sum of its stripes (ledger.books,
    docs/decisions-ledger.md "House stripes").
    """

    kind = models.CharField(max_length=16, choices=AccountKind.choices)
    name = models.CharField(max_length=120, unique=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="wallet"
    )
    is_bot = models.BooleanField(default=False)
    currency = models.CharField(max_length=3, default="EUR")
    balance = models.BigIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    stripe_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="stripes"
    )

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=~Q(kind__in=["wallet", "escrow"]) | Q(balance__gte=0),
                name="ledger_wallet_escrow_not_negative",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class TransactionKind(models.TextChoices):
    """What a transaction does (Transaction.kind)."""

    GRANT = "grant", _("Starting balance")
    BOT_FUNDING = "bot_funding", _("Bot funding")
    RESERVE = "reserve", _("Reservation")
    SETTLE = "settle", _("Settlement")
    RELEASE = "release", _("Release")
    ADJUSTMENT = "adjustment", _("Adjustment")
    REVERSAL = "reversal", _("Reversal")


class Transaction(AppendOnlyModel):
    """One balanced money movement; never edited. `key` makes posting idempotent, `fingerprint` is the sha256
    of the request so the same key with a different request is a conflict. `reverses` is unique: a
    transaction can be reversed once."""

    key = models.CharField(max_length=200, unique=True)
    fingerprint = models.CharField(max_length=64)
    kind = models.CharField(max_length=16, choices=TransactionKind.choices)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    reason = models.TextField(blank=True)
    reverses = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="reversed_by"
    )
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    def __str__(self) -> str:
        return f"{self.kind} {self.key}"


class Posting(AppendOnlyModel):
    """One signed line of a transaction: + credits the account, − debits it; `balance_after` is the account's
    balance right after this posting."""

    transaction = models.ForeignKey(Transaction, on_delete=models.PROTECT, related_name="postings")
    account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="postings")
    amount = models.BigIntegerField()
    balance_after = models.BigIntegerField()

    class Meta:
        indexes = [models.Index(fields=["account", "id"])]


class ScheduleStatus(models.TextChoices):
    """Where a commission schedule version is (CommissionSchedule.status): only an approved one is ever in force."""

    PENDING = "pending", _("Waiting for approval")
    APPROVED = "approved", _("Approved")
    REJECTED = "rejected", _("Rejected")


class CommissionSchedule(models.Model):
    """A version of the commission bands, in force from `effective_from` until a later schedule takes over.
    Staff edit the schedule by adding a version; old versions stay for the record. A version is a four-eyes
    request: its author (`created_by`) asks, a second administrator approves it (`decided_by`), and it starts no
    sooner than the notice period after that approval (ledger.schedule, docs/decisions-ledger.md)."""

    effective_from = models.DateTimeField(db_index=True)
    status = models.CharField(max_length=10, choices=ScheduleStatus.choices, default=ScheduleStatus.PENDING)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    currency = models.CharField(max_length=3, default="EUR")
    note = models.CharField(max_length=200, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.currency} {self.effective_from:%Y-%m-%d %H:%M}"

    def bands(self) -> list[tuple[int, int]]:
        """Return `(lower bound minor units, rate basis points)` sorted by lower bound."""
        return [(b.min_value, b.rate_bp) for b in self.band_set.order_by("min_value")]


class CommissionBand(models.Model):
    """A band of a schedule: rate `rate_bp` (basis points) for money values V ≥ `min_value` (minor units)."""

    schedule = models.ForeignKey(CommissionSchedule, on_delete=models.CASCADE, related_name="band_set")
    min_value = models.BigIntegerField()
    rate_bp = models.PositiveIntegerField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["schedule", "min_value"], name="ledger_band_unique")]


class UnitStatus(models.TextChoices):
    """Where a settlement unit is (SettlementUnit.status): reserved, settled or released."""

    OPEN = "open", _("Reserved")
    SETTLED = "settled", _("Settled")
    RELEASED = "released", _("Released")


class SettlementUnit(models.Model):
    """A settlement unit (a deal, a Jass match) from its reservation to its settlement or release.

    The row is the lock that makes settle and release exclusive; the money itself is in transactions. After
    settlement the calculation fields repeat what the settle transaction's `details` record, for reports.
    """

    unit_id = models.CharField(max_length=120, unique=True)
    table_key = models.CharField(max_length=120, db_index=True)
    round_id = models.BigIntegerField(null=True, blank=True)
    game = models.CharField(max_length=40, blank=True)
    currency = models.CharField(max_length=3, default="EUR")
    stake = models.BigIntegerField()
    limit = models.BigIntegerField()
    seats = models.PositiveSmallIntegerField()
    escrow = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="+")
    status = models.CharField(max_length=10, choices=UnitStatus.choices, default=UnitStatus.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True, db_index=True)
    settle_transaction = models.OneToOneField(
        Transaction, null=True, blank=True, on_delete=models.PROTECT, related_name="settled_unit"
    )
    rate_bp = models.PositiveIntegerField(null=True, blank=True)
    value = models.BigIntegerField(null=True, blank=True)
    commission = models.BigIntegerField(null=True, blank=True)
    total_won = models.BigIntegerField(null=True, blank=True)

    def __str__(self) -> str:
        return self.unit_id


class UnitSeat(models.Model):
    """One seat of a settlement unit: whose wallet, what was reserved, and (once settled) Δ, the share of
    commission and the wallet change."""

    unit = models.ForeignKey(SettlementUnit, on_delete=models.PROTECT, related_name="seat_set")
    seat = models.PositiveSmallIntegerField()
    account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="unit_seats")
    reserved = models.BigIntegerField()
    reserve_transaction = models.OneToOneField(Transaction, on_delete=models.PROTECT, related_name="+")
    delta = models.BigIntegerField(null=True, blank=True)
    share = models.BigIntegerField(null=True, blank=True)
    change = models.BigIntegerField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["unit", "seat"], name="ledger_unit_seat_unique")]
        ordering = ["seat"]


class LimitPeriod(models.TextChoices):
    """The calendar period of a loss limit (LossLimit.period)."""

    DAY = "day", _("Day")
    WEEK = "week", _("Week")
    MONTH = "month", _("Month")


class LossLimit(models.Model):
    """A player's loss limit for a calendar period; each change is a new row. The limit in force for a period is
    the most recently created row whose `effective_from` has passed (a raise waits 24 h, a lowering does not).
    `amount` None means no limit."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="loss_limits")
    period = models.CharField(max_length=5, choices=LimitPeriod.choices)
    amount = models.BigIntegerField(null=True, blank=True)
    effective_from = models.DateTimeField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["user", "period", "effective_from"])]

    def __str__(self) -> str:
        return f"{self.user} {self.period} {self.amount}"


class SelfExclusion(models.Model):
    """The player may not join stakes tables from `starts_at` to `ends_at`; it cannot be shortened.

    `set_by` is None when the player chose it; a responsible-gaming officer's cool-off records who set it and why.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="exclusions")
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    created_at = models.DateTimeField(auto_now_add=True)
    set_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    reason = models.TextField(blank=True)

    def __str__(self) -> str:
        return f"{self.user} {self.starts_at:%Y-%m-%d} – {self.ends_at:%Y-%m-%d}"


class AdjustmentStatus(models.TextChoices):
    """Where a staff adjustment request is (AdjustmentRequest.status)."""

    PENDING = "pending", _("Waiting for approval")
    APPROVED = "approved", _("Approved and booked")
    REJECTED = "rejected", _("Rejected")


class FourEyesRequest(models.Model):
    """What every staff request that a second staff member decides holds: the reason, who asked and when, and
    the decision (ledger/staff.py `_lock_pending` / `_mark_decided`)."""

    reason = models.TextField()
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    status = models.CharField(
        max_length=10, choices=AdjustmentStatus.choices, default=AdjustmentStatus.PENDING
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True


class AdjustmentRequest(FourEyesRequest):
    """A staff adjustment of one account, booked against the adjustments account only after a second staff
    member approves it."""

    account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="adjustment_requests")
    amount = models.BigIntegerField()
    transaction = models.OneToOneField(
        Transaction, null=True, blank=True, on_delete=models.PROTECT, related_name="adjustment_request"
    )


class ReversalRequest(FourEyesRequest):
    """A staff request to reverse a transaction; booked only when a second staff member approves it
    (docs/decisions-ledger.md "Staff roles and four eyes")."""

    original = models.ForeignKey(Transaction, on_delete=models.PROTECT, related_name="reversal_requests")
    transaction = models.OneToOneField(
        Transaction, null=True, blank=True, on_delete=models.PROTECT, related_name="reversal_request"
    )


class DeviceResetRequest(FourEyesRequest):
    """A request to remove a staff member's second-factor devices (authenticator and recovery codes), so that
    they enrol again at their next staff page; a second administrator books it (ledger.second_factor)."""

    staff_member = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")


class AuditAction(models.TextChoices):
    """What a staff member did (AuditEntry.action)."""

    ADJUSTMENT_REQUESTED = "adjustment_requested", _("Adjustment requested")
    ADJUSTMENT_APPROVED = "adjustment_approved", _("Adjustment approved")
    ADJUSTMENT_REJECTED = "adjustment_rejected", _("Adjustment rejected")
    REVERSAL_REQUESTED = "reversal_requested", _("Reversal requested")
    REVERSAL_APPROVED = "reversal_approved", _("Reversal approved")
    REVERSAL_REJECTED = "reversal_rejected", _("Reversal rejected")
    SCHEDULE_ADDED = "schedule_added", _("Commission schedule version added")
    COOL_OFF_SET = "cool_off_set", _("Cool-off set")
    ROLES_CHANGED = "roles_changed", _("Staff roles changed")
    EXPORTED = "exported", _("Report exported")
    ROLE_GRANT_REQUESTED = "role_grant_requested", _("Role grant requested")
    ROLE_GRANTED = "role_granted", _("Role granted")
    ROLE_GRANT_REJECTED = "role_grant_rejected", _("Role grant rejected")
    ROLE_REVOKED = "role_revoked", _("Role taken back")
    FIRST_ADMINISTRATOR = "first_administrator", _("Administrator made by manage.py")
    SCHEDULE_APPROVED = "schedule_approved", _("Commission schedule version approved")
    SCHEDULE_REJECTED = "schedule_rejected", _("Commission schedule version rejected")
    STAFF_PAGE = "staff_page", _("Staff page opened")
    STATEMENT_VIEWED = "statement_viewed", _("Statement viewed")
    HAND_HISTORY_VIEWED = "hand_history_viewed", _("Hand history viewed")
    ADMIN_CHANGE = "admin_change", _("Change in the Django admin")
    STAFF_LOGIN = "staff_login", _("Staff log-in")
    SECOND_FACTOR = "second_factor", _("Second factor checked")
    SECOND_FACTOR_ENROLLED = "second_factor_enrolled", _("Second factor enrolled")
    DEVICE_RESET_REQUESTED = "device_reset_requested", _("Second factor reset requested")
    DEVICE_RESET_APPROVED = "device_reset_approved", _("Second factor reset approved")
    DEVICE_RESET_REJECTED = "device_reset_rejected", _("Second factor reset rejected")


class AuditOutcome(models.TextChoices):
    """Whether a staff action was done or refused (AuditEntry.outcome): a refused attempt is logged too."""

    ALLOWED = "allowed", _("Done")
    REFUSED = "refused", _("Refused")


class AuditEntry(AppendOnlyModel):
    """One staff action, never changed: who, what, when, on which object, why, and on which page.

    The custom permissions of the staff roles live here (docs/decisions-ledger.md "Staff roles and four eyes").
    """

    # None: the site itself (a manage.py command run by whoever holds the server).
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    action = models.CharField(max_length=32, choices=AuditAction.choices)
    outcome = models.CharField(max_length=8, choices=AuditOutcome.choices, default=AuditOutcome.ALLOWED)
    object_type = models.CharField(max_length=40, blank=True)
    object_id = models.CharField(max_length=64, blank=True)
    object_label = models.CharField(max_length=200, blank=True)
    reason = models.TextField(blank=True)
    page = models.CharField(max_length=300, blank=True)
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-pk"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")
        permissions = [
            ("view_reports", "Can read every ledger report and export"),
            ("view_player_safety", "Can read players' limits, exclusions and statements"),
            ("request_correction", "Can request adjustments and reversals"),
            ("approve_correction", "Can approve or reject adjustments and reversals others requested"),
            ("set_cool_off", "Can set a player's cool-off"),
            ("manage_staff_roles", "Can change staff roles"),
        ]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.actor} {self.action} {self.object_label}"


class RoleGrantStatus(models.TextChoices):
    """Where a staff role grant is (RoleGrant.status); only an `active` grant gives the role's permissions."""

    PENDING = "pending", _("Waiting for a second administrator")
    ACTIVE = "active", _("Held")
    REJECTED = "rejected", _("Rejected")
    REVOKED = "revoked", _("Taken back")


class RoleGrant(models.Model):
    """One staff role given to one person, made only on the staff-roles page (ledger.staff) or, for the first
    administrators, by `manage.py first_administrator`: who granted it (`granted_by`; None for the command),
    who approved it where a second administrator must (`decided_by`), when, and when it was taken back.

    The staff permissions come from the active grants alone (ledger.backends.StaffRoleBackend); the Django group
    of the role is kept in step for the admin's read-only view.
    """

    grantee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="role_grants"
    )
    role = models.CharField(max_length=40)
    status = models.CharField(max_length=10, choices=RoleGrantStatus.choices, default=RoleGrantStatus.PENDING)
    reason = models.TextField(blank=True)
    granted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["grantee", "status"])]

    def __str__(self) -> str:
        return f"{self.role} → {self.grantee}"


class LedgerClose(models.Model):
    """One run of the scheduled ledger close (ledger.tasks.close_ledger under Celery beat): when it ran and what
    the reconciliation found, for staff (the reconciliation page lists the latest runs)."""

    ran_at = models.DateTimeField(auto_now_add=True, db_index=True)
    balanced = models.BooleanField()
    total_balance = models.BigIntegerField()  # minor units; 0 when balanced
    cache_mismatches = models.PositiveIntegerField()
    unbalanced = models.PositiveIntegerField()

    class Meta:
        ordering = ["-ran_at"]
