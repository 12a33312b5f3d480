"""Staff actions on the ledger, each with four eyes and an audit entry (docs/rules/settlement.md "Money safety";
docs/decisions-ledger.md "Staff roles and four eyes"): adjustments and reversals are requests that a second staff
member approves; nobody approves their own request or a change that credits their own wallet. Cool-offs and role
changes are booked here too, so every staff action writes its audit entry in the same database transaction.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import Group
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ledger import audit, roles
from ledger.books import adjustments_account
from ledger.errors import AlreadyReversed, ApprovalRefused, LedgerError
from ledger.models import (
    Account,
    AdjustmentRequest,
    AdjustmentStatus,
    AuditAction,
    ReversalRequest,
    SelfExclusion,
    Transaction,
    TransactionKind,
)
from ledger.names import account_label
from ledger.posting import post, reverse

REVERSIBLE_KINDS = (TransactionKind.GRANT, TransactionKind.BOT_FUNDING, TransactionKind.ADJUSTMENT)


def require(user: Any, codename: str) -> None:
    """Raise ApprovalRefused(`not_allowed`) unless `user` holds `ledger.{codename}` (a staff role's permission)."""
    if not (getattr(user, "is_authenticated", False) and user.has_perm(f"ledger.{codename}")):
        raise ApprovalRefused("not_allowed", _("your staff role does not allow this"))


def _refuse_own(credited: Iterable[int], approver: Any, message: str) -> None:
    own = set(Account.objects.filter(user_id=approver.pk).values_list("pk", flat=True))
    if own & set(credited):
        raise ApprovalRefused("own_account", message)


def _lock_pending(model: Any, request_id: int, related: str, approver: Any, decided: str, second: str) -> Any:
    """The pending request `request_id` of `model` (AdjustmentRequest or ReversalRequest), locked so that two
    approvers cannot both decide it, with `related` joined. Raises ApprovalRefused `already_decided` (text
    `decided`) or `same_staff` when `approver` requested it (text `second`)."""
    request = model.objects.select_for_update().select_related(related).get(pk=request_id)
    if request.status != AdjustmentStatus.PENDING:
        raise ApprovalRefused("already_decided", decided)
    if request.requested_by_id == approver.pk:
        raise ApprovalRefused("same_staff", second)
    return request


def _mark_decided(request: Any, status: str, approver: Any, booked: Transaction | None = None) -> None:
    """Record the decision on a request row: its status, who decided and when, and the booked transaction."""
    fields: dict[str, Any] = {"status": status, "decided_by": approver, "decided_at": timezone.now()}
    if booked is not None:
        fields["transaction"] = booked
    type(request).objects.filter(pk=request.pk).update(**fields)


def request_adjustment(
    *, account: Account, amount: int, reason: str, requested_by: Any, page: str = ""
) -> AdjustmentRequest:
    """Ask for an adjustment of `account` by `amount` minor units (+ credit, − debit) with a reason.

    Nothing is booked until another staff member approves. Raises ApprovalRefused (not_allowed, no_reason,
    zero_amount).
    """
    require(requested_by, roles.REQUEST_CORRECTION)
    if not reason.strip():
        raise ApprovalRefused("no_reason", _("an adjustment needs a reason"))
    if amount == 0:
        raise ApprovalRefused("zero_amount", _("an adjustment of zero changes nothing"))
    with transaction.atomic():
        request = AdjustmentRequest.objects.create(
            account=account, amount=amount, reason=reason.strip(), requested_by=requested_by
        )
        audit.record(
            requested_by,
            AuditAction.ADJUSTMENT_REQUESTED,
            obj=request,
            label=f"{account_label(account)} {amount:+d}",
            reason=request.reason,
            page=page,
            details={"account": account.pk, "amount": amount},
        )
    return request


def approve_adjustment(request_id: int, approver: Any, *, page: str = "") -> Transaction:
    """Approve and book an adjustment (key `adjustment:{request id}`) against the adjustments account.

    Raises ApprovalRefused: `not_allowed` (no approver role), `already_decided`, `same_staff` (the approver
    requested it), `own_account` (it credits the approver's own wallet); InsufficientFunds when a debit would take
    a wallet below zero (the request then stays pending).
    """
    require(approver, roles.APPROVE_CORRECTION)
    with transaction.atomic():
        request = _lock_pending(
            AdjustmentRequest,
            request_id,
            "account",
            approver,
            _("this adjustment was already decided"),
            _("a second staff member must approve an adjustment"),
        )
        if request.amount > 0:
            _refuse_own(
                [request.account_id],
                approver,
                _("you may not approve an adjustment that credits your own wallet"),
            )
        counter = adjustments_account(request.account.currency)
        booked = post(
            key=f"adjustment:{request.pk}",
            kind=TransactionKind.ADJUSTMENT,
            lines=[(request.account_id, request.amount), (counter.pk, -request.amount)],
            actor_id=approver.pk,
            reason=request.reason,
            details={"requested_by": request.requested_by_id, "approved_by": approver.pk},
        )
        _mark_decided(request, AdjustmentStatus.APPROVED, approver, booked)
        audit.record(
            approver,
            AuditAction.ADJUSTMENT_APPROVED,
            obj=request,
            label=f"{account_label(request.account)} {request.amount:+d}",
            reason=request.reason,
            page=page,
            details={"transaction": booked.pk, "amount": request.amount},
        )
    return booked


def reject_adjustment(request_id: int, approver: Any, *, page: str = "") -> None:
    """Reject a pending adjustment (by an approver other than the requester). Raises ApprovalRefused
    (not_allowed, already_decided, same_staff)."""
    require(approver, roles.APPROVE_CORRECTION)
    with transaction.atomic():
        request = _lock_pending(
            AdjustmentRequest,
            request_id,
            "account",
            approver,
            _("this adjustment was already decided"),
            _("a second staff member must decide an adjustment"),
        )
        _mark_decided(request, AdjustmentStatus.REJECTED, approver)
        audit.record(
            approver,
            AuditAction.ADJUSTMENT_REJECTED,
            obj=request,
            label=f"{account_label(request.account)} {request.amount:+d}",
            reason=request.reason,
            page=page,
        )


def request_reversal(
    transaction_id: int, *, requested_by: Any, reason: str, page: str = ""
) -> ReversalRequest:
    """Ask for the reversal of a transaction, with a reason; a second staff member books it (approve_reversal).

    Reservations and settlements are not reversed by hand: a reservation is released with its unit, and a
    settlement is corrected by an adjustment so the unit's record stays whole. Raises ApprovalRefused
    (not_allowed, no_reason, already_requested), LedgerError(not_reversible), AlreadyReversed.
    """
    require(requested_by, roles.REQUEST_CORRECTION)
    if not reason.strip():
        raise ApprovalRefused("no_reason", _("a reversal needs a reason"))
    with transaction.atomic():
        original = Transaction.objects.select_for_update().get(pk=transaction_id)
        if original.kind not in REVERSIBLE_KINDS:
            raise LedgerError(
                "not_reversible",
                _("a %(kind)s transaction is not reversed by hand") % {"kind": original.get_kind_display()},
            )
        if Transaction.objects.filter(reverses=original).exists():
            raise AlreadyReversed(
                "already_reversed", _("transaction %(id)s is already reversed") % {"id": original.pk}
            )
        if ReversalRequest.objects.filter(original=original, status=AdjustmentStatus.PENDING).exists():
            raise ApprovalRefused("already_requested", _("a reversal of this transaction is already waiting"))
        request = ReversalRequest.objects.create(
            original=original, reason=reason.strip(), requested_by=requested_by
        )
        audit.record(
            requested_by,
            AuditAction.REVERSAL_REQUESTED,
            obj=request,
            label=f"{original.get_kind_display()} #{original.pk}",
            reason=request.reason,
            page=page,
            details={"transaction": original.pk},
        )
    return request


def approve_reversal(request_id: int, approver: Any, *, page: str = "") -> Transaction:
    """Book a requested reversal (key `reverse:{transaction id}`), by an approver other than the requester.

    Raises ApprovalRefused (not_allowed, already_decided, same_staff, own_account: the reversal would credit
    the approver's own wallet), AlreadyReversed, InsufficientFunds (the money has left the wallet; the request
    stays pending).
    """
    require(approver, roles.APPROVE_CORRECTION)
    with transaction.atomic():
        request = _lock_pending(
            ReversalRequest,
            request_id,
            "original",
            approver,
            _("this reversal was already decided"),
            _("a second staff member must approve a reversal"),
        )
        postings = list(request.original.postings.all())
        _refuse_own(
            [p.account_id for p in postings if p.amount < 0],
            approver,
            _("you may not approve a reversal that credits your own wallet"),
        )
        booked = reverse(request.original, actor_id=approver.pk, reason=request.reason)
        _mark_decided(request, AdjustmentStatus.APPROVED, approver, booked)
        audit.record(
            approver,
            AuditAction.REVERSAL_APPROVED,
            obj=request,
            label=f"{request.original.get_kind_display()} #{request.original_id}",
            reason=request.reason,
            page=page,
            details={"transaction": request.original_id, "reversal": booked.pk},
        )
    return booked


def reject_reversal(request_id: int, approver: Any, *, page: str = "") -> None:
    """Reject a requested reversal (by an approver other than the requester). Raises ApprovalRefused
    (not_allowed, already_decided, same_staff)."""
    require(approver, roles.APPROVE_CORRECTION)
    with transaction.atomic():
        request = _lock_pending(
            ReversalRequest,
            request_id,
            "original",
            approver,
            _("this reversal was already decided"),
            _("a second staff member must decide a reversal"),
        )
        _mark_decided(request, AdjustmentStatus.REJECTED, approver)
        audit.record(
            approver,
            AuditAction.REVERSAL_REJECTED,
            obj=request,
            label=f"{request.original.get_kind_display()} #{request.original_id}",
            reason=request.reason,
            page=page,
        )


def set_cool_off(user: Any, *, days: int, reason: str, staff: Any, page: str = "") -> SelfExclusion:
    """A responsible-gaming officer's cool-off: `user` may not join stakes tables for `days` days (1–365) from
    now, recorded with who set it and why. Raises ApprovalRefused (not_allowed, no_reason), ValueError (days)."""
    require(staff, roles.SET_COOL_OFF)
    if not reason.strip():
        raise ApprovalRefused("no_reason", _("a cool-off needs a reason"))
    if not 1 <= days <= 365:
        raise ValueError("a cool-off lasts 1 to 365 days")
    now = timezone.now()
    with transaction.atomic():
        row = SelfExclusion.objects.create(
            user=user, starts_at=now, ends_at=now + timedelta(days=days), set_by=staff, reason=reason.strip()
        )
        audit.record(
            staff,
            AuditAction.COOL_OFF_SET,
            obj=row,
            label=str(getattr(user, "display_name", user)),
            reason=row.reason,
            page=page,
            details={"user": user.pk, "days": days},
        )
    return row


def set_staff_roles(
    user: Any, group_names: Iterable[str], *, staff: Any, reason: str = "", page: str = ""
) -> None:
    """Give `user` exactly the staff roles `group_names` (names of ledger.roles.ROLES); `is_staff` follows (a
    user with a role may use the Django admin's read-only ledger views). Raises ApprovalRefused (not_allowed,
    own_roles: nobody changes their own roles), ValueError for an unknown role."""
    require(staff, roles.MANAGE_STAFF_ROLES)
    if user.pk == staff.pk:
        raise ApprovalRefused("own_roles", _("another administrator must change your own roles"))
    names = sorted(set(group_names))
    unknown = set(names) - set(roles.ROLES)
    if unknown:
        raise ValueError(f"unknown roles {sorted(unknown)}")
    with transaction.atomic():
        before = sorted(user.groups.filter(name__in=roles.ROLES).values_list("name", flat=True))
        others = list(user.groups.exclude(name__in=roles.ROLES))
        user.groups.set([*others, *Group.objects.filter(name__in=names)])
        if bool(names) != user.is_staff and not user.is_superuser:
            user.is_staff = bool(names)
            user.save(update_fields=["is_staff"])
        audit.record(
            staff,
            AuditAction.ROLES_CHANGED,
            obj=user,
            label=str(getattr(user, "display_name", user)),
            reason=reason,
            page=page,
            details={"before": before, "after": names},
        )
