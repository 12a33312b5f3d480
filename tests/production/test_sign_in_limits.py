"""Log-in throttling, lockouts, sign-up throttling, no e-mail enumeration and e-mail verification before a stakes
table (docs/deploy.md "Accounts"). The counters live in the shared cache (Redis under REDIS_URL)."""

from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from games.services import ServiceError, TableTerms, tables
from signup.players import open_player_account
from tests.players import verified

pytestmark = pytest.mark.django_db
PASSWORD = "the-owners-own-pass-9"
ATTACKER, OWNER = "203.0.113.7", "198.51.100.20"


@pytest.fixture(autouse=True)
def quick_hashes(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def owner():
    user = get_user_model().objects.create_user("sam", password=PASSWORD, is_staff=True, is_superuser=True)
    open_player_account(user)
    return user


def log_in(address: str, password: str, username: str = "sam") -> tuple[Client, int]:
    client = Client(REMOTE_ADDR=address)
    answer = client.post("/accounts/login/", {"login": username, "password": password})
    return client, answer.status_code


def test_the_admin_log_in_form_takes_no_password(owner):
    """/admin/login/ sends people to the site's log-in (with its limits); a password posted there logs nobody in."""
    client = Client(REMOTE_ADDR=ATTACKER)
    for _ in range(50):
        answer = client.post("/admin/login/", {"username": "sam", "password": "wrong"})
        assert answer.status_code == 302 and answer["Location"].startswith("/accounts/login/")
    answer = client.post("/admin/login/", {"username": "sam", "password": PASSWORD})
    assert answer.status_code == 302 and answer["Location"].startswith("/accounts/login/")
    assert client.get("/admin/").status_code == 302


def test_fifty_wrong_passwords_are_throttled_and_the_owner_still_gets_in(owner):
    client = Client(REMOTE_ADDR=ATTACKER)
    refused = []
    for _ in range(50):
        answer = client.post("/accounts/login/", {"login": "sam", "password": "wrong"})
        refused.append(answer.status_code == 429 or b"Too many failed login attempts" in answer.content)
    assert not any(refused[:5]) and all(refused[5:])  # the sixth failure from that address is throttled
    _, status = log_in(ATTACKER, PASSWORD)  # even the right password waits out the cool-down there
    assert status != 302
    client, status = log_in(OWNER, PASSWORD)  # the owner, from another address, is not locked out
    assert status == 302
    assert client.get("/admin/").status_code == 200


def test_one_address_is_capped_over_many_accounts(owner):
    for n in range(20):
        get_user_model().objects.create_user(f"p{n}", password=PASSWORD)
    statuses = [log_in(ATTACKER, "wrong", f"p{n}")[1] for n in range(20)]
    assert all(s == 200 for s in statuses)  # wrong passwords: the form again
    _, status = log_in(ATTACKER, PASSWORD, "p0")  # 20 failures in 10 minutes from one address: throttled
    assert status != 302
    assert log_in(OWNER, PASSWORD, "p0")[1] == 302


def sign_up(address: str, username: str, email: str) -> tuple[int, str, str]:
    client = Client(REMOTE_ADDR=address)
    answer = client.post(
        "/accounts/signup/",
        {"username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD},
    )
    page = client.get(answer["Location"]).content.decode() if answer.status_code == 302 else ""
    page = re.sub(r'value="[A-Za-z0-9]{64}"', 'value="TOKEN"', page)  # the CSRF token differs per session
    return (
        answer.status_code,
        answer.get("Location", ""),
        page.replace(username, "NAME").replace(email, "MAIL"),
    )


def test_sign_up_does_not_tell_whether_an_address_is_registered(owner):
    owner.email = "sam@example.org"
    owner.save()
    EmailAddress.objects.create(user=owner, email="sam@example.org", verified=True, primary=True)
    taken = sign_up("192.0.2.1", "newcomer1", "sam@example.org")
    fresh = sign_up("192.0.2.2", "newcomer2", "fresh@example.org")
    assert taken == fresh
    assert taken[0] == 302
    assert len(mail.outbox) == 2  # each address gets a mail: nothing on the page tells them apart


def test_sign_ups_are_throttled_per_client():
    statuses = [sign_up("192.0.2.9", f"mass{n}", f"mass{n}@example.org")[0] for n in range(6)]
    assert statuses[:3] == [302, 302, 302]
    assert statuses[3:] == [429, 429, 429]
    assert get_user_model().objects.filter(username__startswith="mass").count() == 3
    assert sign_up("192.0.2.10", "other", "other@example.org")[0] == 302


def test_an_unverified_player_cannot_sit_at_a_stakes_table():
    alice, bob = (get_user_model().objects.create_user(name, password=PASSWORD) for name in ("alice", "bob"))
    for user in (alice, bob):
        open_player_account(user)
    verified(alice)
    with pytest.raises(ServiceError) as refusal:
        tables.create_table(bob, TableTerms("french-tarot", human_seats=2, stake=10))
    assert refusal.value.code == "email_unverified"
    table = tables.create_table(alice, TableTerms("french-tarot", human_seats=2, stake=10))
    with pytest.raises(ServiceError) as refusal:
        tables.join(bob, table.pk)
    assert refusal.value.code == "email_unverified"
    # a free table needs no verified address
    tables.create_table(bob, TableTerms("french-tarot", human_seats=2))
    verified(bob)
    assert tables.join(bob, table.pk) == 1
