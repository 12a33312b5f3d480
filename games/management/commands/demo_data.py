"""`python manage.py demo_data` — the demo players alice, bob, carol, dave and the bot accounts (idempotent): a demo
player is opened like a signed-up one (signup.players.open_player_account: profile and starting balance), with a
verified e-mail address so the demo can sit at stakes tables. With `--staff` (what `make run` passes) also the demo
administrators ada and bea, each with an authenticator device whose secret is printed (the back office asks its
code once per sign-in: docs/decisions-ledger.md "Second factor")."""

from __future__ import annotations

import os

from django.core.management.base import BaseCommand, CommandParser
from django_otp.plugins.otp_totp.models import TOTPDevice

from accounts.models import User
from accounts.verification import mark_verified
from games.services import ensure_bot_accounts
from ledger.errors import LedgerError
from ledger.roles import ADMINISTRATOR, granted_roles
from ledger.second_factor import secret_of
from ledger.staff import bootstrap_administrator
from signup.players import open_player_account

DEMO_USERS = ("alice", "bob", "carol", "dave")
DEMO_STAFF = ("ada", "bea")


class Command(BaseCommand):
    help = "Create the demo users and the bot accounts if missing; print the demo password."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--staff",
            action="store_true",
            help="also the demo administrators ada and bea, with their TOTP secrets",
        )

    def handle(self, *args, **options):
        password = os.environ.get("KIBITZ_DEMO_PASSWORD", "demo-only-password")
        for name in DEMO_USERS:
            user, created = User.objects.get_or_create(
                username=name, defaults={"email": f"{name}@example.invalid"}
            )
            if created:
                user.set_password(password)
                user.save()
                open_player_account(user)
            mark_verified(user, f"{name}@example.invalid")
        ensure_bot_accounts()
        self.stdout.write(f"Demo users: {', '.join(DEMO_USERS)} — password: {password}")
        if options.get("staff"):
            self._staff(password)

    def _staff(self, password: str) -> None:
        """The demo administrators (manage.py first_administrator's rule: while fewer than two exist), each with a
        confirmed TOTP device; prints each secret for an authenticator app."""
        for name in DEMO_STAFF:
            user, created = User.objects.get_or_create(username=name)
            if created:
                user.set_password(password)
                user.save()
            if ADMINISTRATOR not in granted_roles(user):
                try:
                    bootstrap_administrator(user, reason="demo administrator (make run)")
                except LedgerError as error:
                    self.stdout.write(f"{name}: not made administrator ({error.code})")
                    continue
            device = TOTPDevice.objects.filter(user=user, confirmed=True).first()
            device = device or TOTPDevice.objects.create(user=user, name="demo authenticator", confirmed=True)
            self.stdout.write(
                f"Demo administrator {name} — password: {password} — TOTP secret: {secret_of(device)}"
                f" ({device.config_url})"
            )
