"""The sweeper: applies due bot moves, passed turn deadlines and pending next deals from the database,
each through the service's guarded path (docs/design.md "A move, end to end" 5).

Run it as `manage.py sweeper` beside the web processes, or inside `manage.py serve` (a thread) in the
embedded mode. Several sweepers may run at once: every step re-checks the table's version under its lock.
"""

from __future__ import annotations

import logging
import threading

from django.conf import settings
from django.db import close_old_connections
from django.utils import timezone

from games.engines.core.errors import RuleError
from games.models import Round, Table

from .errors import ServiceError
from .play import apply_timeout, bot_move
from .tables import start_next_round

log = logging.getLogger(__name__)


def sweep_once() -> int:
    """One pass over everything due now. Returns how many actions or deals were applied."""
    now = timezone.now()
    done = 0
    for table_id in Round.objects.filter(status=Round.Status.PLAYING, bot_due_at__lte=now).values_list(
        "table_id", flat=True
    ):
        done += _guard(lambda: bot_move(table_id), table_id)
    for table_id, version in Round.objects.filter(status=Round.Status.PLAYING, deadline__lte=now).values_list(
        "table_id", "table__version"
    ):
        done += _guard(lambda: apply_timeout(table_id, version), table_id)
    for table_id, version in Table.objects.filter(
        status=Table.Status.PLAYING, next_deal_at__lte=now
    ).values_list("id", "version"):
        done += _guard(lambda: start_next_round(table_id, version), table_id)
    return done


def _guard(step, table_id: int) -> int:
    try:
        return int(bool(step()))
    except (ServiceError, RuleError) as error:
        log.warning("sweeper step at table %s refused: %s", table_id, error)
    except Exception:
        log.exception("sweeper step at table %s failed", table_id)
    return 0


def run_forever(stop: threading.Event | None = None) -> None:
    """Sweep every settings.KIBITZ_SWEEP_SECONDS until `stop` is set."""
    stop = stop or threading.Event()
    while not stop.is_set():
        close_old_connections()
        try:
            if sweep_once() == 0:
                stop.wait(settings.KIBITZ_SWEEP_SECONDS)
        except Exception:
            log.exception("sweep failed")
            stop.wait(1.0)


def start_thread() -> threading.Event:
    """Start the sweeper in a daemon thread (embedded mode); set the returned event to stop it."""
    stop = threading.Event()
    threading.Thread(target=run_forever, args=(stop,), name="kibitz-sweeper", daemon=True).start()
    return stop
