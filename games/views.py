"""Thin pages of the game rooms: lobby, new table, play/leave, the table shell, hand histories, the player card."""

from __future__ import annotations

from typing import cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.forms import ProfileForm
from accounts.http import AuthenticatedHttpRequest
from accounts.models import User
from games import services
from games.declarations import game_title, module_path, player_preferences, stylesheet_path
from games.engines.core import get_game
from games.engines.core.errors import RuleError
from games.forms import LEAVER_RULE, GamePreferencesForm, NewTableForm, TableSettingsForm, game_choices
from games.history import hand_history, replay_document
from games.labels import bot_level_label
from games.lobby_boxes import lobby_boxes
from games.models import Round, Table, TableSettings
from games.module_graph import module_closure
from games.player_record import rated_games_of, rated_record
from games.reads.access import REFUSALS, watch_refusal
from games.reads.projection import seat_of
from games.reads.seat_choice import posted_seat
from games.records import match_record
from games.replay_steps import replay_steps_or_none, replay_table
from games.services.invitations import SEAT_REQUEST_WAITING, request_seat
from games.services.table_settings import open_table
from games.welcome import welcome_facts
from ledger import audit, roles, second_factor
from ledger.models import AuditAction
from social.services.player_info import player_card
from social.services.presence import online_now

ACCESS_PREFIX = "access"


def _lobby_page(
    request: AuthenticatedHttpRequest,
    form: NewTableForm | None = None,
    access_form: TableSettingsForm | None = None,
    status: int = 200,
) -> HttpResponse:
    opened = form is not None
    return render(
        request,
        "games/lobby.html",
        {
            "boxes": lobby_boxes(request.user),
            "filter_games": game_choices(),
            "online": online_now(request.user),
            "form": form or NewTableForm(),
            "access_form": access_form
            or TableSettingsForm(
                owner=request.user,
                prefix=ACCESS_PREFIX,
                initial={"spectators": TableSettings.Spectators.ANYONE},
            ),
            "open_dialog": opened,
        },
        status=status,
    )


def lobby(request: HttpRequest) -> HttpResponse:
    """The lobby: a box per open or playing table the viewer may see, and the "New game" dialog; a visitor who is
    not signed in gets the front page instead (the games, how busy the room is, sign up and log in)."""
    if not request.user.is_authenticated:
        return render(request, "games/welcome.html", welcome_facts())
    return _lobby_page(cast(AuthenticatedHttpRequest, request))


