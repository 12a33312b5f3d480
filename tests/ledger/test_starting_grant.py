"""The starting balance is booked by one explicit call where a person's account is made (sign-up, demo data, the
admin), once, and never for a bot account."""

from __future__ import annotations

import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from accounts.models import User
from games.services.bot_accounts import bot_user, ensure_bot_accounts
from ledger import services as ledger
from ledger.models import Account, Transaction, TransactionKind
from signup.players import open_player_account

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-test-password-42"


def grants_of(user: User) -> int:
    """How many starting grants the user's wallet received."""
    return Transaction.objects.filter(kind=TransactionKind.GRANT, postings__account__user=user).count()


def test_a_player_who_signs_up_gets_the_grant_once_at_the_first_confirmation(client, mailoutbox):
    response = client.post(
        "/accounts/signup/",
        {"username": "erin", "email": "erin@example.invalid", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    erin = User.objects.get(username="erin")
    assert grants_of(erin) == 0 and ledger.wallet_for(erin).balance == 0  # not confirmed: holds 0.00
    (link,) = re.findall(r"https?://[^\s]+/accounts/confirm-email/[^\s]+/", mailoutbox[-1].body)
    path = link.split("://", 1)[1].split("/", 1)[1]
    client.post("/" + path)
    assert grants_of(erin) == 1 and ledger.wallet_for(erin).balance == 10_000
    client.post("/" + path)  # a second confirmation books nothing new
    open_player_account(erin)  # nor does a second call
    assert grants_of(erin) == 1 and ledger.wallet_for(erin).balance == 10_000
    assert ledger.promotions_account().balance == -10_000


def test_a_sign_up_without_an_address_holds_nothing(client):
    client.post("/accounts/signup/", {"username": "finn", "password1": PASSWORD, "password2": PASSWORD})
    finn = User.objects.get(username="finn")
    assert grants_of(finn) == 0 and ledger.wallet_for(finn).balance == 0


def test_a_bot_account_gets_no_grant():
    bots = ensure_bot_accounts(slots=2)
    assert bots and not any(grants_of(bot) for bot in bots)
    assert not Account.objects.filter(user__in=bots).exclude(balance=0).exists()
    with pytest.raises(ValueError, match="bot account"):
        open_player_account(bot_user("expert", 0))
    assert grants_of(bot_user("expert", 0)) == 0


def test_creating_a_user_books_nothing_by_itself():
    """No signal books money: a user made in code (createsuperuser, a script) has no wallet until asked."""
    user = get_user_model().objects.create_user("frank", password=PASSWORD)
    assert grants_of(user) == 0 and not Account.objects.filter(user=user).exists()


def test_the_demo_players_get_the_grant_once_and_the_bots_none():
    call_command("demo_data", stdout=io.StringIO())
    call_command("demo_data", stdout=io.StringIO())
    alice = User.objects.get(username="alice")
    assert grants_of(alice) == 1 and ledger.wallet_for(alice).balance == 10_000
    bots = User.objects.exclude(profile__bot_level="")
    assert bots.exists() and not any(grants_of(bot) for bot in bots)


def test_a_player_added_in_the_admin_gets_the_grant():
    admin = get_user_model().objects.create_superuser("root", password=PASSWORD)
    client = Client()
    client.force_login(admin)
    response = client.post(
        "/admin/accounts/user/add/",
        {"username": "gina", "password1": PASSWORD, "password2": PASSWORD, "usable_password": "true"},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert grants_of(User.objects.get(username="gina")) == 1
    assert grants_of(admin) == 0
