"""System chat lines for joins, leaves and kicks, written in the same transaction as the table's event."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_save
from django.dispatch import receiver

from accounts.models import User
from games.models import Event

from .services.chat import system_line

LINES = {"join": "joined", "leave": "left", "kick": "kicked"}


@receiver(post_save, sender=Event)
def table_event_line(sender: type, instance: Event, created: bool, **kwargs: Any) -> None:
    """A join, leave or kick event adds a system line to the table's chat."""
    if created and instance.kind in LINES:
        user = User.objects.filter(pk=instance.data.get("user")).select_related("profile").first()
        system_line(instance.table, LINES[instance.kind], user)
