"""The social half of the player info card (docs/decisions-social.md "Player card"): display name, member since and
the viewer's relation to the player (friend, request pending, ignored). The games played and won are the tables'
record (games.records), which the card's page puts beside it."""

from __future__ import annotations

from typing import Any

from accounts.models import User
from social.models import Friendship, Ignore

from .relations import are_friends


def player_card(player: User, viewer: User) -> dict[str, Any]:
    """`{"id", "username", "name", "member_since", "is_self", "friend", "request_sent", "request_received",
    "ignored"}` (member_since: ISO date; request_received: the pending Friendship from the player, or None)."""
    pending = Friendship.objects.filter(accepted_at__isnull=True)
    return {
        "id": player.pk,
        "username": player.username,
        "name": player.display_name,
        "member_since": player.date_joined.date().isoformat(),
        "is_self": player.pk == viewer.pk,
        "friend": are_friends(player.pk, viewer.pk),
        "request_sent": pending.filter(requester=viewer, addressee=player).exists(),
        "request_received": pending.filter(requester=player, addressee=viewer).first(),
        "ignored": Ignore.objects.filter(user=viewer, ignored=player).exists(),
    }
