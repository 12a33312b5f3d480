"""Staff actions on the ledger, each with four eyes and an audit entry (docs/rules/settlement.md "Money safety";
docs/decisions-ledger.md "Staff roles and four eyes" and "Separation of duties"): adjustments and reversals are
requests that a second staff member approves; nobody approves their own request, a change that credits their own
wallet, or a request of the staff member who granted them the role they would approve it with. Cool-offs and role
grants are booked here too, so every staff action writes its audit entry in the same database transaction, and
every refused attempt writes one with the refusal's code (`audited`).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from datetime import timedelta
from functools import wraps
from typing import Any, TypeVar

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction
from django.db.models import Sum
from django.db.models.functions import Abs
from django.utils import timezone
from django.utils.translation import get_language
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
    RoleGrant,
    RoleGrantStatus,
    SelfExclusion,
    Transaction,
    TransactionKind,
)
from ledger.money import format_money
from ledger.names import PLAYER, account_group, account_label
from ledger.posting import post, reverse

F = TypeVar("F", bound=Callable[..., Any])


def audited(action: str, actor: str) -> Callable[[F], F]:
    """Decorate a staff service so that a refused attempt is written to the audit log too.

    `action` is the AuditAction the service records when it succeeds; `actor` names the argument that holds the
    staff member. When the service raises LedgerError (ApprovalRefused and the other refusals) or ValueError, one
    entry with outcome `refused`, the refusal's code and message and the call's plain arguments is written after
    the service's own transaction rolled back, then the error propagates unchanged. Anonymous actors (never a
    staff member) are not recorded.
    """

    def decorate(service: F) -> F:
        signature = inspect.signature(service)

        @wraps(service)
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            try:
                return service(*args, **kwargs)
            except (LedgerError, ValueError) as error:
                call = signature.bind(*args, **kwargs).arguments
                audit.refused(
                    call.get(actor),
                    action,
                    code=getattr(error, "code", "invalid"),
                    message=getattr(error, "message", str(error)),
                    page=str(call.get("page", "")),
                    details=audit.plain_arguments(call, skip=(actor, "page")),
                )
                raise

        return wrapped  # type: ignore[return-value]

    return decorate


REVERSIBLE_KINDS = (TransactionKind.GRANT, TransactionKind.BOT_FUNDING, TransactionKind.ADJUSTMENT)


def require(user: Any, codename: str) -> None:
    """Raise ApprovalRefused(`not_allowed`) unless `user` holds `ledger.{codename}` (a staff role's permission)."""
    if not (getattr(user, "is_authenticated", False) and user.has_perm(f"ledger.{codename}")):
        raise ApprovalRefused("not_allowed", _("your staff role does not allow this"))


def _refuse_own(credited: Iterable[int], approver: Any, message: str) -> None:
    own = set(Account.objects.filter(user_id=approver.pk).values_list("pk", flat=True))
    if own & set(credited):
        raise ApprovalRefused("own_account", message)


def granted_by(user: Any, codename: str) -> set[int]:
    """Ids of the staff members who granted `user` a role carrying `ledger.{codename}` that `user` holds now (the
    grantor who chose that person; the second administrator who approved the grant only checked it)."""
    names = [name for name, codes in roles.ROLES.items() if codename in codes]
    ids = RoleGrant.objects.filter(
        grantee_id=user.pk, status=RoleGrantStatus.ACTIVE, role__in=names, granted_by__isnull=False
    ).values_list("granted_by_id", flat=True)
    return set(ids)


def refuse_puppet(approver: Any, requester_id: int | None, codename: str) -> None:
    """Raise ApprovalRefused(`granted_by_requester`) when the staff member `requester_id` granted `approver` the
    role whose `codename` the approval needs: an administrator who made a colleague an approver may not have
    that colleague approve the administrator's own requests (the puppet approver, docs/decisions-ledger.md
    "Separation of duties")."""
    if requester_id is not None and requester_id in granted_by(approver, codename):
        raise ApprovalRefused(
            "granted_by_requester",
            _(
                "the person who asked for this gave you the role you would decide it with; another colleague must"
            ),
        )


def _lock_pending(model: Any, request_id: int, related: str, approver: Any, decided: str, second: str) -> Any:
    """The pending request `request_id` of `model` (AdjustmentRequest or ReversalRequest), locked so that two
    approvers cannot both decide it, with `related` joined. Raises ApprovalRefused `already_decided` (text
    `decided`), `same_staff` when `approver` requested it (text `second`), `granted_by_requester` when the
    requester granted the approver their approving role, `no_such_request`."""
    request = model.objects.select_for_update().select_related(related).filter(pk=request_id).first()
    if request is None:
        raise ApprovalRefused("no_such_request", _("there is no such request"))
    if request.status != AdjustmentStatus.PENDING:
        raise ApprovalRefused("already_decided", decided)
    if request.requested_by_id == approver.pk:
        raise ApprovalRefused("same_staff", second)
    refuse_puppet(approver, request.requested_by_id, roles.APPROVE_CORRECTION)
    return request


def _mark_decided(request: Any, status: str, approver: Any, booked: Transaction | None = None) -> None:
    """Record the decision on a request row: its status, who decided and when, and the booked transaction."""
    fields: dict[str, Any] = {"status": status, "decided_by": approver, "decided_at": timezone.now()}
    if booked is not None:
        fields["transaction"] = booked
    type(request).objects.filter(pk=request.pk).update(**fields)


def adjustment_limits() -> tuple[int, int]:
    """`(per request, per requester per day)` in minor units: KIBITZ_ADJUSTMENT_MAX (default 100000 = 1,000.00)
    and KIBITZ_ADJUSTMENT_DAY_MAX (default 500000 = 5,000.00)."""
    return (
        int(getattr(settings, "KIBITZ_ADJUSTMENT_MAX", 100_000)),
        int(getattr(settings, "KIBITZ_ADJUSTMENT_DAY_MAX", 500_000)),
    )


def requested_today(requester: Any) -> int:
    """Σ |amount| (minor units) of `requester`'s adjustment requests asked today (the site's calendar day) that
    are pending or booked; rejected ones do not count."""
    start = timezone.localtime().replace(hour=0, minute=0, second=0, microsecond=0)
    total = AdjustmentRequest.objects.filter(
        requested_by_id=requester.pk,
        created_at__gte=start,
        status__in=(AdjustmentStatus.PENDING, AdjustmentStatus.APPROVED),
    ).aggregate(total=Sum(Abs("amount")))["total"]
    return int(total or 0)


@audited(AuditAction.ADJUSTMENT_REQUESTED, actor="requested_by")
def request_adjustment(
    *, account: Account, amount: int, reason: str, requested_by: Any, page: str = ""
) -> AdjustmentRequest:
    """Ask for an adjustment of a player's wallet `account` by `amount` minor units (+ credit, − debit) with a
    reason.

    Nothing is booked until another staff member approves. Bounds (docs/decisions-ledger.md "Adjustments"):
    |amount| ≤ KIBITZ_ADJUSTMENT_MAX, and the requester's pending and booked requests of the day plus this one
    ≤ KIBITZ_ADJUSTMENT_DAY_MAX. Raises ApprovalRefused (not_allowed, no_reason, zero_amount,
    not_a_player_wallet: house accounts, escrows, bots' and staff wallets are never adjusted by hand,
    over_request_max, over_day_max).
    """
    require(requested_by, roles.REQUEST_CORRECTION)
    if not reason.strip():
        raise ApprovalRefused("no_reason", _("an adjustment needs a reason"))
    if amount == 0:
        raise ApprovalRefused("zero_amount", _("an adjustment of zero changes nothing"))
    if account_group(account) != PLAYER:
        raise ApprovalRefused("not_a_player_wallet", _("only a player's wallet can be adjusted"))
    per_request, per_day = adjustment_limits()
    language = get_language()
    if abs(amount) > per_request:
        raise ApprovalRefused(
            "over_request_max",
            _("an adjustment may move at most %(max)s") % {"max": format_money(per_request, language)},
        )
    with transaction.atomic():
        # The requester's row lock serialises their requests, so two at once cannot both pass the day's bound.
        get_user_model().objects.select_for_update().filter(pk=requested_by.pk).first()
        if requested_today(requested_by) + abs(amount) > per_day:
            raise ApprovalRefused(
                "over_day_max",
                _("your adjustments today (waiting and booked) would pass %(max)s")
                % {"max": format_money(per_day, language)},
            )
        request = AdjustmentRequest.objects.create(
            account=account, amount=amount, reason=reason.strip(), requested_by=requested_by
        )
        audit.record(
            requested_by,
            AuditAction.ADJUSTMENT_REQUESTED,
            obj=request,
            label=account_label(account),
            reason=request.reason,
            page=page,
            details={"account": account.pk, "amount": amount},
        )
    return request


@audited(AuditAction.ADJUSTMENT_APPROVED, actor="approver")
def approve_adjustment(request_id: int, approver: Any, *, page: str = "") -> Transaction:
    """Approve and book an adjustment (key `adjustment:{request id}`) against the adjustments account.

    Raises ApprovalRefused: `not_allowed` (no approver role), `already_decided`, `same_staff` (the approver
    requested it), `granted_by_requester` (the requester granted the approver's role), `own_account` (it credits
    the approver's own wallet); InsufficientFunds when a debit would take
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
            label=account_label(request.account),
            reason=request.reason,
            page=page,
            details={"transaction": booked.pk, "amount": request.amount},
        )
    return booked


@audited(AuditAction.ADJUSTMENT_REJECTED, actor="approver")
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
            label=account_label(request.account),
            reason=request.reason,
            page=page,
            details={"amount": request.amount},
        )


@audited(AuditAction.REVERSAL_REQUESTED, actor="requested_by")
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
        original = Transaction.objects.select_for_update().filter(pk=transaction_id).first()
        if original is None:
            raise LedgerError("no_such_transaction", _("there is no such transaction"))
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


@audited(AuditAction.REVERSAL_APPROVED, actor="approver")
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


@audited(AuditAction.REVERSAL_REJECTED, actor="approver")
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


@audited(AuditAction.COOL_OFF_SET, actor="staff")
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


def _sync_groups(user: Any) -> None:
    """Put `user` in exactly the groups of their active role grants (the Django admin shows them read-only) and
    make `is_staff` follow (a user with a role may open the admin's read-only ledger views); a superuser keeps
    `is_staff`."""
    names = roles.granted_roles(user)
    others = list(user.groups.exclude(name__in=roles.ROLES))
    user.groups.set([*others, *Group.objects.filter(name__in=names)])
    if bool(names) != user.is_staff and not user.is_superuser:
        user.is_staff = bool(names)
        user.save(update_fields=["is_staff"])


def _grant_label(grant: RoleGrant) -> str:
    user = grant.grantee
    return f"{getattr(user, 'display_name', user)}: {roles.ROLE_LABELS.get(grant.role, grant.role)}"


@audited(AuditAction.ROLES_CHANGED, actor="staff")
def set_staff_roles(
    user: Any, group_names: Iterable[str], *, staff: Any, reason: str = "", page: str = ""
) -> dict[str, list[str]]:
    """Give `user` the staff roles `group_names` (names of ledger.roles.ROLES), the staff-roles page's one write.

    Each role added is a RoleGrant recorded with its grantor and time: Finance and the responsible-gaming officer
    are held at once; a role that can approve money or give roles (roles.FOUR_EYES_ROLES: Approver,
    Administrator) waits, pending, for a second administrator (approve_role_grant). A role not ticked any more is
    taken back at once (taking a power away needs no second pair of eyes), and a pending grant not ticked any
    more is withdrawn. Returns `{"granted": [...], "pending": [...], "revoked": [...]}` (role names). Raises
    ApprovalRefused (not_allowed, own_roles: nobody changes their own roles), ValueError for an unknown role.
    """
    require(staff, roles.MANAGE_STAFF_ROLES)
    if user.pk == staff.pk:
        raise ApprovalRefused("own_roles", _("another administrator must change your own roles"))
    names = set(group_names)
    unknown = names - set(roles.ROLES)
    if unknown:
        raise ValueError(f"unknown roles {sorted(unknown)}")
    now = timezone.now()
    done: dict[str, list[str]] = {"granted": [], "pending": [], "revoked": []}
    with transaction.atomic():
        grants = list(
            RoleGrant.objects.select_for_update()
            .filter(grantee_id=user.pk, status__in=(RoleGrantStatus.ACTIVE, RoleGrantStatus.PENDING))
            .order_by("pk")
        )
        before = sorted({g.role for g in grants if g.status == RoleGrantStatus.ACTIVE})
        held = {g.role for g in grants}
        for grant in grants:
            if grant.role in names:
                continue
            if grant.status == RoleGrantStatus.ACTIVE:
                grant.status, grant.revoked_by, grant.revoked_at = RoleGrantStatus.REVOKED, staff, now
                grant.save(update_fields=["status", "revoked_by", "revoked_at"])
                done["revoked"].append(grant.role)
            else:
                grant.status, grant.decided_by, grant.decided_at = RoleGrantStatus.REJECTED, staff, now
                grant.save(update_fields=["status", "decided_by", "decided_at"])
        for name in sorted(names - held):
            waits = name in roles.FOUR_EYES_ROLES
            RoleGrant.objects.create(
                grantee=user,
                role=name,
                granted_by=staff,
                reason=reason.strip(),
                status=RoleGrantStatus.PENDING if waits else RoleGrantStatus.ACTIVE,
                decided_at=None if waits else now,
            )
            done["pending" if waits else "granted"].append(name)
        _sync_groups(user)
        audit.record(
            staff,
            AuditAction.ROLES_CHANGED,
            obj=user,
            label=str(getattr(user, "display_name", user)),
            reason=reason,
            page=page,
            details={"before": before, "after": sorted(roles.granted_roles(user)), **done},
        )
    return done


def _lock_pending_grant(grant_id: int, approver: Any) -> RoleGrant:
    grant = RoleGrant.objects.select_for_update().select_related("grantee").filter(pk=grant_id).first()
    if grant is None:
        raise ApprovalRefused("no_such_request", _("there is no such request"))
    if grant.status != RoleGrantStatus.PENDING:
        raise ApprovalRefused("already_decided", _("this role grant was already decided"))
    if grant.granted_by_id == approver.pk:
        raise ApprovalRefused("same_staff", _("a second administrator must approve a role grant"))
    if grant.grantee_id == approver.pk:
        raise ApprovalRefused("own_roles", _("another administrator must change your own roles"))
    refuse_puppet(approver, grant.granted_by_id, roles.MANAGE_STAFF_ROLES)
    return grant


@audited(AuditAction.ROLE_GRANTED, actor="approver")
def approve_role_grant(grant_id: int, approver: Any, *, page: str = "") -> RoleGrant:
    """A second administrator approves a pending grant of a role that can approve money or give roles; the
    grantee holds it from now. Raises ApprovalRefused (not_allowed, no_such_request, already_decided,
    same_staff: the administrator who asked for it, own_roles: the grantee, granted_by_requester)."""
    require(approver, roles.MANAGE_STAFF_ROLES)
    with transaction.atomic():
        grant = _lock_pending_grant(grant_id, approver)
        grant.status, grant.decided_by, grant.decided_at = RoleGrantStatus.ACTIVE, approver, timezone.now()
        grant.save(update_fields=["status", "decided_by", "decided_at"])
        _sync_groups(grant.grantee)
        audit.record(
            approver,
            AuditAction.ROLE_GRANTED,
            obj=grant,
            label=_grant_label(grant),
            reason=grant.reason,
            page=page,
            details={"grantee": grant.grantee_id, "role": grant.role, "granted_by": grant.granted_by_id},
        )
    return grant


@audited(AuditAction.ROLE_GRANT_REJECTED, actor="approver")
def reject_role_grant(grant_id: int, approver: Any, *, page: str = "") -> None:
    """A second administrator rejects a pending role grant. Raises ApprovalRefused as approve_role_grant."""
    require(approver, roles.MANAGE_STAFF_ROLES)
    with transaction.atomic():
        grant = _lock_pending_grant(grant_id, approver)
        grant.status, grant.decided_by, grant.decided_at = RoleGrantStatus.REJECTED, approver, timezone.now()
        grant.save(update_fields=["status", "decided_by", "decided_at"])
        audit.record(
            approver,
            AuditAction.ROLE_GRANT_REJECTED,
            obj=grant,
            label=_grant_label(grant),
            reason=grant.reason,
            page=page,
            details={"grantee": grant.grantee_id, "role": grant.role, "granted_by": grant.granted_by_id},
        )


def bootstrap_administrator(user: Any, *, reason: str) -> RoleGrant:
    """Make `user` an Administrator without a second administrator: `manage.py first_administrator` only, while
    fewer than two people hold the role (with one administrator no grant of a four-eyes role could ever be
    approved). Written to the audit log with no actor (the site itself). Raises ApprovalRefused
    (`administrators_exist` once two hold the role, `already_held`)."""
    with transaction.atomic():
        active = RoleGrant.objects.select_for_update().filter(
            role=roles.ADMINISTRATOR, status=RoleGrantStatus.ACTIVE
        )
        holders = {g.grantee_id for g in active}
        if user.pk in holders:
            raise ApprovalRefused("already_held", _("this user is already an administrator"))
        if len(holders) >= 2:
            raise ApprovalRefused(
                "administrators_exist",
                _(
                    "two administrators exist: grant the role on the staff-roles page, where a second approves it"
                ),
            )
        roles.ensure_roles()
        grant = RoleGrant.objects.create(
            grantee=user,
            role=roles.ADMINISTRATOR,
            status=RoleGrantStatus.ACTIVE,
            reason=reason,
            decided_at=timezone.now(),
        )
        _sync_groups(user)
        audit.record(
            None,
            AuditAction.FIRST_ADMINISTRATOR,
            obj=grant,
            label=_grant_label(grant),
            reason=reason,
            page="manage.py first_administrator",
            details={"grantee": user.pk, "role": roles.ADMINISTRATOR},
        )
    return grant
