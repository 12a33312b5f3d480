"""Whether a person's e-mail address is verified (allauth's EmailAddress rows): playing for money needs one
(docs/deploy.md "Accounts")."""

from __future__ import annotations

from typing import Any

from allauth.account.models import EmailAddress


def has_verified_email(user: Any) -> bool:
    """True when `user` has at least one address that allauth marked verified (a link from the mail was
    followed, or staff verified it). Anonymous users and users without an address: False."""
    if not getattr(user, "pk", None):
        return False
    return EmailAddress.objects.filter(user_id=user.pk, verified=True).exists()


def mark_verified(user: Any, email: str) -> None:
    """Record `email` as `user`'s primary, verified address (the demo players of `make run`; staff tools).
    Sets User.email too. Idempotent."""
    user.email = email
    user.save(update_fields=["email"])
    EmailAddress.objects.update_or_create(
        user=user, email=email, defaults={"verified": True, "primary": True}
    )
