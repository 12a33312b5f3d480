"""`manage.py first_administrator USERNAME`: the only way to an Administrator without a second administrator, for
the first two (docs/decisions-ledger.md "Separation of duties"); audited with no actor (the site itself)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from ledger.errors import LedgerError
from ledger.staff import bootstrap_administrator


class Command(BaseCommand):
    help = (
        "Make an existing user an Administrator while fewer than two hold the role; every later grant is made "
        "on the staff-roles page and approved by a second administrator."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")
        parser.add_argument("--reason", default="first administrators of the site")

    def handle(self, *args: Any, username: str, reason: str, **options: Any) -> None:
        """Grant the role (ledger.staff.bootstrap_administrator). Exit 1 with the reason when the user does not
        exist or the command may not grant it."""
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"no user {username!r}: sign up or create the account first")
        try:
            grant = bootstrap_administrator(user, reason=reason)
        except LedgerError as error:
            raise CommandError(f"{error.code}: {error.message}") from None
        self.stdout.write(f"{username} is an Administrator (grant #{grant.pk}, in the audit log)")
