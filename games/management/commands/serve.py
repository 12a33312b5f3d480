"""`python manage.py serve` — the whole site in one process: Daphne (HTTP + WebSockets), the sweeper and, without
REDIS_URL, a Celery worker and the beat schedule in threads (platform_config.embedded_worker).

The sweeper (games.services.sweeper.sweep_forever) runs as a task on Daphne's own event loop and does its
database work in worker threads, so its notifications reach the in-memory channel layer of this process (the
embedded mode of `make run`).
With REDIS_URL set you may run more Daphne processes (`--no-sweeper`) and `manage.py sweeper` apart.

SIGTERM (and SIGINT, Ctrl-C) stop the process gracefully within 10 s (games.realtime.graceful_stop): no new
connections, every socket closed with 1012 (service restart) and its registry entry removed, the sweeper's pass
finished (docs/deploy.md "Rolling restart").
"""

from __future__ import annotations

import asyncio
import signal
from typing import Any

import daphne.server  # noqa: F401  (installs the asyncio Twisted reactor before anything imports Twisted)
from django.conf import settings
from django.core.management.base import BaseCommand

from games.realtime.graceful_stop import GracefulStop
from games.services.sweeper import sweep_forever
from platform_config import celery_app, embedded_worker, notify


class Command(BaseCommand):
    help = "Serve the site with Daphne and run the sweeper in the same process."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--no-sweeper", action="store_true", help="do not run the embedded sweeper")

    def handle(self, *args: Any, **options: Any) -> None:
        # Lazy: building the ASGI application (and Daphne's server) only when serving, never when the command
        # module is merely loaded (e.g. by `manage.py help serve`).
        from daphne.endpoints import build_endpoint_description_strings
        from daphne.server import Server, twisted_loop

        from platform_config.asgi import application

        class StoppableServer(Server):
            """Daphne's server, keeping its listening ports for the graceful stop; a socket message or frame over
            settings.KIBITZ_SOCKET_MESSAGE_MAX_BYTES is answered with a close frame (1009, message too big), not
            by dropping the connection (autobahn's `failByDrop`, which the browser saw as 1006, a lost connection
            it reconnected from)."""

            ports: list[Any] = []

            def listen_success(self, port: Any) -> None:
                # Daphne's run() made the factory (and set its options) just before it listened.
                self.ws_factory.setProtocolOptions(failByDrop=False)
                self.ports.append(port)
                super().listen_success(port)

        sweeper_stop = asyncio.Event()
        background: list[asyncio.Task[None]] = []
        if settings.KIBITZ_EMBEDDED_SWEEPER and not options["no_sweeper"]:
            twisted_loop.call_soon(
                lambda: background.append(twisted_loop.create_task(sweep_forever(sweeper_stop)))
            )
        notify.set_home_loop(twisted_loop)  # notifications leave from Daphne's loop, nobody waiting for them
        if not settings.REDIS_URL:  # the embedded mode: Celery's worker and beat in this process
            embedded_worker.start(celery_app)
        endpoints = build_endpoint_description_strings(host=options["host"], port=options["port"])
        self.stdout.write(f"Kibitz on http://{options['host']}:{options['port']}/ (Ctrl-C stops)")
        self.stdout.flush()
        server = StoppableServer(
            application=application,
            endpoints=endpoints,
            signal_handlers=False,
            websocket_max_message_size=settings.KIBITZ_SOCKET_MESSAGE_MAX_BYTES,
            websocket_max_frame_size=settings.KIBITZ_SOCKET_MESSAGE_MAX_BYTES,
        )
        stop = GracefulStop(
            server,
            twisted_loop,
            lambda: server.ports,
            on_stop=sweeper_stop.set,
            background=lambda: background,
        )
        for number in (signal.SIGTERM, signal.SIGINT):
            twisted_loop.add_signal_handler(number, stop.begin)
        server.run()
        stop.exit()
