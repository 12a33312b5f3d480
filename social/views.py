"""Thin pages and JSON endpoints of social play; every write goes through social.services.

HTML pages (the friends page, the player card) answer POSTs with a redirect and a message; the table
panel's endpoints answer JSON: `{"ok": true, ...}` or `{"error": code, "message": text}` (status 400, or
403 for a refusal of the table's access or of a role).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.models import User
from games.engines.core.errors import RuleError
from social import services
from social.forms import ListNameForm, NameForm
from social.models import Ignore
from social.services.player_info import player_card

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


def _player(username: str) -> User:
    return get_object_or_404(User, username=username, profile__bot_level="")


def _back(request: HttpRequest, default: str) -> HttpResponse:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}):
        return redirect(target)
    return redirect(default)


def _run(request: HttpRequest, call: Callable[[], Any], done: str, default: str = "friends") -> HttpResponse:
    """Run a service call for an HTML form: a message for the outcome, then back where the form was."""
    try:
        call()
        messages.success(request, done)
    except RuleError as error:
        messages.error(request, error.message)
    return _back(request, default)


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
def friends(request: HttpRequest) -> HttpResponse:
    """Friends (online, at which table), requests, the search by name, invite lists and ignored players."""
    query = request.GET.get("q", "")
    lists = request.user.invite_lists.prefetch_related("members__profile")
    ignored = Ignore.objects.filter(user=request.user).select_related("ignored__profile")
    return render(
        request,
        "social/friends.html",
        {
            "panel": services.friends_panel(request.user),
            "query": query,
            "found": services.find_players(request.user, query) if query else [],
            "lists": lists,
            "ignored": [i.ignored for i in ignored],
            "list_form": ListNameForm(),
            "name_form": NameForm(),
        },
    )


@login_required
def player(request: HttpRequest, username: str) -> HttpResponse:
    """The player info card."""
    back = request.GET.get("next", "")
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}) or not back.startswith("/"):
        back = ""
    return render(
        request, "social/player.html", {"card": player_card(_player(username), request.user), "next": back}
    )


@login_required
@require_POST
def request_friend(request: HttpRequest, username: str) -> HttpResponse:
    other = _player(username)
    return _run(request, lambda: services.request_friend(request.user, other), _("Friend request sent."))


@login_required
@require_POST
def answer_friend(request: HttpRequest, request_id: int, accept: bool) -> HttpResponse:
    if accept:
        return _run(
            request, lambda: services.accept_friend(request.user, request_id), _("You are friends now.")
        )
    return _run(request, lambda: services.decline_friend(request.user, request_id), _("Request declined."))


@login_required
@require_POST
def remove_friend(request: HttpRequest, username: str) -> HttpResponse:
    other = _player(username)
    return _run(request, lambda: services.remove_friend(request.user, other), _("Friend removed."))


@login_required
@require_POST
def ignore(request: HttpRequest, username: str, on: bool) -> HttpResponse:
    other = _player(username)
    if on:
        return _run(request, lambda: services.ignore(request.user, other), _("You ignore this player now."))
    return _run(
        request, lambda: services.unignore(request.user, other), _("You no longer ignore this player.")
    )


@login_required
@require_POST
def create_list(request: HttpRequest) -> HttpResponse:
    return _run(
        request,
        lambda: services.create_list(request.user, request.POST.get("name", "")),
        _("Invite list created."),
    )


@login_required
@require_POST
def add_member(request: HttpRequest, list_id: int) -> HttpResponse:
    username = request.POST.get("username", "").strip()
    member = User.objects.filter(username=username, profile__bot_level="").first()
    if member is None:
        messages.error(request, _("No player of that name."))
        return redirect("friends")
    return _run(request, lambda: services.add_member(request.user, list_id, member), _("Added to the list."))


@login_required
@require_POST
def remove_member(request: HttpRequest, list_id: int, username: str) -> HttpResponse:
    member = _player(username)
    return _run(
        request, lambda: services.remove_member(request.user, list_id, member), _("Removed from the list.")
    )


@login_required
@require_POST
def delete_list(request: HttpRequest, list_id: int) -> HttpResponse:
    return _run(request, lambda: services.delete_list(request.user, list_id), _("Invite list deleted."))


@login_required
@require_POST
def answer_invitation(request: HttpRequest, invitation_id: int, accept: bool) -> HttpResponse:
    """Accept (take the seat and go to the table) or decline an invitation from the lobby."""
    try:
        seat_row = services.answer_invitation(request.user, invitation_id, accept)
    except RuleError as error:
        messages.error(request, error.message)
        return redirect("lobby")
    if accept and seat_row is not None:
        from social.models import Invitation

        return redirect("table", table_id=Invitation.objects.get(pk=invitation_id).table_id)
    return redirect("lobby")


# The table panel's JSON endpoints.


@login_required
@require_POST
def table_settings(request: HttpRequest, table_id: int) -> JsonResponse:
    raw_list = request.POST.get("invite_list") or ""

    def call() -> None:
        services.configure_table(
            request.user,
            table_id,
            invite_list_id=int(raw_list) if raw_list.isdigit() else None,
            spectators=request.POST.get("spectators", "anyone"),
            approval=request.POST.get("approval") in ("on", "1", "true"),
        )

    return _json(call)


@login_required
@require_POST
def table_invite(request: HttpRequest, table_id: int) -> JsonResponse:
    """Invite one player by username, or every member of the host's list `list`."""
    if request.POST.get("list", "").isdigit():
        return _json(lambda: len(services.invite_list(request.user, table_id, int(request.POST["list"]))))
    invitee = User.objects.filter(
        username=request.POST.get("username", "").strip(), profile__bot_level=""
    ).first()
    if invitee is None:
        return JsonResponse({"error": "no_player", "message": _("No player of that name.")}, status=400)
    return _json(lambda: services.invite(request.user, table_id, invitee).pk)


@login_required
@require_POST
def table_request(request: HttpRequest, table_id: int, request_id: int, approve: bool) -> JsonResponse:
    return _json(lambda: services.answer_seat_request(request.user, request_id, approve))


@login_required
@require_POST
def table_kick(request: HttpRequest, table_id: int, seat: int) -> JsonResponse:
    return _json(lambda: services.kick(request.user, table_id, seat))


@login_required
@require_POST
def table_vote(request: HttpRequest, table_id: int, seat: int) -> JsonResponse:
    return _json(lambda: services.vote_kick(request.user, table_id, seat))
