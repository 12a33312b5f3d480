"""The sign-up adapter of django-allauth: a person who signs up gets a player's account in the same transaction
as the user row. It lives in `signup` because it books the starting balance, which `accounts` may not reach;
the site's adapter (settings.ACCOUNT_ADAPTER, games.account_adapter.TablesAccountAdapter) subclasses it."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.http import HttpRequest

from accounts.adapter import AccountAdapter

from .players import open_player_account


class PlayerAccountAdapter(AccountAdapter):
    """The accounts' adapter (accounts.adapter.AccountAdapter: the failed log-in limit per account and address),
    plus the player's start at sign-up (signup.players.open_player_account), with the profile in the language
    the site chose for the sign-up request (LocaleMiddleware's choice); the starting balance is booked when an
    e-mail address is first confirmed (signup.signals), not here."""

    def save_user(self, request: HttpRequest, user: Any, form: Any, commit: bool = True) -> Any:
        """Save the new user; when committed, open its player account. allauth's sign-up always commits; with
        commit=False the caller saves the user and must call open_player_account itself.

        Returns the user. open_player_account's ValueError (a bot account) cannot arise: a new user has no
        bot level."""
        with transaction.atomic():
            user = super().save_user(request, user, form, commit=commit)
            if commit:
                # the starting balance waits for a confirmed address (signup.signals)
                open_player_account(user, language=getattr(request, "LANGUAGE_CODE", None), grant=False)
        return user
