"""Kick ("Eruit gooien"): the host at a private table, a majority vote at a public one, between deals only;
a bot of the table's level takes the seat and the kicked user cannot rejoin."""

from __future__ import annotations

import pytest

from games import services
from games.errors import ServiceError
from games.models import Ban, Event, Seat, Table
from games.reads import access
from games.services.events import append_event
from tests.tables.driving import finish_deal

pytestmark = pytest.mark.django_db


def _full_table(users, access, names=("bob", "carol")):
    table = services.create_table(
        users["alice"],
        services.TableTerms(
            "test-follow", {"rounds": 3}, human_seats=1 + len(names), access=access, bot_level="beginner"
        ),
    )
    for name in names:
        if access == Table.Access.PUBLIC:
            services.join(users[name], table.pk)
        else:
            services.answer_invitation(
                users[name], services.invite(users["alice"], table.pk, users[name]).pk, True
            )
    return Table.objects.get(pk=table.pk)


def _code(call, *args):
    with pytest.raises(ServiceError) as error:
        call(*args)
    return error.value.code


def test_it_lets_the_host_kick_between_deals_and_a_bot_takes_the_seat(users, fast_bots):
    table = _full_table(users, Table.Access.PRIVATE)
    assert _code(services.kick, users["alice"], table.pk, 1) == "not_between_deals"
    finish_deal(table.pk)
    assert _code(services.kick, users["bob"], table.pk, 2) == "not_host"
    assert _code(services.kick, users["alice"], table.pk, 0) == "bad_request"
    services.kick(users["alice"], table.pk, 1)
    seat = Seat.objects.get(table=table, number=1)
    assert seat.bot_level == "beginner" and seat.user.profile.bot_level == "beginner"
    assert Ban.objects.filter(table=table, user=users["bob"]).exists()
    assert Event.objects.filter(table=table, kind="kick", seat=1, data__user=users["bob"].pk).exists()
    assert _code(services.join, users["bob"], table.pk) == "kicked"
    assert services.start_next_round(table.pk)  # the match goes on with the bot in the seat
    finish_deal(table.pk)


def test_it_needs_a_majority_of_the_other_seated_players_at_a_public_table(users, fast_bots):
    table = _full_table(users, Table.Access.PUBLIC, names=("bob", "carol", "dave"))
    finish_deal(table.pk)
    assert _code(services.kick, users["alice"], table.pk, 1) == "public_table"
    assert _code(services.vote_kick, users["bob"], table.pk, 1) == "not_seated"  # the target does not vote
    first = services.vote_kick(users["alice"], table.pk, 1)
    assert first == {"votes": 1, "needed": 2, "kicked": False}
    assert services.vote_kick(users["alice"], table.pk, 1)["votes"] == 1  # one vote per voter
    assert Seat.objects.get(table=table, number=1).user == users["bob"]
    second = services.vote_kick(users["carol"], table.pk, 1)
    assert second == {"votes": 2, "needed": 2, "kicked": True}
    assert Seat.objects.get(table=table, number=1).is_bot
    assert _code(services.join, users["bob"], table.pk) == "kicked"


def test_it_refuses_a_spectators_vote(users, fast_bots):
    table = _full_table(users, Table.Access.PUBLIC)
    finish_deal(table.pk)
    assert access.watch_refusal(table, users["dave"]) is None  # dave may watch ...
    assert _code(services.vote_kick, users["dave"], table.pk, 1) == "not_seated"  # ... but never votes


def test_it_frees_the_seat_of_a_player_kicked_before_the_start(users):
    table = services.create_table(
        users["alice"], services.TableTerms("test-follow", human_seats=3, access=Table.Access.PRIVATE)
    )
    services.answer_invitation(users["bob"], services.invite(users["alice"], table.pk, users["bob"]).pk, True)
    services.kick(users["alice"], table.pk, 1)
    seat = Seat.objects.get(table=table, number=1)
    assert seat.user is None and not seat.is_bot
    assert _code(services.join, users["bob"], table.pk) == "kicked"


def test_a_kick_is_a_declared_event_and_an_undeclared_kind_is_refused(users):
    assert "kick" in Event.KINDS
    table = services.create_table(users["alice"], services.TableTerms("test-follow", human_seats=2))
    with pytest.raises(ValueError):
        append_event(table, "removed")
    assert not Event.objects.filter(table=table, kind="removed").exists()
