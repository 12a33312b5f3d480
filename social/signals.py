"""System chat lines for joins, leaves and kicks, written in the same transaction as the table's event;
and logging off leaves the user's tables."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_out
from django.db.models.signals import post_save
from django.dispatch import receiver

from accounts.models import User
from games.models import Event

from .services.chat import system_line
from .services.presence import went_offline

LINES = {"join": "joined", "leave": "left", "kick": "kicked"}


@receiver(post_save, sender=Event)
def table_event_line(sender: type, instance: Event, created: bool, **kwargs: Any) -> None:
    """A join, leave or kick event adds a system line to the table's chat."""
    if created and instance.kind in LINES:
        user = User.objects.filter(pk=instance.data.get("user")).select_related("profile").first()
        system_line(instance.table, LINES[instance.kind], user)


@receiver(user_logged_out)
def leave_tables_on_log_off(sender: type, request: Any, user: Any, **kwargs: Any) -> None:
    """Logging off leaves every table where the user holds a seat, as "Leave" does (docs/decisions-social.md "Leave and log
    off"; games.services.seating), and the user shows offline at once."""
    if user is None:
        return
    from games import services
    from games.models import Seat, Table
    from games.services.errors import ServiceError

    went_offline(user.pk)
    held = Seat.objects.filter(
        user=user, bot_level="", table__status__in=[Table.Status.OPEN, Table.Status.PLAYING]
    )
    for table_id in held.values_list("table_id", flat=True).distinct():
        try:
            services.leave(user, table_id)
        except ServiceError:  # left meanwhile (another tab): nothing to do
            pass
