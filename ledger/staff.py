"""Staff actions on the ledger: adjustments with a second approver, and reversals (docs/rules/settlement.md "Money
safety": nothing is edited or deleted; a mistake is corrected by a reversing transaction)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ledger.books import adjustments_account
from ledger.errors import AlreadyReversed, ApprovalRefused, LedgerError
from ledger.models import Account, AdjustmentRequest, AdjustmentStatus, Transaction, TransactionKind
from ledger.posting import post, reverse

REVERSIBLE_KINDS = (TransactionKind.GRANT, TransactionKind.BOT_FUNDING, TransactionKind.ADJUSTMENT)


def _require_staff(user: Any) -> None:
    if not getattr(user, "is_staff", False):
        raise ApprovalRefused("not_staff", _("only staff may do this"))


def request_adjustment(*, account: Account, amount: int, reason: str, requested_by: Any) -> AdjustmentRequest:
    """Ask for an adjustment of `account` by `amount` minor units (+ credit, − debit) with a reason.

    Nothing is booked until another staff member approves. Raises ApprovalRefused (not_staff, no_reason,
    zero_amount).
    """
    _require_staff(requested_by)
    if not reason.strip():
        raise ApprovalRefused("no_reason", _("an adjustment needs a reason"))
    if amount == 0:
        raise ApprovalRefused("zero_amount", _("an adjustment of zero changes nothing"))
    return AdjustmentRequest.objects.create(
        account=account, amount=amount, reason=reason.strip(), requested_by=requested_by
    )


def approve_adjustment(request_id: int, approver: Any) -> Transaction:
    """Approve and book an adjustment (key `adjustment:{request id}`) against the adjustments account.

    Raises ApprovalRefused when the approver requested it himself, is not staff, or it was already decided;
    InsufficientFunds when a debit would take a wallet below zero (the request then stays pending).
    """
    _require_staff(approver)
    with transaction.atomic():
        # Lock the request so two approvers cannot both book it.
        request = AdjustmentRequest.objects.select_for_update().select_related("account").get(pk=request_id)
        if request.status != AdjustmentStatus.PENDING:
            raise ApprovalRefused("already_decided", _("this adjustment was already decided"))
        if request.requested_by_id == approver.pk:
            raise ApprovalRefused("same_staff", _("a second staff member must approve an adjustment"))
        counter = adjustments_account(request.account.currency)
        booked = post(
            key=f"adjustment:{request.pk}",
            kind=TransactionKind.ADJUSTMENT,
            lines=[(request.account_id, request.amount), (counter.pk, -request.amount)],
            actor_id=approver.pk,
            reason=request.reason,
            details={"requested_by": request.requested_by_id, "approved_by": approver.pk},
        )
        AdjustmentRequest.objects.filter(pk=request.pk).update(
            status=AdjustmentStatus.APPROVED,
            decided_by=approver,
            decided_at=timezone.now(),
            transaction=booked,
        )
    return booked


def reject_adjustment(request_id: int, approver: Any) -> None:
    """Reject a pending adjustment (by a staff member other than the requester)."""
    _require_staff(approver)
    with transaction.atomic():
        request = AdjustmentRequest.objects.select_for_update().get(pk=request_id)
        if request.status != AdjustmentStatus.PENDING:
            raise ApprovalRefused("already_decided", _("this adjustment was already decided"))
        if request.requested_by_id == approver.pk:
            raise ApprovalRefused("same_staff", _("a second staff member must decide an adjustment"))
        AdjustmentRequest.objects.filter(pk=request.pk).update(
            status=AdjustmentStatus.REJECTED, decided_by=approver, decided_at=timezone.now()
        )


def reverse_transaction(transaction_id: int, *, actor: Any, reason: str) -> Transaction:
    """Reverse a transaction once, by staff, with a reason (key `reverse:{id}`).

    Reservations and settlements are not reversed here: a reservation is released with its unit, and a
    settlement is corrected by an adjustment so the unit's record stays whole.
    Raises ApprovalRefused (not_staff, no_reason), LedgerError(not_reversible), AlreadyReversed,
    InsufficientFunds.
    """
    _require_staff(actor)
    if not reason.strip():
        raise ApprovalRefused("no_reason", _("a reversal needs a reason"))
    original = Transaction.objects.get(pk=transaction_id)
    if original.kind not in REVERSIBLE_KINDS:
        raise LedgerError(
            "not_reversible", _("a %(kind)s transaction is not reversed by hand") % {"kind": original.kind}
        )
    if Transaction.objects.filter(reverses=original).exists():
        raise AlreadyReversed(
            "already_reversed", _("transaction %(id)s is already reversed") % {"id": original.pk}
        )
    return reverse(original, actor_id=actor.pk, reason=reason.strip())
