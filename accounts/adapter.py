"""The sign-up adapter of django-allauth (settings.ACCOUNT_ADAPTER): a person who signs up gets a player's
account in the same transaction as the user row; failed log-ins are counted per account *and* client address."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from django.db import transaction
from django.http import HttpRequest

from signup.players import open_player_account


class PlayerAccountAdapter(DefaultAccountAdapter):
    """allauth's adapter, plus the player's start at sign-up (signup.players.open_player_account), with the
    profile in the language the site chose for the sign-up request (LocaleMiddleware's choice)."""

    def save_user(self, request: HttpRequest, user: Any, form: Any, commit: bool = True) -> Any:
        """Save the new user; when committed, open its player account. allauth's sign-up always commits; with
        commit=False the caller saves the user and must call open_player_account itself."""
        with transaction.atomic():
            user = super().save_user(request, user, form, commit=commit)
            if commit:
                open_player_account(user, language=getattr(request, "LANGUAGE_CODE", None))
        return user

    def _get_login_attempts_cache_key(self, request: HttpRequest, **credentials: Any) -> str:
        """The key of allauth's `login_failed` rate limit ("…/key"): the account and the client's address, so
        an attacker's failures slow the attacker (with allauth's cool-down) but never lock the owner out from
        another address. The "…/ip" part of the rate still caps one address over all accounts."""
        account = super()._get_login_attempts_cache_key(request, **credentials)
        return f"{account}:{self.get_client_ip(request)}"