@login_required
def new_table(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Create a table from the dialog, with who may sit and watch (docs/decisions-social.md "Access"), and go to it.
    A GET (a reloaded or bookmarked address) goes to the lobby, where the dialog is."""
    if request.method != "POST":
        return redirect("lobby")
    form = NewTableForm(request.POST)
    access_form = TableSettingsForm(request.POST, owner=request.user, prefix=ACCESS_PREFIX)
    if not (form.is_valid() and access_form.is_valid()):
        return _lobby_page(request, form, access_form, status=400)
    access = access_form.cleaned_data
    try:
        table = open_table(
            request.user,
            form.terms(),
            fixed_deal=form.cleaned_data.get("fixed_deal"),
            invite_list_id=access["invite_list"].pk if access["invite_list"] else None,
            spectators=access["spectators"],
            approval=access["approval"],
        )
    except RuleError as error:
        form.add_error(None, error.message)
        return _lobby_page(request, form, access_form, status=400)
    return redirect("table", table_id=table.pk)


@login_required
def new_table_terms(request: AuthenticatedHttpRequest) -> JsonResponse:
    """The New game dialog's money preview: GET the dialog's fields (as the form posts them, without its CSRF
    token); answers `{"terms": games.reads.table_terms.MoneyTerms.to_json() or null (a free table, or a field
    in error), "errors": {"stake" | "limit" | "suggestions": [message, ...]}}` (minor units; messages in the active
    language; "suggestions": ticked at a stakes table). The dialog formats the amounts (static/js/money.js) and
    never computes the worst case itself."""
    form = NewTableForm(request.GET)
    form.is_valid()
    terms = form.money_preview()
    errors = {
        name: list(form.errors[name]) for name in ("stake", "limit", "suggestions") if name in form.errors
    }
    return JsonResponse({"terms": terms.to_json() if terms else None, "errors": errors})


@login_required
@require_POST
def play(request: AuthenticatedHttpRequest, table_id: int) -> HttpResponse:
    """ "Play": take the seat chosen on the lobby box's picture (POST `seat`, a seat number; absent: the seat
    games.reads.seat_choice.seat_for_play picks), or the one already held, and go to the table. A refused seat
    (taken, a bot's, out of range) goes back to the lobby with the reason."""
    try:
        # with the table's access and the host's approval
        seat = request_seat(request.user, table_id, posted_seat(request.POST.get("seat")))
    except RuleError as error:
        messages.error(request, error.message)
        return redirect("lobby")
    if seat is None:
        messages.info(request, SEAT_REQUEST_WAITING)
        table = get_object_or_404(Table, pk=table_id)
        if watch_refusal(table, request.user) is not None:
            return redirect("lobby")  # may not watch while waiting: the host's answer reaches the lobby
    return redirect("table", table_id=table_id)


@login_required
@require_POST
def leave(request: AuthenticatedHttpRequest, table_id: int) -> HttpResponse:
    """Leave the table (a bot takes the seat during play) and go back to the lobby."""
    try:
        services.leave(request.user, table_id)
    except RuleError as error:
        messages.error(request, error.message)
    return redirect("lobby")


@login_required
@require_POST
def rematch(request: AuthenticatedHttpRequest, table_id: int) -> HttpResponse:
    """ "New game" once the match is over (the score sheet's button, key N): the new table with the same terms,
    the player seated (games.services.rematch); a refusal goes back to the finished table with its reason."""
    try:
        new = services.rematch(request.user, table_id)
    except RuleError as error:
        messages.error(request, error.message)
        return (
            redirect("table", table_id=table_id)
            if Table.objects.filter(pk=table_id).exists()
            else redirect("lobby")
        )
    return redirect("table", table_id=new.pk)


@login_required
def table(request: AuthenticatedHttpRequest, table_id: int) -> HttpResponse:
    """The generic table shell; the game's own module draws its part."""
    row = get_object_or_404(Table, pk=table_id)
    refusal = watch_refusal(row, request.user)  # the table's access and its spectators option
    if refusal is not None:
        messages.error(request, REFUSALS[refusal])
        return redirect("lobby")
    profile = getattr(request.user, "profile", None)
    game = get_game(row.game)
    return render(
        request,
        "games/table.html",
        {
            "table": row,
            "game": game,
            "title": game_title(game),
            "module": module_path(game),
            "stylesheet": stylesheet_path(game),
            "preferences": player_preferences(profile.game_preferences if profile else {}, game),
            "seat": seat_of(row, request.user),
            "sound": bool(profile.sound) if profile else True,
            "rematch_url": reverse("rematch", args=[row.pk]),
            "bot_level": bot_level_label(row.bot_level),
            # the Leave dialog's line at a rated table (it opens only while a deal, so the match, runs)
            "leaver_rule": LEAVER_RULE if row.rated else "",
        },
    )


LARGEST_ROW_ID = 2**63 - 1
"""The largest id or number a lookup may ask for: a larger one overflows SQLite's and PostgreSQL's integers."""


def _reads_hand_histories(user: User | AnonymousUser) -> bool:
    """Whether `user` holds a staff role that reads any finished deal's history (docs/decisions-ledger.md
    "Scopes")."""
    return any(user.has_perm(f"ledger.{p}") for p in (roles.VIEW_REPORTS, roles.VIEW_PLAYER_SAFETY))


def _finished_round(request: HttpRequest, table_id: int, number: int) -> Round | HttpResponse:
    """A finished deal whose history `request.user` may read: the people dealt into it, those the table lets
    watch (its access, spectators option and kicks), and staff whose role reads players' money or safety
    (Finance, Approver, the responsible-gaming officer, Administrator), private tables included. A staff member's
    view of a deal they were not dealt into is written to the audit log (docs/decisions-ledger.md "Scopes"), and
    needs the second factor proved in this session like every staff page (ledger.second_factor.unverified): else
    the answer is a redirect to the second-factor page that comes back here (HttpResponse, returned, not raised).
    Raises Http404 otherwise: a refused history is not told apart from a missing one."""
    if max(table_id, number) > LARGEST_ROW_ID:  # beyond any database's integer: no such deal, not a 500
        raise Http404("no such deal")
    rnd = get_object_or_404(Round.objects.select_related("table", "match"), table_id=table_id, number=number)
    if rnd.status == Round.Status.PLAYING:
        raise Http404("the hand history is shown once the deal is over")
    if request.user.pk in rnd.players:
        return rnd
    watcher = watch_refusal(rnd.table, request.user) is None
    staff = _reads_hand_histories(request.user)
    if staff and second_factor.unverified(request.user):
        if watcher:
            return rnd  # what anyone the table lets watch reads, without a staff power
        return redirect(second_factor.prove_url(request.get_full_path()))
    if not staff and not watcher:
        raise Http404("no such deal")
    if staff:
        audit.record(
            request.user,
            AuditAction.HAND_HISTORY_VIEWED,
            obj=rnd,
            label=f"table {rnd.table_id} deal {rnd.number}",
            page=request.get_full_path(),
            details={"table": rnd.table_id, "round": rnd.pk, "private": rnd.table.access != "public"},
        )
    return rnd


@login_required
def history(request: AuthenticatedHttpRequest, table_id: int, number: int) -> HttpResponse:
    """A deal's hand history: the replay viewer (games.replay_steps, static/js/replay.js) over every step of the
    deal, the deal, every action, the deck order and salt behind its hash."""
    rnd = _finished_round(request, table_id, number)
    if isinstance(rnd, HttpResponse):
        return rnd
    h = hand_history(rnd)
    context: dict[str, object] = {"h": h, "round": rnd, "replay": None}
    steps = replay_steps_or_none(
        rnd
    )  # None: no viewer (a log that no longer replays, a game no longer registered)
    if steps is not None:
        game = get_game(rnd.table.game)
        bottom = rnd.players.index(request.user.pk) if request.user.pk in rnd.players else 0
        profile = getattr(request.user, "profile", None)
        context.update(
            {
                "module": module_path(game),
                "stylesheet": stylesheet_path(game),
                "preferences": player_preferences(profile.game_preferences if profile else {}, game),
                "preload": module_closure("js/replay.js", module_path(game)),
                "replay": {"table": replay_table(rnd, h["names"], bottom), "steps": steps, "bottom": bottom},
            }
        )
    return render(request, "games/history.html", context)


@login_required
def replay_file(request: AuthenticatedHttpRequest, table_id: int, number: int) -> HttpResponse:
    """The deal as a replay file (docs/design.md "Cards and replay files"), as a download. A staff member who has
    not proved the second factor gets 403 here (a file has no page to send them to; the history page does)."""
    rnd = _finished_round(request, table_id, number)
    if isinstance(rnd, HttpResponse):
        raise PermissionDenied("prove the second factor first")
    response = JsonResponse(replay_document(rnd), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="kibitz-{table_id}-deal-{number}.json"'
    return response


@login_required
def deal_history(request: AuthenticatedHttpRequest, round_id: int) -> HttpResponse:
    """A deal's hand history by its round id (the ledger's statement and unit pages link here): redirects to
    the `history` page, which checks who may read it in full (and that the deal is over). A stranger the history
    page would refuse gets 404 here, before the redirect could tell them which table and deal number the id
    belongs to."""
    if round_id > LARGEST_ROW_ID:
        raise Http404("no such deal")
    rnd = get_object_or_404(Round.objects.select_related("table"), pk=round_id)
    readable = (
        request.user.pk in rnd.players
        or watch_refusal(rnd.table, request.user) is None
        or _reads_hand_histories(request.user)
    )
    if not readable:
        raise Http404("no such deal")
    return redirect("history", table_id=rnd.table_id, number=rnd.number)


@login_required
def player(request: AuthenticatedHttpRequest, username: str) -> HttpResponse:
    """The player info card (docs/decisions-social.md "Player card"): social's card (name, member since, the viewer's
    relation), the player's record at the tables and their rated record per game (games.player_record: rating,
    history chart, statistics, last rated results), one game at a time: `game` (a key; else the first of the
    games they are rated in). `next`: a same-site path for the Back link."""
    shown = get_object_or_404(User, username=username, profile__bot_level="")
    back = request.GET.get("next", "")
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}) or not back.startswith("/"):
        back = ""
    tabs = rated_games_of(shown)
    asked = request.GET.get("game", "")
    chosen = asked if any(t.game == asked for t in tabs) else (tabs[0].game if tabs else "")
    return render(
        request,
        "games/player.html",
        {
            "card": player_card(shown, request.user),
            "joined": shown.date_joined,
            "games": match_record(shown),
            "rated_tabs": tabs,
            "rated": rated_record(shown, chosen) if chosen else None,
            "next": back,
        },
    )


@login_required
@require_POST
def game_preferences(request: AuthenticatedHttpRequest) -> HttpResponse:
    """POST the profile page's game preferences (games.forms.GamePreferencesForm): saved into the profile's
    `game_preferences`, then back to the profile page; a refused value shows the profile page with its error."""
    profile = request.user.profile
    form = GamePreferencesForm(request.POST, stored=profile.game_preferences)
    if not form.is_valid():
        return render(
            request,
            "accounts/profile.html",
            {"form": ProfileForm(instance=profile), "game_form": form},
            status=400,
        )
    profile.game_preferences = form.preferences()
    profile.save(update_fields=["game_preferences"])
    messages.success(request, _("Game preferences saved."))
    return redirect("profile")
