"""What a table's kick rules read (docs/decisions-social.md "Kick"): whether a kick may happen now, and the open
votes. The kicks themselves are games.services.kicks."""

from __future__ import annotations

from games.models import KickVote, Round, Seat, Table


def between_deals(table: Table) -> bool:
    """Whether no deal is being played at the table: waiting for players, or after a deal's end."""
    if table.status == Table.Status.OPEN:
        return True
    return (
        table.status == Table.Status.PLAYING
        and not Round.objects.filter(table=table, status=Round.Status.PLAYING).exists()
    )


def kick_votes(table: Table) -> dict[int, int]:
    """`{seat number: votes}` of the open kick votes against the seated people (public tables)."""
    seats = {s.user_id: s.number for s in Seat.objects.filter(table=table, bot_level="", user__isnull=False)}
    counts: dict[int, int] = {}
    for target_id in KickVote.objects.filter(table=table, target_id__in=seats).values_list(
        "target_id", flat=True
    ):
        counts[seats[target_id]] = counts.get(seats[target_id], 0) + 1
    return counts
