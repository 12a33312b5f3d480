"""The staff's second factor (docs/decisions-ledger.md "Second factor"): enrolment at the first staff page, ten
recovery codes shown once, a one-time code once per sign-in before any staff or admin page, and every wrong code
in the audit log."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from django_otp.oath import TOTP
from django_otp.plugins.otp_totp.models import TOTPDevice

from ledger.models import AuditEntry, Transaction
from ledger.roles import FINANCE

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def second_factor_on(settings):
    settings.KIBITZ_STAFF_SECOND_FACTOR = True
    # django-otp makes a device wait 2^(failures-1) s after a wrong code; these tests type the right one at once
    settings.OTP_TOTP_THROTTLE_FACTOR = settings.OTP_STATIC_THROTTLE_FACTOR = 0


def code_of(device: TOTPDevice, later: int = 0) -> str:
    totp = TOTP(device.bin_key, device.step, device.t0, device.digits, device.drift)
    totp.time = totp.time + later * device.step
    return f"{totp.token():06d}"


def enrolled(user) -> tuple[TOTPDevice, list[str]]:
    """`user` enrols an authenticator in a session of its own; returns the device and the ten recovery codes the
    enrolment page shows once."""
    first = Client()
    first.force_login(user)
    device = TOTPDevice.objects.create(user=user, name="authenticator", confirmed=False)
    answer = first.post(reverse("ledger:second_factor"), {"token": code_of(device)})
    return device, re.findall(r"<li><code>(\w+)</code></li>", answer.content.decode())


def test_staff_enrol_at_the_first_staff_page_and_get_ten_recovery_codes(client, make_user, role):
    fiona = role(make_user("fiona"), FINANCE)
    client.force_login(fiona)
    answer = client.get(reverse("ledger:staff_index"))
    assert answer.status_code == 302 and answer["Location"].startswith(reverse("ledger:second_factor"))
    page = client.get(answer["Location"]).content.decode()
    secret = re.search(r'id="otp-secret">([A-Z2-7]+)<', page)[1]
    device = TOTPDevice.objects.get(user=fiona, confirmed=False)
    assert len(secret) >= 32 and "otpauth://totp/" in page
    wrong = client.post(reverse("ledger:second_factor"), {"token": "000000", "next": "/ledger/staff/"})
    assert wrong.status_code == 200 and "That code is not right" in wrong.content.decode()
    assert client.get(reverse("ledger:staff_index")).status_code == 302
    answer = client.post(
        reverse("ledger:second_factor"), {"token": code_of(device), "next": "/ledger/staff/"}
    )
    codes = re.findall(r"<li><code>(\w+)</code></li>", answer.content.decode())
    assert len(codes) == 10 and len(set(codes)) == 10
    assert client.get(reverse("ledger:staff_index")).status_code == 200
    assert AuditEntry.objects.filter(action="second_factor_enrolled", actor=fiona).count() == 1
    failed = AuditEntry.objects.get(action="second_factor", outcome="refused")
    assert failed.actor == fiona and failed.details["code"] == "wrong_code"


def test_each_sign_in_asks_the_code_and_a_recovery_code_works_once(make_user, role):
    fiona = role(make_user("fiona"), FINANCE)
    device, codes = enrolled(fiona)
    again = Client()
    again.force_login(fiona)
    assert again.get("/admin/").status_code == 302  # the admin too
    answer = again.post(reverse("ledger:second_factor"), {"token": "123456", "next": "/admin/"})
    assert "That code is not right" in answer.content.decode()
    answer = again.post(reverse("ledger:second_factor"), {"token": codes[0], "next": "/admin/"})
    assert answer.status_code == 302 and answer["Location"] == "/admin/"
    assert again.get(reverse("ledger:staff_index")).status_code == 200
    third = Client()
    third.force_login(fiona)
    spent = third.post(reverse("ledger:second_factor"), {"token": codes[0]})
    assert "That code is not right" in spent.content.decode()
    answer = third.post(reverse("ledger:second_factor"), {"token": code_of(device, later=1)})
    assert answer.status_code == 302 and answer["Location"] == "/ledger/staff/"
    assert AuditEntry.objects.filter(action="second_factor", outcome="refused").count() == 2


def test_a_superuser_needs_it_for_the_admin_and_a_player_never_meets_it(client, make_user, players):
    root = make_user("root", is_superuser=True, is_staff=True)
    client.force_login(root)
    assert client.get("/admin/").status_code == 302
    client.force_login(players[0])
    assert client.get(reverse("ledger:wallet")).status_code == 200
    assert (
        client.get(reverse("ledger:second_factor")).status_code == 302
    )  # to the lobby: nothing here is theirs
    assert client.get(reverse("ledger:staff_index")).status_code == 403  # refused by role, not sent to enrol


def test_resetting_a_colleagues_second_factor_needs_a_second_administrator(client, make_user, role):
    from ledger import second_factor
    from ledger.errors import ApprovalRefused
    from ledger.roles import ADMINISTRATOR

    ada, bea = role(make_user("ada"), ADMINISTRATOR), role(make_user("bea"), ADMINISTRATOR)
    fiona = role(make_user("fiona"), FINANCE)
    device = TOTPDevice.objects.create(user=fiona, name="authenticator", confirmed=False)
    second_factor.confirm_enrolment(fiona, code_of(device))
    client.force_login(ada)
    client.get(reverse("ledger:second_factor"))  # ada enrols too before the roles page
    ada_device = TOTPDevice.objects.get(user=ada)
    client.post(reverse("ledger:second_factor"), {"token": code_of(ada_device)})
    client.post(reverse("ledger:staff_request_reset"), {"username": "fiona", "reason": "lost phone"})
    request = second_factor.DeviceResetRequest.objects.get()
    with pytest.raises(ApprovalRefused) as refused:
        second_factor.approve_device_reset(request.pk, ada)
    assert refused.value.code == "same_staff"
    with pytest.raises(ApprovalRefused) as refused:
        second_factor.approve_device_reset(request.pk, fiona)
    assert refused.value.code == "not_allowed"
    assert TOTPDevice.objects.filter(user=fiona, confirmed=True).exists()
    removed = second_factor.approve_device_reset(request.pk, bea)
    assert removed == 2  # the authenticator and the recovery codes
    assert not TOTPDevice.objects.filter(user=fiona).exists()
    allowed = AuditEntry.objects.filter(action__startswith="device_reset", outcome="allowed").order_by("pk")
    assert [e.action for e in allowed] == ["device_reset_requested", "device_reset_approved"]
    assert AuditEntry.objects.filter(action="device_reset_approved", outcome="refused").count() == 2
    again = Client()
    again.force_login(fiona)
    page = again.get(reverse("ledger:second_factor")).content.decode()
    assert 'id="otp-secret"' in page  # enrols again


def test_make_runs_demo_staff_are_administrators_with_their_secret_printed(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # quick demo passwords
    import io

    from django.core.management import call_command

    out = io.StringIO()
    call_command("demo_data", "--staff", stdout=out)
    call_command("demo_data", "--staff", stdout=out)  # idempotent: the same devices, printed again
    lines = [line for line in out.getvalue().splitlines() if line.startswith("Demo administrator")]
    assert [line.split()[2] for line in lines] == ["ada", "bea", "ada", "bea"]
    secrets = [re.search(r"TOTP secret: ([A-Z2-7]+) ", line)[1] for line in lines]
    assert secrets[:2] == secrets[2:] and secrets[0] != secrets[1]
    for name in ("ada", "bea"):
        device = TOTPDevice.objects.get(user__username=name, confirmed=True)
        assert device.user.has_perm("ledger.manage_staff_roles")
        assert not Transaction.objects.filter(key=f"grant:user:{device.user.pk}").exists()  # staff: no start


def test_a_wrong_code_locks_only_its_own_kind_and_a_locked_code_says_to_wait(make_user, role, settings):
    """A mistyped authenticator code makes the authenticator wait (django-otp's throttling), says so with the
    seconds left, and leaves the recovery codes open; a recovery code typed in capitals is accepted, and an
    accepted code clears every device's wait."""
    from django.utils import timezone
    from django_otp.plugins.otp_static.models import StaticDevice

    settings.OTP_TOTP_THROTTLE_FACTOR = settings.OTP_STATIC_THROTTLE_FACTOR = (
        60  # a wait nobody outlives here
    )
    fiona = role(make_user("fiona"), FINANCE)
    device, codes = enrolled(fiona)
    client = Client()
    client.force_login(fiona)
    wrong = client.post(reverse("ledger:second_factor"), {"token": "000000"})
    assert "That code is not right" in wrong.content.decode()
    device.refresh_from_db()
    recovery = StaticDevice.objects.get(user=fiona)
    assert device.throttling_failure_count == 1 and recovery.throttling_failure_count == 0
    locked = client.post(reverse("ledger:second_factor"), {"token": code_of(device, later=1)})
    page = locked.content.decode()
    assert "Too many wrong codes: wait" in page and "That code is not right" not in page
    seconds = int(re.search(r"wait (\d+) seconds", page)[1])
    assert 55 <= seconds <= 60
    entry = AuditEntry.objects.filter(action="second_factor", outcome="refused").order_by("-pk").first()
    assert entry.details["code"] == "throttled"
    answer = client.post(reverse("ledger:second_factor"), {"token": f" {codes[0].upper()} "})
    assert answer.status_code == 302 and answer["Location"] == "/ledger/staff/"
    device.refresh_from_db()
    assert device.throttling_failure_count == 0 and device.throttling_failure_timestamp is None
    assert not recovery.token_set.filter(token=codes[0]).exists()
    fiona.profile.language = "de"  # the wait in the reader's language
    fiona.profile.save()
    again = Client()
    again.force_login(fiona)
    TOTPDevice.objects.filter(pk=device.pk).update(
        throttling_failure_count=1, throttling_failure_timestamp=timezone.now()
    )
    page = again.post(reverse("ledger:second_factor"), {"token": code_of(device)}).content.decode()
    assert "Sekunden" in page
