"""The accounts' part of the django-allauth adapter: failed log-ins are counted per account *and* client address.

The site's adapter (settings.ACCOUNT_ADAPTER, games.account_adapter.TablesAccountAdapter) builds on it through
the sign-up adapter, signup.adapter.PlayerAccountAdapter, which opens a player's account at sign-up; that part
books the starting balance, so it lives outside `accounts`, which imports nothing of `ledger`.
"""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from django.http import HttpRequest


class AccountAdapter(DefaultAccountAdapter):
    """allauth's adapter with the accounts' log-in rule: the failed log-in limit's key names the address too."""

    def _get_login_attempts_cache_key(self, request: HttpRequest, **credentials: Any) -> str:
        """The key of allauth's `login_failed` rate limit ("…/key"): the account and the client's address, so
        an attacker's failures slow the attacker (with allauth's cool-down) but never lock the owner out from
        another address. The "…/ip" part of the rate still caps one address over all accounts."""
        account = super()._get_login_attempts_cache_key(request, **credentials)
        return f"{account}:{self.get_client_ip(request)}"
