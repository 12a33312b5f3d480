"""Thin pages of the game rooms: lobby, new table, play/leave, the table shell, hand histories."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from games import services
from games.engine import get_game
from games.engine.errors import RuleError
from games.forms import NewTableForm
from games.history import hand_history, replay_document
from games.lobby import lobby_boxes
from games.models import Round, Table
from games.services.projection import seat_of
from social.services.access import REFUSALS, watch_refusal
from social.services.invitations import SEAT_REQUEST_WAITING, request_seat


@login_required
def lobby(request: HttpRequest) -> HttpResponse:
    """The lobby: a box per open or playing table, and the "New game" dialog."""
    return render(request, "games/lobby.html", {"boxes": lobby_boxes(request.user), "form": NewTableForm()})


@login_required
@require_POST
def new_table(request: HttpRequest) -> HttpResponse:
    """Create a table from the dialog and go to it."""
    form = NewTableForm(request.POST)
    if not form.is_valid():
        return render(request, "games/lobby.html", {"boxes": lobby_boxes(request.user), "form": form, "open_dialog": True},
                      status=400)
    data = form.cleaned_data
    try:
        table = services.create_table(
            request.user, data["game"], form.options(), human_seats=data["human_seats"],
            bot_level=data["bot_level"], stake=form.minor_units(data["stake"]) or 0,
            limit=form.minor_units(data.get("limit")), access=data["access"], turn_seconds=data["turn_seconds"],
            fixed_deal=data.get("fixed_deal"))
    except RuleError as error:
        form.add_error(None, error.message)
        return render(request, "games/lobby.html", {"boxes": lobby_boxes(request.user), "form": form, "open_dialog": True},
                      status=400)
    return redirect("table", table_id=table.pk)


@login_required
@require_POST
def play(request: HttpRequest, table_id: int) -> HttpResponse:
    """"Play": take a free seat (or the one already held) and go to the table."""
    try:
        seat = request_seat(request.user, table_id)  # with the table's access and the host's approval
    except RuleError as error:
        messages.error(request, error.message)
        return redirect("lobby")
    if seat is None:
        messages.info(request, SEAT_REQUEST_WAITING)
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
    return render(request, "games/table.html", {
        "table": row, "game": get_game(row.game), "seat": seat_of(row, request.user),
        "sound": bool(profile.sound) if profile else True,
    })


def _finished_round(table_id: int, number: int) -> Round:
    rnd = get_object_or_404(Round.objects.select_related("table"), table_id=table_id, number=number)
    if rnd.status == Round.Status.PLAYING:
        raise Http404("the hand history is shown once the deal is over")
    return rnd


@login_required
def history(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    """A deal's hand history: the deal, every action, the deck order and salt behind its hash."""
    rnd = _finished_round(table_id, number)
    return render(request, "games/history.html", {"h": hand_history(rnd), "round": rnd})


@login_required
def replay_file(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    """The deal as a replay file (DESIGN.md "Cards and replay files"), as a download."""
    rnd = _finished_round(table_id, number)
    response = JsonResponse(replay_document(rnd), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="kibitz-{table_id}-deal-{number}.json"'
    return response
