"""A Differenzler table with secret predictions, played by four people through the table service on PostgreSQL
(docs/rules/jass.md §5.2, §7): until the round is scored no frame any seat or a watcher gets holds another seat's
value (the view, the table facts, the seat's legal actions, refusals and hints, checked by the independent oracle of
tests/tables/leak_oracles.py), and the hand history and the replay file stay 404; once it is scored every frame, the
score sheet and the history show all four."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from games import services
from games.engines.core import get_game
from games.models import Round, Seat, Table
from games.reads import projection

from .leak_oracles import check_frame

pytestmark = pytest.mark.django_db
KEY = "jass-differenzler"
CALLS = {"alice": 61, "bob": 47, "carol": 103, "dave": 9}


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _table(users: dict[str, User]) -> tuple[Table, dict[int, User]]:
    table = services.create_table(
        users["alice"], services.TableTerms(KEY, {"predictions": "secret"}, human_seats=4, turn_seconds=300)
    )
    for name in ("bob", "carol", "dave"):
        services.join(users[name], table.pk)
    table.refresh_from_db()
    return table, {s.number: s.user for s in Seat.objects.filter(table=table)}


def _frames(table: Table) -> tuple[dict[str, Any], dict[int | None, dict[str, Any]]]:
    """The round's stored state and the frame of every seat and of a watcher, read afresh."""
    projection.forget_loads()
    snapshot = Round.objects.filter(table=table).order_by("-number").first().snapshot
    return snapshot, {seat: projection.table_frame(table.pk, seat) for seat in (0, 1, 2, 3, None)}


def _check_hidden(table: Table, people: dict[int, User], watcher: User, made: dict[int, int]) -> None:
    """Each seat sees only its own value, a watcher none; no frame shows a value the oracle hides; the history and
    the replay file of the running deal are 404 to every seat and the watcher."""
    snapshot, frames = _frames(table)
    for seat, frame in frames.items():
        check_frame(KEY, snapshot, seat, frame)
        expected = [made.get(s) if s == seat else None for s in range(4)]
        assert frame["view"]["predictions"] == expected, (seat, frame["view"]["phase"])
        assert frame["view"]["predicted"] == [s in made for s in range(4)]
    number = Round.objects.filter(table=table).order_by("-number").first().number
    for user in [*people.values(), watcher]:
        client = _client(user)
        assert client.get(reverse("history", args=[table.pk, number])).status_code == 404
        assert client.get(reverse("replay_file", args=[table.pk, number])).status_code == 404


def _act(table: Table, user: User, action: dict[str, Any], n: int) -> None:
    table.refresh_from_db()
    services.act(user, table.pk, table.version, f"m{n}", action)


def test_secret_predictions_reach_no_frame_page_or_history_until_the_round_is_scored(users):
    watcher = User.objects.create_user("erin", password="pw-for-tests-only")
    table, people = _table(users)
    made: dict[int, int] = {}
    _check_hidden(table, people, watcher, made)
    for n, (seat, user) in enumerate(sorted(people.items())):
        _act(table, user, {"predict": CALLS[user.username]}, n)
        made[seat] = CALLS[user.username]
        _check_hidden(table, people, watcher, made)
    game = get_game(KEY)
    moves = 0
    while (rnd := Round.objects.get(table=table, number=1)).status == Round.Status.PLAYING:
        state = game.from_json(rnd.snapshot)
        seat = state.to_play()
        _act(table, people[seat], game.legal_actions(state, seat)[0].to_wire(), 10 + moves)
        moves += 1
        if moves in (1, 13, 35):  # the first card, mid-round, the last card before the round is scored
            _check_hidden(table, people, watcher, made)
    assert moves == 36
    every = [made[s] for s in range(4)]
    snapshot = Round.objects.get(table=table, number=1).snapshot
    assert snapshot["phase"] == "done"
    projection.forget_loads()
    for seat in (0, 1, 2, 3, None):
        frame = projection.table_frame(table.pk, seat)
        assert frame["table"]["round"]["number"] == 1, "the scored round's frame, before the next deal"
        assert frame["view"]["predictions"] == every and frame["view"]["result"]["predictions"] == every
    for user in (people[1], watcher):
        client = _client(user)
        page = client.get(reverse("history", args=[table.pk, 1]))
        assert (
            page.status_code == 200 and json.loads(page.context["h"]["result_json"])["predictions"] == every
        )
        replay = json.loads(client.get(reverse("replay_file", args=[table.pk, 1])).content)
        assert [a["action"]["predict"] for a in replay["actions"][:4]] == [CALLS[n] for n in CALLS]
