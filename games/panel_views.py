"""Thin endpoints of a table's company: the side panel's JSON calls (the host's settings, invitations, seat
requests, kicks and votes) and the lobby's answer to an invitation. Every write goes through games.services.

The panel's endpoints answer `{"ok": true, "result": ...}` or `{"error": code, "message": text}` (status 400, or
403 for a refusal of the table's access or of a role).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.http import AuthenticatedHttpRequest
from accounts.models import User
from games.ascii_numbers import ascii_int
from games.engines.core.errors import RuleError
from games.reads.seat_choice import posted_seat
from games.services import invitations, kicks
from games.services.table_settings import configure_table

FORBIDDEN = {
    "not_host",
    "not_seated",
    "kicked",
    "ignored",
    "not_allowed",
    "not_friends",
    "no_spectators",
    "public_table",
    "private_table",
}


def _json(call: Callable[[], Any]) -> JsonResponse:
    try:
        result = call()
    except RuleError as error:
        status = 403 if error.code in FORBIDDEN else 400
        return JsonResponse({"error": error.code, "message": error.message}, status=status)
    return JsonResponse(
        {"ok": True, "result": result if isinstance(result, (dict, int, type(None))) else None}
    )


@login_required
@require_POST
def answer_invitation(request: AuthenticatedHttpRequest, invitation_id: int, accept: bool) -> HttpResponse:
    """Accept (take the seat and go to the table) or decline an invitation from the lobby."""
    try:
        answer = invitations.answer_invitation(request.user, invitation_id, accept)
    except RuleError as error:
        messages.error(request, error.message)
        return redirect("lobby")
    if answer.seat is not None:
        return redirect("table", table_id=answer.table_id)
    return redirect("lobby")


@login_required
@require_POST
def table_settings(request: AuthenticatedHttpRequest, table_id: int) -> JsonResponse:
    raw_list = request.POST.get("invite_list") or ""

    def call() -> None:
        configure_table(
            request.user,
            table_id,
            invite_list_id=ascii_int(raw_list),
            spectators=request.POST.get("spectators", "anyone"),
            approval=request.POST.get("approval") in ("on", "1", "true"),
        )

    return _json(call)


@login_required
@require_POST
def table_invite(request: AuthenticatedHttpRequest, table_id: int) -> JsonResponse:
    """Invite one player by username (to the seat number `seat`, if given), or every member of the host's list
    `list`."""
    list_id = ascii_int(request.POST.get("list"))
    if list_id is not None:
        return _json(lambda: len(invitations.invite_list(request.user, table_id, list_id)))
    invitee = User.objects.filter(
        username=request.POST.get("username", "").strip(), profile__bot_level=""
    ).first()
    if invitee is None:
        return JsonResponse({"error": "no_player", "message": _("No player of that name.")}, status=400)
    seat = posted_seat(request.POST.get("seat"))
    return _json(lambda: invitations.invite(request.user, table_id, invitee, seat).pk)


@login_required
@require_POST
def table_request(
    request: AuthenticatedHttpRequest, table_id: int, request_id: int, approve: bool
) -> JsonResponse:
    return _json(lambda: invitations.answer_seat_request(request.user, request_id, approve))


@login_required
@require_POST
def table_kick(request: AuthenticatedHttpRequest, table_id: int, seat: int) -> JsonResponse:
    return _json(lambda: kicks.kick(request.user, table_id, seat))


@login_required
@require_POST
def table_vote(request: AuthenticatedHttpRequest, table_id: int, seat: int) -> JsonResponse:
    return _json(lambda: kicks.vote_kick(request.user, table_id, seat))
