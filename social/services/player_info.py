"""The player info card (issue 5 "Player info"): display name, member since, deals played and won per
game, and the viewer's relation to the player (friend, request pending, ignored)."""

from __future__ import annotations

from typing import Any

from accounts.models import User
from games.engine import get_game
from games.models import Event, Round
from social.models import Friendship, Ignore

from .relations import are_friends


def _deal_record(user: User) -> dict[str, dict[str, int]]:
    """Per game: finished deals at the seats the user took (created or joined), and those the user won
    (a positive net of the deal's engine payments for that seat)."""
    seats = {(table_id, seat) for table_id, seat in Event.objects.filter(
        kind__in=("created", "join"), data__user=user.pk).values_list("table_id", "seat")}
    record: dict[str, dict[str, int]] = {}
    tables = {table_id for table_id, _ in seats}
    for rnd in Round.objects.filter(table_id__in=tables, status=Round.Status.DONE).select_related("table"):
        for table_id, seat in seats:
            if table_id != rnd.table_id:
                continue
            row = record.setdefault(rnd.table.game, {"played": 0, "won": 0})
            row["played"] += 1
            net = sum(units if payee == seat else -units if payer == seat else 0
                      for payer, payee, units in (rnd.settlement or []))
            row["won"] += int(net > 0)
    return record


def player_card(player: User, viewer: User) -> dict[str, Any]:
    """`{"id", "username", "name", "member_since", "games": [{"game", "title", "played", "won"}],
    "is_self", "friend", "request_sent", "request_received", "ignored"}` (member_since: ISO date)."""
    games = []
    for key, row in sorted(_deal_record(player).items()):
        try:
            title = get_game(key).title or key
        except KeyError:
            title = key
        games.append({"game": key, "title": title, **row})
    pending = Friendship.objects.filter(accepted_at__isnull=True)
    return {
        "id": player.pk, "username": player.username, "name": player.display_name,
        "member_since": player.date_joined.date().isoformat(), "games": games,
        "is_self": player.pk == viewer.pk,
        "friend": are_friends(player.pk, viewer.pk),
        "request_sent": pending.filter(requester=viewer, addressee=player).exists(),
        "request_received": pending.filter(requester=player, addressee=viewer).first(),
        "ignored": Ignore.objects.filter(user=viewer, ignored=player).exists(),
    }
