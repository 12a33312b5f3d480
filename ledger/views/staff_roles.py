"""The staff-roles page (docs/decisions-ledger.md "Separation of duties" and "Second factor"): who holds which role,
grants and second-factor resets that wait for a second administrator, and their decisions."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ledger import roles
from ledger.errors import LedgerError
from ledger.forms import DeviceResetForm, RolesForm
from ledger.models import (
    AdjustmentStatus,
    DeviceResetRequest,
    RoleGrant,
    RoleGrantStatus,
)
from ledger.second_factor import approve_device_reset, reject_device_reset, request_device_reset
from ledger.staff import (
    approve_role_grant,
    reject_role_grant,
    set_staff_roles,
)
from ledger.views.common import (
    decide,
    logged_export,
    staff_page,
    wants_csv,
)


@staff_page(roles.MANAGE_STAFF_ROLES)
def staff_roles(request: HttpRequest) -> HttpResponse:
    """Who holds which staff role, the grants waiting for a second administrator and the latest grants (grantor,
    grantee, role, time); an administrator gives a user the roles ticked (not their own): roles that can approve
    money or give roles wait for a second administrator."""
    users = get_user_model()
    form = RolesForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        target = users.objects.filter(username=form.cleaned_data["username"]).first()
        if target is None:
            form.add_error("username", _("No such user."))
        else:
            try:
                done = set_staff_roles(
                    target,
                    form.cleaned_data["roles"],
                    staff=request.user,
                    reason=form.cleaned_data["reason"],
                    page=request.path,
                )
            except LedgerError as error:
                messages.error(request, error.message)
            except ValueError as error:
                form.add_error("roles", str(error))
            else:
                messages.success(request, _("Roles saved."))
                if done["pending"]:
                    messages.info(
                        request,
                        _("A second administrator must approve: %(roles)s.")
                        % {"roles": ", ".join(str(roles.ROLE_LABELS[name]) for name in done["pending"])},
                    )
                return redirect("ledger:staff_roles")
    holders = (
        users.objects.filter(role_grants__status=RoleGrantStatus.ACTIVE)
        .distinct()
        .prefetch_related("role_grants")
        .order_by("username")
    )
    rows: list[dict[str, Any]] = [
        {
            "user": u,
            "roles": [
                str(roles.ROLE_LABELS[g.role])
                for g in u.role_grants.all()
                if g.status == RoleGrantStatus.ACTIVE and g.role in roles.ROLES
            ],
        }
        for u in holders
    ]
    if wants_csv(request):
        return logged_export(
            request,
            "staff-roles",
            ["user", "roles"],
            ([r["user"].username, ", ".join(map(str, r["roles"]))] for r in rows),
        )
    groups = Group.objects.filter(name__in=roles.ROLES).prefetch_related("permissions")
    grants = RoleGrant.objects.select_related("grantee", "granted_by", "decided_by", "revoked_by")
    pending = [
        {"grant": g, "label": roles.ROLE_LABELS.get(g.role, g.role)}
        for g in grants.filter(status=RoleGrantStatus.PENDING).order_by("created_at")
    ]
    history = [
        {"grant": g, "label": roles.ROLE_LABELS.get(g.role, g.role)}
        for g in grants.order_by("-created_at", "-pk")[:50]
    ]
    resets = DeviceResetRequest.objects.filter(status=AdjustmentStatus.PENDING).select_related(
        "staff_member", "requested_by"
    )
    return render(
        request,
        "ledger/staff/roles.html",
        {
            "form": form,
            "rows": rows,
            "groups": groups,
            "pending": pending,
            "history": history,
            "reset_form": DeviceResetForm(),
            "resets": resets.order_by("created_at"),
        },
    )


@staff_page(roles.MANAGE_STAFF_ROLES)
@require_POST
def request_reset(request: HttpRequest) -> HttpResponse:
    """Ask to reset a colleague's second factor (a lost phone); a second administrator books it."""
    form = DeviceResetForm(request.POST)
    if form.is_valid():
        member = get_user_model().objects.filter(username=form.cleaned_data["username"]).first()
        if member is None:
            messages.error(request, _("No such user."))
        else:
            try:
                request_device_reset(
                    member, requested_by=request.user, reason=form.cleaned_data["reason"], page=request.path
                )
            except LedgerError as error:
                messages.error(request, error.message)
            else:
                messages.success(request, _("Reset requested; a second administrator must approve it."))
    else:
        messages.error(request, _("A reset needs a user name and a reason."))
    return redirect("ledger:staff_roles")


@staff_page(roles.MANAGE_STAFF_ROLES)
@require_POST
def decide_reset(request: HttpRequest, request_id: int) -> HttpResponse:
    """A second administrator approves (the colleague enrols again at their next staff page) or rejects a reset."""
    return decide(
        request,
        request_id,
        (approve_device_reset, _("Second factor reset; they enrol again at their next staff page.")),
        (reject_device_reset, _("Reset rejected.")),
        "ledger:staff_roles",
    )


@staff_page(roles.MANAGE_STAFF_ROLES)
@require_POST
def decide_role_grant(request: HttpRequest, grant_id: int) -> HttpResponse:
    """A second administrator approves or rejects a pending grant of a role that can approve money or give
    roles."""
    return decide(
        request,
        grant_id,
        (approve_role_grant, _("Role grant approved.")),
        (reject_role_grant, _("Role grant rejected.")),
        "ledger:staff_roles",
    )
