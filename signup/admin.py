"""The admin's users: a user added here ("Add user") is a person's account and gets a player's start. Registered
here, not in accounts.admin, because the start books the starting balance, which `accounts` may not reach; the
pages stay at /admin/accounts/user/ (the model's app).

A staff account (`is_staff`, `is_superuser` or any staff role) is not the admin's to take over: its password,
e-mail and active flag are read-only here, its password-change page refuses, and its e-mail addresses (allauth's)
cannot be added or changed in the admin. Otherwise a superuser without a role could set an administrator's password
and address and sign in as them (docs/decisions-ledger.md "Second factor"). Each refused attempt is audited."""

from typing import Any

from allauth.account.admin import EmailAddressAdmin
from allauth.account.models import EmailAddress
from django import forms
from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.contrib.auth.admin import UserAdmin
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.models import User
from ledger import audit
from ledger.models import AuditAction
from ledger.second_factor import is_staff_account

from .players import open_player_account

STAFF_READ_ONLY = ("password", "email", "is_active")


def refuse_staff_change(request: HttpRequest, user: Any, what: str) -> None:
    """Write the refused attempt to change staff account `user` (`what`: "password", "email", …) in the admin to the
    audit log (action admin_change, code `staff_account`)."""
    audit.refused(
        request.user,
        AuditAction.ADMIN_CHANGE,
        code="staff_account",
        message=f"a staff account's {what} is not changed in the admin",
        page=request.get_full_path(),
        label=user.get_username(),
        details={"object_type": "User", "object_id": str(user.pk), "field": what},
    )


@admin.register(User)
class PlayerUserAdmin(UserAdmin):
    """Django's user admin; a user added here is a person's account and gets a player's start
    (signup.players.open_player_account) in the admin's transaction. Groups, permissions and the staff and
    superuser flags are shown read-only: staff roles are given on the staff-roles page only, where each grant is
    recorded and the ones that can move money wait for a second administrator (docs/decisions-ledger.md
    "Separation of duties"). A staff account's password, e-mail and active flag are read-only too."""

    readonly_fields = ("groups", "user_permissions", "is_staff", "is_superuser", "last_login", "date_joined")
    filter_horizontal = ()

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        """The read-only fields; for a staff account also its e-mail and active flag (the password field is
        read-only everywhere; its change page refuses staff accounts)."""
        fields = tuple(super().get_readonly_fields(request, obj))
        if obj is not None and is_staff_account(obj):
            fields += tuple(f for f in STAFF_READ_ONLY if f != "password" and f not in fields)
        return fields

    def user_change_password(self, request: HttpRequest, id: str, form_url: str = "") -> HttpResponse:
        """Django's password-change page, refused (audited, back to the user's page with a message) for a staff
        account: staff change their own password through the site's own flow."""
        user = self.get_object(request, unquote(id))
        if user is not None and is_staff_account(user):
            refuse_staff_change(request, user, "password")
            self.message_user(
                request,
                _("A staff account's password is not set in the admin: its owner changes it on the site."),
                level=messages.ERROR,
            )
            return HttpResponseRedirect(reverse("admin:accounts_user_change", args=[user.pk]))
        return super().user_change_password(request, id, form_url)

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        """Save the user as Django's user admin does; a new one (not `change`) also gets its player's start.
        Raises nothing of its own: a user added here has no bot level."""
        super().save_model(request, obj, form, change)
        if not change:
            open_player_account(obj)


class PlayerEmailAddressForm(forms.ModelForm):
    """allauth's e-mail address form, refusing an address of a staff account (added or moved to one)."""

    class Meta:
        model = EmailAddress
        fields = "__all__"

    request: HttpRequest  # set by PlayerEmailAddressAdmin.get_form

    def clean_user(self) -> Any:
        user = self.cleaned_data.get("user")
        if user is not None and is_staff_account(user):
            refuse_staff_change(self.request, user, "email")
            raise forms.ValidationError(
                _(
                    "A staff account's e-mail address is not set in the admin: its owner changes it on the site."
                )
            )
        return user


if admin.site.is_registered(EmailAddress):
    admin.site.unregister(EmailAddress)


@admin.register(EmailAddress)
class PlayerEmailAddressAdmin(EmailAddressAdmin):
    """allauth's e-mail addresses; those of a staff account are read-only (an address is where a password reset
    goes), and none can be added to a staff account (audited when tried)."""

    form = PlayerEmailAddressForm

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and is_staff_account(obj.user):
            return False
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and is_staff_account(obj.user):
            return False
        return super().has_delete_permission(request, obj)

    def get_form(self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any) -> Any:
        """allauth's form, knowing the request so that a refused staff address is audited with its actor."""
        form = super().get_form(request, obj, change=change, **kwargs)
        form.request = request
        return form
