"""A superuser without a staff role cannot become an administrator through the Django admin
(docs/decisions-ledger.md "Second factor"): no second-factor device is added, read or deleted there, and a staff
account's password, e-mail and active flag are not changed there. Each refused attempt is audited."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse
from django_otp.plugins.otp_static.models import StaticDevice
from django_otp.plugins.otp_totp.models import TOTPDevice

from ledger.models import AuditEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def ada(make_user):
    user = make_user("ada", email="ada@example.invalid")
    call_command("first_administrator", "ada")
    return get_user_model().objects.get(pk=user.pk)


@pytest.fixture
def root(client):
    user = get_user_model().objects.create_superuser("root", password="pw-for-tests-only")
    client.force_login(user)
    return user


def refused_admin_changes() -> list[AuditEntry]:
    return list(AuditEntry.objects.filter(action="admin_change", outcome="refused").order_by("pk"))


def test_no_second_factor_device_is_added_read_or_deleted_in_the_admin(client, root, ada):
    totp = TOTPDevice.objects.create(user=ada, name="authenticator", confirmed=True)
    for url in (
        "/admin/otp_static/staticdevice/",
        "/admin/otp_static/staticdevice/add/",
        "/admin/otp_totp/totpdevice/",
        f"/admin/otp_totp/totpdevice/{totp.pk}/change/",
        f"/admin/otp_totp/totpdevice/{totp.pk}/config/",
        f"/admin/otp_totp/totpdevice/{totp.pk}/qrcode/",
        f"/admin/otp_totp/totpdevice/{totp.pk}/delete/",
    ):
        answer = client.get(url, follow=True)
        assert answer.status_code == 404, url
        assert totp.key not in answer.content.decode()
    client.post(
        "/admin/otp_static/staticdevice/add/",
        {
            "user": ada.pk,
            "name": "mine",
            "confirmed": "on",
            "token_set-TOTAL_FORMS": "1",
            "token_set-INITIAL_FORMS": "0",
            "token_set-0-token": "rootknows",
        },
    )
    client.post(f"/admin/otp_totp/totpdevice/{totp.pk}/delete/", {"post": "yes"})
    assert not StaticDevice.objects.filter(user=ada).exists()
    assert TOTPDevice.objects.filter(pk=totp.pk).exists()
    index = client.get("/admin/").content.decode()
    assert "otp_static" not in index and "otp_totp" not in index


def test_a_staff_accounts_password_is_not_set_in_the_admin(client, root, ada, make_user):
    url = reverse("admin:auth_user_password_change", args=[ada.pk])
    answer = client.get(url)
    assert answer.status_code == 302 and answer["Location"] == reverse(
        "admin:accounts_user_change", args=[ada.pk]
    )
    client.post(url, {"password1": "root-chose-this-1", "password2": "root-chose-this-1"})
    assert not get_user_model().objects.get(pk=ada.pk).check_password("root-chose-this-1")
    entries = refused_admin_changes()
    assert len(entries) == 2 and entries[0].actor == root and entries[0].object_label == "ada"
    assert entries[0].details["code"] == "staff_account" and entries[0].details["field"] == "password"
    # the superuser's own password neither; a player's is still set here
    assert client.get(reverse("admin:auth_user_password_change", args=[root.pk])).status_code == 302
    player = make_user("pia")
    assert client.get(reverse("admin:auth_user_password_change", args=[player.pk])).status_code == 200


def test_a_staff_accounts_email_and_active_flag_are_not_changed_in_the_admin(client, root, ada, make_user):
    url = reverse("admin:accounts_user_change", args=[ada.pk])
    form = client.get(url).content.decode()
    assert 'name="email"' not in form and 'name="is_active"' not in form
    answer = client.post(
        url, {"username": "ada", "first_name": "Ada", "last_name": "", "email": "root@evil.invalid"}
    )
    assert answer.status_code == 302
    ada = get_user_model().objects.get(pk=ada.pk)
    assert ada.first_name == "Ada" and ada.email == "ada@example.invalid" and ada.is_active
    player = make_user("pia")
    assert (
        'name="email"' in client.get(reverse("admin:accounts_user_change", args=[player.pk])).content.decode()
    )


def test_no_e_mail_address_is_added_to_or_changed_for_a_staff_account(client, root, ada):
    address = EmailAddress.objects.get(user=ada)
    change = reverse("admin:account_emailaddress_change", args=[address.pk])
    client.post(change, {"user": ada.pk, "email": "root@evil.invalid", "verified": "on", "primary": "on"})
    assert EmailAddress.objects.get(pk=address.pk).email == "ada@example.invalid"
    answer = client.post(
        reverse("admin:account_emailaddress_add"),
        {"user": ada.pk, "email": "root@evil.invalid", "verified": "on", "primary": "on"},
    )
    assert answer.status_code == 200 and "not set in the admin" in answer.content.decode()
    assert not EmailAddress.objects.filter(email="root@evil.invalid").exists()
    entries = refused_admin_changes()
    assert len(entries) == 1 and entries[0].details["field"] == "email" and entries[0].object_label == "ada"
