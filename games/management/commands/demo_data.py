"""`python manage.py demo_data` — the demo players alice, bob, carol, dave and the bot accounts (idempotent): a demo
player is opened like a signed-up one (signup.players.open_player_account: profile and starting balance), with a
verified e-mail address so the demo can sit at stakes tables."""

from __future__ import annotations

import os

from django.core.management.base import BaseCommand

from accounts.models import User
from accounts.verification import mark_verified
from games.services import ensure_bot_accounts
from signup.players import open_player_account

DEMO_USERS = ("alice", "bob", "carol", "dave")


class Command(BaseCommand):
    help = "Create the demo users and the bot accounts if missing; print the demo password."

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
