"""The invitations a player sees (docs/decisions-social.md "Invitations"): the lobby socket's list of pending ones.
Invitations are sent and answered by games.services.invitations."""

from __future__ import annotations

from accounts.models import User
from games.models import Invitation, Table


def pending_invitations(user: User) -> list[dict[str, object]]:
    """The user's pending invitations to tables still waiting for players, newest first:
    `[{"id", "table", "game", "from", "seat"}]` (from = the host's display name; seat = the seat number the
    invitation names, None for any free seat)."""
    rows = (
        Invitation.objects.filter(
            invitee=user, status=Invitation.Status.PENDING, table__status=Table.Status.OPEN
        )
        .select_related("table", "inviter__profile")
        .order_by("-pk")
    )
    return [
        {
            "id": r.pk,
            "table": r.table_id,
            "game": r.table.game,
            "from": r.inviter.display_name,
            "seat": r.seat,
        }
        for r in rows
    ]
