"""The player card at a table (docs/decisions-social.md "Player card at the table"): what the viewer may do about
one person at the table, read side only. Its buttons are the seed's (seeds/000, StarGames): "Speler info" (the player
page), "Negeren" (ignore), "Eruit gooien" (kick, by the kick rules of games.services.kicks) and "uitnodigen" (invite
to another table the viewer hosts, by games.services.invitations). Every write goes through those services; this
module only says which of them the viewer may call now.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _

from accounts.models import User
from games.declarations import game_title
from games.engines.core import get_game
from games.errors import ServiceError
from games.models import Ban, Invitation, Seat, SeatRequest, Table, Watcher
from social.services.relations import is_ignoring

from .access import is_host, watch_refusal
from .kicks import between_deals, kick_votes

MAX_SEATS = 16  # no game seats more; a larger number names no seat (and stays inside a smallint)


def visible_table(viewer: User, table_id: int) -> Table:
    """The table `viewer` may see (seated, or admitted to watch). Raises ServiceError("no_table") for a table
    that does not exist or is closed, and the access refusal code (games.reads.access.REFUSALS) otherwise."""
    table = Table.objects.filter(pk=table_id).exclude(status=Table.Status.CLOSED).first()
    if table is None:
        raise ServiceError("no_table", _("no such table"))
    code = watch_refusal(table, viewer)
    if code is not None:
        raise ServiceError(code, _("you may not see this table"))
    return table


def _target(table: Table, seat: int | None, username: str | None) -> tuple[User, Seat | None]:
    """The user the card is about and the seat they hold at the table (None: not seated). Raises
    ServiceError("no_player") for an empty or unknown seat or name, ("bad_request") without either."""
    if seat is not None:
        seats = Seat.objects.filter(table=table, number=seat).select_related("user__profile")
        row = None if seat >= MAX_SEATS else seats.first()
        if row is None or row.user is None:
            raise ServiceError("no_player", _("nobody sits in that seat"))
        return row.user, row
    if not username:
        raise ServiceError("bad_request", _("name a seat or a player"))
    user = User.objects.filter(username=username, profile__bot_level="").select_related("profile").first()
    if user is None:
        raise ServiceError("no_player", _("no player of that name"))
    return user, Seat.objects.filter(table=table, user=user, bot_level="").first()


def _where(table: Table, user: User, seat: Seat | None) -> str | None:
    """Where the person is at the table: "seated", "asking" (a pending seat request), "watching", or None."""
    if seat is not None:
        return "seated"
    if SeatRequest.objects.filter(table=table, user=user, status=SeatRequest.Status.PENDING).exists():
        return "asking"
    if Watcher.objects.filter(table=table, user=user).exists():
        return "watching"
    return None


def _kick(table: Table, viewer: User, target: User, seat: Seat | None) -> dict[str, Any] | None:
    """The kick the viewer may ask for now (the rules of games.services.kicks: between deals; the host at a
    private or friends-only table, a vote of the other seated people at a public one), or None."""
    if seat is None or seat.is_bot or target.pk == viewer.pk or not between_deals(table):
        return None
    if table.access != Table.Access.PUBLIC:
        if not is_host(table, viewer):
            return None
        return {
            "kind": "kick",
            "seat": seat.number,
            "url": reverse("table_kick", args=[table.pk, seat.number]),
        }
    voters = set(
        Seat.objects.filter(table=table, bot_level="", user__isnull=False)
        .exclude(pk=seat.pk)
        .values_list("user_id", flat=True)
    )
    if viewer.pk not in voters:
        return None
    return {
        "kind": "vote",
        "seat": seat.number,
        "votes": kick_votes(table).get(seat.number, 0),
        "needed": len(voters) // 2 + 1,
        "url": reverse("table_vote", args=[table.pk, seat.number]),
    }


def invite_tables(viewer: User, invitee: User, exclude: int) -> list[dict[str, Any]]:
    """The viewer's other tables that `invitee` may be invited to now: hosted by the viewer, waiting for players
    with a free seat for a person, `invitee` neither seated nor removed there. `[{"id", "title", "free",
    "invited", "url"}]` by table id (`invited`: an invitation is pending; `url`: games.panel_views.table_invite,
    which checks everything again)."""
    tables = (
        Table.objects.filter(created_by=viewer, status=Table.Status.OPEN)
        .exclude(pk=exclude)
        .exclude(seats__user=invitee)
        .order_by("pk")
    )
    ids = [t.pk for t in tables]
    banned = set(Ban.objects.filter(user=invitee, table_id__in=ids).values_list("table_id", flat=True))
    pending = set(
        Invitation.objects.filter(
            invitee=invitee, table_id__in=ids, status=Invitation.Status.PENDING
        ).values_list("table_id", flat=True)
    )
    found = []
    for table in tables:
        free = Seat.objects.filter(table=table, for_human=True, user__isnull=True).count()
        if not free or table.pk in banned:
            continue
        found.append(
            {
                "id": table.pk,
                "title": f"{game_title(get_game(table.game))} #{table.pk}",
                "free": free,
                "invited": table.pk in pending,
                "url": reverse("table_invite", args=[table.pk]),
            }
        )
    return found


def player_card(
    viewer: User, table_id: int, seat: int | None = None, username: str | None = None
) -> dict[str, Any]:
    """The card of the person in `seat` (or of the player `username`) at the table, for `viewer`:
    `{"name", "username" (None for a bot), "bot", "bot_level", "bot_reason", "replaced", "seat" (or None),
    "where" ("seated" | "asking" | "watching" | None), "is_self", "info_url" (the player page, back to the
    table; None for a bot), "ignored" (the viewer ignores them), "may_ignore", "kick" ({"kind": "kick" | "vote",
    "seat", "url"[, "votes", "needed"]} or None), "invite_tables" (invite_tables; [] for oneself or a bot)}`.

    Raises the refusals of `visible_table`, ServiceError("no_player") and ("bad_request") (see `_target`).
    """
    table = visible_table(viewer, table_id)
    user, row = _target(table, seat, username)
    bot = user.is_house_bot or bool(row is not None and row.is_bot)
    me = user.pk == viewer.pk
    back = urlencode({"next": reverse("table", args=[table.pk])})
    person = not bot and not me
    return {
        "name": user.display_name,
        "username": None if bot else user.username,
        "bot": bot,
        "bot_level": (row.bot_level or None) if row is not None else None,
        "bot_reason": (row.bot_reason or None) if row is not None else None,
        "replaced": row.replaced.display_name if row is not None and row.replaced else None,
        "seat": row.number if row is not None else None,
        "where": _where(table, user, row),
        "is_self": me,
        "info_url": None if bot else f"{reverse('player', args=[user.username])}?{back}",
        "ignored": person and is_ignoring(viewer.pk, user.pk),
        "may_ignore": person,
        "kick": _kick(table, viewer, user, row) if person else None,
        "invite_tables": invite_tables(viewer, user, table.pk) if person else [],
    }
