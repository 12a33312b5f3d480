"""Thin pages of the game rooms: lobby, new table, play/leave, the table shell, hand histories."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from games import services
from games.engines.core import get_game
from games.engines.core.errors import RuleError
from games.forms import NewTableForm
from games.history import hand_history, replay_document
from games.lobby_boxes import lobby_boxes
from games.models import Round, Table
from games.services.projection import seat_of
from social.forms import TableSocialForm
from social.models import TableSocial
from social.services.access import REFUSALS, open_table, watch_refusal
from social.services.invitations import SEAT_REQUEST_WAITING, request_seat

ACCESS_PREFIX = "access"


def _lobby_page(
    request: HttpRequest,
    form: NewTableForm | None = None,
    access_form: TableSocialForm | None = None,
    status: int = 200,
) -> HttpResponse:
    opened = form is not None
    return render(
        request,
        "games/lobby.html",
        {
            "boxes": lobby_boxes(request.user),
            "form": form or NewTableForm(),
            "access_form": access_form
            or TableSocialForm(
                owner=request.user,
                prefix=ACCESS_PREFIX,
                initial={"spectators": TableSocial.Spectators.ANYONE},
            ),
            "open_dialog": opened,
        },
        status=status,
    )


@login_required
def lobby(request: HttpRequest) -> HttpResponse:
    """The lobby: a box per open or playing table the viewer may see, and the "New game" dialog."""
    return _lobby_page(request)


@login_required
def new_table(request: HttpRequest) -> HttpResponse:
    """Create a table from the dialog, with who may sit and watch (docs/decisions-social.md "table access"),
    and go to it. A GET (a reloaded or bookmarked address) goes to the lobby, where the dialog is."""
    if request.method != "POST":
        return redirect("lobby")
    form = NewTableForm(request.POST)
    access_form = TableSocialForm(request.POST, owner=request.user, prefix=ACCESS_PREFIX)
    if not (form.is_valid() and access_form.is_valid()):
        return _lobby_page(request, form, access_form, status=400)
    data, access = form.cleaned_data, access_form.cleaned_data
    try:
        table = open_table(
            request.user,
            data["game"],
            form.options(),
            human_seats=data["human_seats"],
            bot_level=data["bot_level"],
            stake=data["stake"] or 0,
            limit=data.get("limit"),
            access=data["access"],
            turn_seconds=data["turn_seconds"],
            fixed_deal=data.get("fixed_deal"),
            invite_list_id=access["invite_list"].pk if access["invite_list"] else None,
            spectators=access["spectators"],
            approval=access["approval"],
        )
    except RuleError as error:
        form.add_error(None, error.message)
        return _lobby_page(request, form, access_form, status=400)
    return redirect("table", table_id=table.pk)


@login_required
@require_POST
def play(request: HttpRequest, table_id: int) -> HttpResponse:
    """ "Play": take a free seat (or the one already held) and go to the table."""
    try:
        seat = request_seat(request.user, table_id)  # with the table's access and the host's approval
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
def leave(request: HttpRequest, table_id: int) -> HttpResponse:
    """Leave the table (a bot takes the seat during play) and go back to the lobby."""
    try:
        services.leave(request.user, table_id)
    except RuleError as error:
        messages.error(request, error.message)
    return redirect("lobby")


@login_required
def table(request: HttpRequest, table_id: int) -> HttpResponse:
    """The generic table shell; the game's own module draws its part."""
    row = get_object_or_404(Table, pk=table_id)
    refusal = watch_refusal(row, request.user)  # the table's access and its spectators option
    if refusal is not None:
        messages.error(request, REFUSALS[refusal])
        return redirect("lobby")
    profile = getattr(request.user, "profile", None)
    return render(
        request,
        "games/table.html",
        {
            "table": row,
            "game": get_game(row.game),
            "seat": seat_of(row, request.user),
            "sound": bool(profile.sound) if profile else True,
        },
    )


def _finished_round(request: HttpRequest, table_id: int, number: int) -> Round:
    """A finished deal whose history `request.user` may read: the people dealt into it, and those the table
    lets watch (its access, spectators option and kicks). Raises Http404 otherwise: a refused history is not
    told apart from a missing one."""
    rnd = get_object_or_404(Round.objects.select_related("table"), table_id=table_id, number=number)
    if rnd.status == Round.Status.PLAYING:
        raise Http404("the hand history is shown once the deal is over")
    if request.user.pk not in rnd.players and watch_refusal(rnd.table, request.user) is not None:
        raise Http404("no such deal")
    return rnd


@login_required
def history(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    """A deal's hand history: the deal, every action, the deck order and salt behind its hash."""
    rnd = _finished_round(request, table_id, number)
    return render(request, "games/history.html", {"h": hand_history(rnd), "round": rnd})


@login_required
def replay_file(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    """The deal as a replay file (docs/design.md "Cards and replay files"), as a download."""
    rnd = _finished_round(request, table_id, number)
    response = JsonResponse(replay_document(rnd), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="kibitz-{table_id}-deal-{number}.json"'
    return response
