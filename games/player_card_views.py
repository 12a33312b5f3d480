"""The player card's endpoints at a table (games.reads.player_card): read the card of a seat or a person, and
ignore or stop ignoring them from it. Kicks and invitations use the panel's endpoints (games.panel_views).

Answers `{"ok": true, "result": ...}` or `{"error": code, "message": text}` with status 400 (bad input), 403 (the
table's access refuses the viewer) or 404 (no such table, seat or player); never a page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from accounts.http import AuthenticatedHttpRequest
from accounts.models import User
from games.ascii_numbers import ascii_int
from games.engines.core.errors import RuleError
from games.errors import ServiceError, from_social
from games.reads import player_card
from games.reads.access import REFUSALS
from games.services.events import panel_changed
from social import services as social

NOT_FOUND = {"no_table", "no_player"}
FORBIDDEN = set(REFUSALS)


def _answer(call: Callable[[], Any]) -> JsonResponse:
    try:
        result = call()
    except RuleError as error:
        status = 404 if error.code in NOT_FOUND else 403 if error.code in FORBIDDEN else 400
        return JsonResponse({"error": error.code, "message": error.message}, status=status)
    return JsonResponse({"ok": True, "result": result})


def _bad(message: str) -> JsonResponse:
    return JsonResponse({"error": "bad_request", "message": message}, status=400)


@login_required
@require_GET
def card(request: AuthenticatedHttpRequest, table_id: int) -> JsonResponse:
    """GET `?seat=N` (the person or bot in seat N) or `?username=U`: the card (player_card.player_card)."""
    raw_seat = request.GET.get("seat")
    seat = ascii_int(raw_seat)
    if raw_seat is not None and (seat is None or seat < 0):
        return _bad(_("The seat must be a seat number."))
    username = request.GET.get("username", "").strip() or None
    if seat is None and username is None:
        return _bad(_("Name a seat or a player."))
    return _answer(lambda: player_card.player_card(request.user, table_id, seat=seat, username=username))


@login_required
@require_POST
def ignore(request: AuthenticatedHttpRequest, table_id: int) -> JsonResponse:
    """POST `username` and `on` ("1": ignore, "0": stop ignoring) from the card; the table's panels re-read
    (the watchers list leaves out whom the viewer ignores). Returns `{"ignored": bool, "id": user id}`."""
    on = request.POST.get("on", "1")
    if on not in ("0", "1"):
        return _bad(_("'on' is 1 or 0."))
    username = request.POST.get("username", "").strip()
    if not username:
        return _bad(_("Name a player."))

    def call() -> dict[str, Any]:
        table = player_card.visible_table(request.user, table_id)
        other = User.objects.filter(username=username, profile__bot_level="").first()
        if other is None:
            raise ServiceError("no_player", _("no player of that name"))
        with from_social():
            if on == "1":
                social.ignore(request.user, other)
            else:
                social.unignore(request.user, other)
        panel_changed(table.pk)
        return {"ignored": on == "1", "id": other.pk}

    return _answer(call)
