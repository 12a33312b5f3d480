"""The staff's second factor (docs/decisions-ledger.md "Second factor"): an account that is staff (`is_staff`,
`is_superuser` or any staff role) opens no back-office page and no Django admin page until it has proved a
one-time password in this session. The devices are django-otp's: a TOTP device (an authenticator app) enrolled
at the first staff page after sign-in, and ten single-use recovery codes (a static device) shown once.

KIBITZ_STAFF_SECOND_FACTOR ("1" by default) switches the requirement; the tests' settings turn it off for the
tests that are about something else, and the second factor's own tests turn it on.
"""

from __future__ import annotations

from base64 import b32encode
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django_otp import devices_for_user, verify_token
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

from ledger import audit, roles
from ledger.errors import ApprovalRefused
from ledger.models import AdjustmentStatus, AuditAction, DeviceResetRequest
from ledger.staff import audited, refuse_puppet, require

PROTECTED = ("/ledger/staff/", "/admin/")
RECOVERY_CODES = 10


def required() -> bool:
    """True when staff must prove a second factor (settings.KIBITZ_STAFF_SECOND_FACTOR, default True)."""
    return bool(getattr(settings, "KIBITZ_STAFF_SECOND_FACTOR", True))


def is_staff_account(user: Any) -> bool:
    """True for a signed-in account that must use a second factor: `is_staff`, `is_superuser` or a staff role."""
    if not getattr(user, "is_authenticated", False):
        return False
    return bool(user.is_staff or user.is_superuser) or roles.holds_any_role(user)


def unverified(user: Any) -> bool:
    """True when `user` is a staff account that must still prove its second factor in this session: the
    requirement is on (required()), the account is staff (is_staff_account) and django-otp's OTPMiddleware has
    not marked it verified (`user.is_verified()`; False when the middleware did not run)."""
    if not (required() and is_staff_account(user)):
        return False
    is_verified = getattr(user, "is_verified", None)
    return not (callable(is_verified) and is_verified())


def prove_url(next_path: str) -> str:
    """The second-factor page's address that comes back to `next_path` (a same-site path) once proved."""
    return reverse("ledger:second_factor") + "?" + urlencode({"next": next_path})


def totp_device(user: Any, *, confirmed: bool) -> TOTPDevice | None:
    """`user`'s TOTP device, the confirmed one or the one waiting to be confirmed at enrolment (or None)."""
    return TOTPDevice.objects.filter(user=user, confirmed=confirmed).order_by("pk").first()


def start_enrolment(user: Any) -> TOTPDevice:
    """The unconfirmed TOTP device `user` is enrolling (made on first call, the same one until confirmed)."""
    device = totp_device(user, confirmed=False)
    return device or TOTPDevice.objects.create(user=user, name="authenticator", confirmed=False)


def secret_of(device: TOTPDevice) -> str:
    """The device's secret as the base32 text authenticator apps take by hand."""
    return b32encode(device.bin_key).decode().rstrip("=")


def confirm_enrolment(user: Any, token: str) -> tuple[TOTPDevice, list[str]] | None:
    """Confirm `user`'s enrolling device with a first `token`: the device is confirmed and ten new recovery codes
    replace any old ones. Returns `(device, codes)` (the codes are shown once), or None when the token is wrong."""
    device = totp_device(user, confirmed=False)
    if device is None or not device.verify_token(normalised(token)):
        return None
    device.confirmed = True
    device.save(update_fields=["confirmed"])
    TOTPDevice.objects.filter(user=user, confirmed=False).delete()
    StaticDevice.objects.filter(user=user).delete()
    recovery = StaticDevice.objects.create(user=user, name="recovery codes", confirmed=True)
    codes = [StaticToken.random_token() for _ in range(RECOVERY_CODES)]
    StaticToken.objects.bulk_create(StaticToken(device=recovery, token=code) for code in codes)
    return device, codes


@dataclass(frozen=True)
class TokenCheck:
    """What check_token found: `device`, the confirmed device that accepted the code (None when none did), and
    `locked_until`, when the code was not checked at all because its device is waiting after wrong codes
    (django-otp's throttling: 1, 2, 4 … s after the 1st, 2nd, 3rd … wrong code), the moment it may be tried again."""

    device: Any = None
    locked_until: datetime | None = None


def normalised(token: str) -> str:
    """`token` as the devices store it: without spaces and hyphens (apps show "123 456"), a recovery code in
    lower case (django-otp's codes are lower-case base32; people copy them in capitals too)."""
    plain = "".join(token.split()).replace("-", "")
    return plain if plain.isdigit() else plain.lower()


def check_token(user: Any, token: str) -> TokenCheck:
    """Check `token` against `user`'s confirmed devices of its own kind: digits go to the authenticator (TOTP)
    device, anything else to the recovery codes (static device, a code is spent when accepted). So a wrong code
    makes only its own kind wait (django-otp's throttling) and a mistyped authenticator code never locks the
    recovery codes. A device still waiting is not tried (its `locked_until` is returned); an accepted code clears
    the wait of all `user`'s devices. Returns a TokenCheck."""
    plain = normalised(token)
    kind = TOTPDevice if plain.isdigit() else StaticDevice
    locked_until = None
    for device in devices_for_user(user, confirmed=True):
        if not isinstance(device, kind):
            continue
        allowed, data = device.verify_is_allowed()
        if not allowed:
            until = (data or {}).get("locked_until")
            if until is not None and (locked_until is None or until > locked_until):
                locked_until = until
            continue
        accepted = verify_token(user, device.persistent_id, plain)
        if accepted is not None:
            for model in (TOTPDevice, StaticDevice):
                model.objects.filter(user=user, throttling_failure_count__gt=0).update(
                    throttling_failure_count=0, throttling_failure_timestamp=None
                )
            return TokenCheck(device=accepted)
    return TokenCheck(locked_until=locked_until)


