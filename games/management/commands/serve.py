"""`python manage.py serve` — the whole site in one process: Daphne (HTTP + WebSockets) and the sweeper.

The sweeper runs as a task on Daphne's own event loop and does its database work in worker threads, so
its notifications reach the in-memory channel layer of this process (the embedded mode of `make run`).
With REDIS_URL set you may run more Daphne processes (`--no-sweeper`) and `manage.py sweeper` apart.
"""

from __future__ import annotations

import asyncio
import logging

import daphne.server  # noqa: F401  (installs the asyncio Twisted reactor before anything imports Twisted)
from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import close_old_connections

from games.services.sweeper import sweep_once

log = logging.getLogger(__name__)


async def sweeper_task() -> None:
    """Sweep forever: due bots, passed deadlines, pending next deals (games.services.sweeper)."""

    def one_pass() -> int:
        close_old_connections()
        return sweep_once()

    while True:
        try:
            done = await sync_to_async(one_pass, thread_sensitive=False)()
        except Exception:
            log.exception("sweep failed")
            done = 0
        if not done:
            await asyncio.sleep(settings.KIBITZ_SWEEP_SECONDS)


class Command(BaseCommand):
    help = "Serve the site with Daphne and run the sweeper in the same process."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--no-sweeper", action="store_true", help="do not run the embedded sweeper")

    def handle(self, *args, **options):
        # Lazy: building the ASGI application (and Daphne's server) only when serving, never when the command
        # module is merely loaded (e.g. by `manage.py help serve`).
        from daphne.endpoints import build_endpoint_description_strings
        from daphne.server import Server, twisted_loop

        from platform_config.asgi import application

        if settings.KIBITZ_EMBEDDED_SWEEPER and not options["no_sweeper"]:
            twisted_loop.call_soon(lambda: twisted_loop.create_task(sweeper_task()))
        endpoints = build_endpoint_description_strings(host=options["host"], port=options["port"])
        self.stdout.write(f"Kibitz on http://{options['host']}:{options['port']}/ (Ctrl-C stops)")
        Server(application=application, endpoints=endpoints, signal_handlers=True).run()
