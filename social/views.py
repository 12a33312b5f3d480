"""Thin pages of social play: the friends page and the forms of friends, ignores and invite lists; every write
goes through social.services. A form's POST answers with a redirect back and a message.

The player card's page and the table panel's endpoints are the tables' (games.views, games.panel_views).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.http import AuthenticatedHttpRequest
from accounts.models import User
from social import services
from social.errors import SocialError
from social.forms import ListNameForm, NameForm
from social.models import Ignore


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
    except SocialError as error:
        messages.error(request, error.message)
    return _back(request, default)


@login_required
def friends(request: AuthenticatedHttpRequest) -> HttpResponse:
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
@require_POST
def request_friend(request: AuthenticatedHttpRequest, username: str) -> HttpResponse:
    other = _player(username)
    return _run(request, lambda: services.request_friend(request.user, other), _("Friend request sent."))


@login_required
@require_POST
def answer_friend(request: AuthenticatedHttpRequest, request_id: int, accept: bool) -> HttpResponse:
    if accept:
        return _run(
            request, lambda: services.accept_friend(request.user, request_id), _("You are friends now.")
        )
    return _run(request, lambda: services.decline_friend(request.user, request_id), _("Request declined."))


@login_required
@require_POST
def remove_friend(request: AuthenticatedHttpRequest, username: str) -> HttpResponse:
    other = _player(username)
    return _run(request, lambda: services.remove_friend(request.user, other), _("Friend removed."))


@login_required
@require_POST
def ignore(request: AuthenticatedHttpRequest, username: str, on: bool) -> HttpResponse:
    other = _player(username)
    if on:
        return _run(request, lambda: services.ignore(request.user, other), _("You ignore this player now."))
    return _run(
        request, lambda: services.unignore(request.user, other), _("You no longer ignore this player.")
    )


@login_required
@require_POST
def create_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    return _run(
        request,
        lambda: services.create_list(request.user, request.POST.get("name", "")),
        _("Invite list created."),
    )


@login_required
@require_POST
def add_member(request: AuthenticatedHttpRequest, list_id: int) -> HttpResponse:
    username = request.POST.get("username", "").strip()
    member = User.objects.filter(username=username, profile__bot_level="").first()
    if member is None:
        messages.error(request, _("No player of that name."))
        return redirect("friends")
    return _run(request, lambda: services.add_member(request.user, list_id, member), _("Added to the list."))


@login_required
@require_POST
def remove_member(request: AuthenticatedHttpRequest, list_id: int, username: str) -> HttpResponse:
    member = _player(username)
    return _run(
        request, lambda: services.remove_member(request.user, list_id, member), _("Removed from the list.")
    )


@login_required
@require_POST
def delete_list(request: AuthenticatedHttpRequest, list_id: int) -> HttpResponse:
    return _run(request, lambda: services.delete_list(request.user, list_id), _("Invite list deleted."))
