"""Opening a player's account: what every person who plays starts with, given in one explicit call where such an
account is made (the sign-up adapter, the demo data, the admin's "Add user") instead of a save signal.

It is the one module that writes both an accounts row (the profile) and a ledger row (the starting grant) for a
new person, which is why it lives in `signup`, not in either app (the package's docstring says why).

Bot accounts are made by games.services.bot_accounts (their Profile has a `bot_level`) and never come here.
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction

from accounts.models import Profile, User
from ledger import services as ledger


def open_player_account(user: User, *, language: str | None = None, grant: bool = True) -> Profile:
    """Give a newly created person's account its start, once: its Profile (made if missing; `language` set
    when it is one of settings.LANGUAGES) and, with `grant`, the ledger's starting balance
    (KIBITZ_STARTING_BALANCE from the promotions account; ledger.services.grant_starting_balance, keyed by the
    user, so a second call books nothing new). The sign-up form passes `grant=False`: a signed-up person gets
    the balance when an e-mail address is first confirmed (signup.signals); accounts made by staff (the
    admin's "Add user", the demo data) get it at once.

    Returns the Profile. Raises ValueError for a bot account (Profile.bot_level set): bots are funded per table
    by the ledger, never granted a player's starting balance.
    """
    with transaction.atomic():
        profile, _created = Profile.objects.get_or_create(user=user)
        if profile.bot_level:
            raise ValueError(f"{user.username} is a bot account; bots get no starting balance")
        if language in dict(settings.LANGUAGES) and profile.language != language:
            profile.language = language
            profile.save(update_fields=["language"])
        if grant:
            ledger.grant_starting_balance(user)
    return profile


def grant_on_confirmation(user: User) -> None:
    """Book `user`'s starting balance when an e-mail address is confirmed (allauth's `email_confirmed`): the
    first confirmation books it, later ones find the same key and book nothing (grant_starting_balance is keyed
    by the user), and a bot account never gets one. Raises nothing of its own."""
    profile = Profile.objects.filter(user=user).first()
    if profile is None or profile.bot_level:
        return
    ledger.grant_starting_balance(user)
