"""`python manage.py sweeper` — run the sweeper alone (beside several Daphne processes with Redis)."""

from __future__ import annotations

import asyncio
import contextlib

from django.core.management.base import BaseCommand

from games.services.sweeper import sweep_forever


class Command(BaseCommand):
    help = "Apply due bot moves, passed turn deadlines and pending next deals until stopped."

    def handle(self, *args, **options):
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C is how it stops
            asyncio.run(sweep_forever())
