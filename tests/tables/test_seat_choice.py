"""Seat choice (docs/decisions-tables.md "Seat choice"): a table keeps the seats the New game dialog gives people
(Schieber's two people are partners, seats 0 and 2); a person picks any free seat meant for a person, "Play" takes
the host's partner seat at Schieber, else the lowest free one; the host's invitation may name the seat; a seat that
is taken, a bot's or out of range is refused with a clear error, through the service and the pages, never a 500;
nobody changes seat."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from games import services
from games.errors import ServiceError
from games.models import Invitation, Seat, Table

pytestmark = pytest.mark.django_db


def _seats(table: Table) -> dict[int, str | None]:
    """Seat number → who holds it: a person's username, "bot", or None for a free seat."""
    return {
        s.number: ("bot" if s.is_bot else s.user.username if s.user else None)
        for s in Seat.objects.filter(table=table).select_related("user")
    }


def _schieber(users, people: int = 2) -> Table:
    return services.create_table(users["alice"], services.TableTerms("jass-schieber", human_seats=people))


def test_it_keeps_partner_seats_for_two_people_at_schieber(users):
    table = _schieber(users)
    assert _seats(table) == {0: "alice", 1: "bot", 2: None, 3: "bot"}
    assert list(Seat.objects.filter(table=table, for_human=True).values_list("number", flat=True)) == [0, 2]


def test_play_takes_the_hosts_partner_seat_at_schieber(users):
    table = _schieber(users, people=4)
    assert services.join(users["bob"], table.pk) == 2  # alice's partner, not seat 1
    assert services.join(users["carol"], table.pk) == 1
    assert services.join(users["dave"], table.pk) == 3
    assert Table.objects.get(pk=table.pk).status == Table.Status.PLAYING


def test_play_takes_the_lowest_free_seat_without_partners(users):
    table = services.create_table(users["alice"], services.TableTerms("test-follow", human_seats=3))
    assert _seats(table) == {0: "alice", 1: None, 2: None, 3: "bot"}
    assert services.join(users["bob"], table.pk) == 1


def test_a_person_chooses_any_free_seat_meant_for_a_person(users):
    table = _schieber(users, people=4)
    assert services.join(users["bob"], table.pk, 3) == 3
    assert services.join(users["carol"], table.pk) == 2  # Play still takes alice's partner seat
    assert _seats(table) == {0: "alice", 1: None, 2: "carol", 3: "bob"}


@pytest.mark.parametrize(
    ("seat", "code"),
    [(0, "seat_taken"), (1, "bot_seat"), (4, "no_such_seat"), (-1, "no_such_seat"), ("2", "no_such_seat")],
)
def test_a_seat_taken_meant_for_a_bot_or_out_of_range_is_refused(users, seat, code):
    table = _schieber(users)
    version = Table.objects.get(pk=table.pk).version
    with pytest.raises(ServiceError) as refused:
        services.join(users["bob"], table.pk, seat)
    assert refused.value.code == code and refused.value.message
    assert Table.objects.get(pk=table.pk).version == version  # nothing changed
    assert _seats(table)[2] is None


def test_the_refusal_is_in_the_players_language(users):
    table = _schieber(users)
    with translation.override("de"), pytest.raises(ServiceError) as refused:
        services.join(users["bob"], table.pk, 1)
    assert refused.value.message == "Platz 2 spielt ein Bot."


def test_nobody_changes_seat(users):
    table = _schieber(users, people=3)
    assert services.join(users["bob"], table.pk, 1) == 1
    with pytest.raises(ServiceError) as refused:
        services.join(users["bob"], table.pk, 2)
    assert refused.value.code == "seated_elsewhere"
    assert services.join(users["bob"], table.pk) == 1  # Play again: the seat held
    services.join(users["carol"], table.pk)
    assert Table.objects.get(pk=table.pk).status == Table.Status.PLAYING
    with pytest.raises(ServiceError) as moved:
        services.join(users["bob"], table.pk, 2)
    assert moved.value.code == "seated_elsewhere"


def test_the_hosts_invitation_names_the_seat(users):
    table = _schieber(users, people=3)
    invitation = services.invite(users["alice"], table.pk, users["bob"], seat=2)
    assert Invitation.objects.get(pk=invitation.pk).seat == 2
    assert services.answer_invitation(users["bob"], invitation.pk, accept=True).seat == 2
    with pytest.raises(ServiceError) as refused:
        services.invite(users["alice"], table.pk, users["carol"], seat=3)
    assert refused.value.code == "bot_seat"


def test_an_invitation_to_a_seat_taken_meanwhile_stays_pending(users):
    table = _schieber(users, people=3)
    invitation = services.invite(users["alice"], table.pk, users["bob"], seat=2)
    services.join(users["carol"], table.pk, 2)
    with pytest.raises(ServiceError) as refused:
        services.answer_invitation(users["bob"], invitation.pk, accept=True)
    assert refused.value.code == "seat_taken"
    assert Invitation.objects.get(pk=invitation.pk).status == Invitation.Status.PENDING


@pytest.mark.parametrize("posted", ["1", "9", "x", "²", "-1", "2"])
def test_the_play_page_takes_the_posted_seat_or_says_why_not(users, posted):
    table = _schieber(users)
    client = Client()
    client.force_login(users["bob"])
    response = client.post(f"/tables/{table.pk}/play/", {"seat": posted}, follow=True)
    assert response.status_code == 200
    if posted == "2":
        assert _seats(table)[2] == "bob" and response.redirect_chain[-1][0] == f"/tables/{table.pk}/"
        return
    assert _seats(table)[2] is None and response.redirect_chain[-1][0] == "/"
    shown = [str(m) for m in response.context["messages"]]
    assert shown == ["Seat 2 is played by a bot."] if posted == "1" else ["This table has no such seat."]


def test_the_invite_endpoint_refuses_a_bad_seat_with_a_reason(users):
    table = _schieber(users, people=3)
    client = Client()
    client.force_login(users["alice"])
    answer = client.post(f"/tables/{table.pk}/invite/", {"username": "bob", "seat": "x"})
    assert answer.status_code == 400 and answer.json()["error"] == "no_such_seat"
    answer = client.post(f"/tables/{table.pk}/invite/", {"username": "bob", "seat": "1"})
    assert answer.status_code == 200
    assert Invitation.objects.get(table=table, invitee=users["bob"]).seat == 1