@audited(AuditAction.DEVICE_RESET_REQUESTED, actor="requested_by")
def request_device_reset(
    staff_member: Any, *, requested_by: Any, reason: str, page: str = ""
) -> DeviceResetRequest:
    """Ask for the removal of `staff_member`'s second-factor devices (a lost phone); a second administrator books
    it (approve_device_reset). Raises ApprovalRefused (not_allowed: not an administrator, no_reason, own_roles:
    one's own devices are reset by a colleague's request, already_requested)."""
    require(requested_by, roles.MANAGE_STAFF_ROLES)
    if not reason.strip():
        raise ApprovalRefused("no_reason", _("a reset needs a reason"))
    if staff_member.pk == requested_by.pk:
        raise ApprovalRefused(
            "own_roles", _("another administrator must ask to reset your own second factor")
        )
    with transaction.atomic():
        waiting = DeviceResetRequest.objects.select_for_update().filter(
            staff_member=staff_member, status=AdjustmentStatus.PENDING
        )
        if waiting.exists():
            raise ApprovalRefused("already_requested", _("a reset of this second factor is already waiting"))
        request = DeviceResetRequest.objects.create(
            staff_member=staff_member, requested_by=requested_by, reason=reason.strip()
        )
        audit.record(
            requested_by,
            AuditAction.DEVICE_RESET_REQUESTED,
            obj=request,
            label=staff_member.get_username(),
            reason=request.reason,
            page=page,
            details={"staff_member": staff_member.pk},
        )
    return request


def _lock_pending_reset(request_id: int, approver: Any) -> DeviceResetRequest:
    request = (
        DeviceResetRequest.objects.select_for_update()
        .select_related("staff_member")
        .filter(pk=request_id)
        .first()
    )
    if request is None:
        raise ApprovalRefused("no_such_request", _("there is no such request"))
    if request.status != AdjustmentStatus.PENDING:
        raise ApprovalRefused("already_decided", _("this reset was already decided"))
    if request.requested_by_id == approver.pk:
        raise ApprovalRefused("same_staff", _("a second administrator must approve a reset"))
    if request.staff_member_id == approver.pk:
        raise ApprovalRefused(
            "own_roles", _("another administrator must decide a reset of your own second factor")
        )
    refuse_puppet(approver, request.requested_by_id, roles.MANAGE_STAFF_ROLES)
    return request


@audited(AuditAction.DEVICE_RESET_APPROVED, actor="approver")
def approve_device_reset(request_id: int, approver: Any, *, page: str = "") -> int:
    """A second administrator books a requested reset: the staff member's TOTP devices and recovery codes are
    deleted, so their next staff page enrols again. Returns how many devices were removed. Raises ApprovalRefused
    (not_allowed, no_such_request, already_decided, same_staff, own_roles, granted_by_requester)."""
    require(approver, roles.MANAGE_STAFF_ROLES)
    with transaction.atomic():
        request = _lock_pending_reset(request_id, approver)
        member = request.staff_member
        removed = TOTPDevice.objects.filter(user=member).delete()[1].get("otp_totp.TOTPDevice", 0)
        removed += StaticDevice.objects.filter(user=member).delete()[1].get("otp_static.StaticDevice", 0)
        DeviceResetRequest.objects.filter(pk=request.pk).update(
            status=AdjustmentStatus.APPROVED, decided_by=approver, decided_at=timezone.now()
        )
        audit.record(
            approver,
            AuditAction.DEVICE_RESET_APPROVED,
            obj=request,
            label=member.get_username(),
            reason=request.reason,
            page=page,
            details={"staff_member": member.pk, "devices": removed},
        )
    return removed


@audited(AuditAction.DEVICE_RESET_REJECTED, actor="approver")
def reject_device_reset(request_id: int, approver: Any, *, page: str = "") -> None:
    """A second administrator rejects a requested reset. Raises ApprovalRefused as approve_device_reset."""
    require(approver, roles.MANAGE_STAFF_ROLES)
    with transaction.atomic():
        request = _lock_pending_reset(request_id, approver)
        DeviceResetRequest.objects.filter(pk=request.pk).update(
            status=AdjustmentStatus.REJECTED, decided_by=approver, decided_at=timezone.now()
        )
        audit.record(
            approver,
            AuditAction.DEVICE_RESET_REJECTED,
            obj=request,
            label=request.staff_member.get_username(),
            reason=request.reason,
            page=page,
        )


class StaffSecondFactorMiddleware:
    """Sends a staff account without a verified second factor in this session from every back-office and admin
    page to the second-factor page (enrolment at the first visit), with the page it asked for as `next`. After
    django_otp's OTPMiddleware, which sets `request.user.is_verified`."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if request.path.startswith(PROTECTED) and unverified(user):
            return redirect(prove_url(request.get_full_path()))
        return self.get_response(request)
