"""The second-factor page of staff accounts (ledger/second_factor.py): enrolment of an authenticator at the first
visit (its secret and otpauth address, then ten recovery codes shown once), and the one-time password asked once
per session before any back-office or admin page. A wrong code is written to the audit log."""

from __future__ import annotations

from datetime import datetime
from math import ceil

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django_otp import login as otp_login

from ledger import audit, second_factor
from ledger.models import AuditAction


class TokenForm(forms.Form):
    token = forms.CharField(
        label=_("One-time code"),
        max_length=16,
        widget=forms.TextInput(
            attrs={"autocomplete": "one-time-code", "autocapitalize": "none", "autofocus": True}
        ),
    )


WRONG_CODE = _("That code is not right (or was already used). Try the current one.")


def _wait_message(locked_until: datetime) -> str:
    """ "Too many wrong codes …": the refusal of a code that was not checked because its kind of device waits
    after wrong codes, with the whole seconds left (at least 1)."""
    seconds = max(1, ceil((locked_until - timezone.now()).total_seconds()))
    return ngettext(
        "Too many wrong codes: wait %(seconds)d second, then type the current code again.",
        "Too many wrong codes: wait %(seconds)d seconds, then type the current code again.",
        seconds,
    ) % {"seconds": seconds}


def _next(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or "/ledger/staff/"
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}) or not target.startswith("/"):
        return "/ledger/staff/"
    return target


@login_required
def second_factor_page(request: HttpRequest) -> HttpResponse:
    """GET: the enrolment (no confirmed device yet) or the code form. POST `token` (and `next`): confirm the
    enrolment (then the recovery codes, once) or verify the session, then go on to `next`. A player who is not
    staff is sent to the lobby: nothing here is theirs."""
    user = request.user
    if not second_factor.is_staff_account(user):
        return redirect("lobby")
    target = _next(request)
    enrolled = second_factor.totp_device(user, confirmed=True) is not None
    form = TokenForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        token = form.cleaned_data["token"]
        locked_until: datetime | None = None
        if not enrolled:
            confirmed = second_factor.confirm_enrolment(user, token)
            if confirmed is not None:
                device, codes = confirmed
                otp_login(request, device)
                audit.record(user, AuditAction.SECOND_FACTOR_ENROLLED, obj=user, label=user.get_username())
                return render(request, "ledger/second_factor_codes.html", {"codes": codes, "next": target})
        else:
            check = second_factor.check_token(user, token)
            if check.device is not None:
                otp_login(request, check.device)
                return redirect(target)
            locked_until = check.locked_until
        audit.refused(
            user,
            AuditAction.SECOND_FACTOR,
            code="wrong_code" if locked_until is None else "throttled",
            message="the one-time code was not accepted"
            if locked_until is None
            else "too many wrong codes: not checked",
            page=request.get_full_path(),
            details={"enrolment": not enrolled},
        )
        form.add_error("token", WRONG_CODE if locked_until is None else _wait_message(locked_until))
    context: dict[str, object] = {"form": form, "next": target, "enrolled": enrolled}
    if not enrolled:
        device = second_factor.start_enrolment(user)
        context.update({"secret": second_factor.secret_of(device), "config_url": device.config_url})
    return render(request, "ledger/second_factor.html", context)
