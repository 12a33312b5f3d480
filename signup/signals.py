"""The starting balance of a signed-up person is booked when an e-mail address is first confirmed
(docs/decisions-ledger.md "Players"): unverified sign-ups held 100.00 they could not play with, which made
throw-away accounts worth something."""

from __future__ import annotations

from typing import Any

from allauth.account.signals import email_confirmed
from django.dispatch import receiver

from .players import grant_on_confirmation


@receiver(email_confirmed, dispatch_uid="signup_grant_on_confirmation")
def address_confirmed(sender: Any, request: Any, email_address: Any, **kwargs: Any) -> None:
    """Book the confirming person's starting balance (once; signup.players.grant_on_confirmation)."""
    grant_on_confirmation(email_address.user)
