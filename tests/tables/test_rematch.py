"""'New game' after a finished match (games.services.rematch): the same terms at a new table, the asker seated,
the other people invited; a second asker joins that table; refusals before the end and for non-players."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Invitation, Round, Seat, Table

from .driving import finish_deal

pytestmark = pytest.mark.django_db


def _finished_two_person_table(users) -> Table:
    table = services.create_table(
        users["alice"],
        services.TableTerms(
            "french-tarot", {"match_end": "deals:1"}, human_seats=2, bot_level="beginner", turn_seconds=40
        ),
    )
    services.join(users["bob"], table.pk)
    for _deal in range(100):  # a deal everybody passed is annulled and does not count (rules §3)
        if Round.objects.filter(table=table, status=Round.Status.PLAYING).exists():
            finish_deal(table.pk)  # a petit sec deal is annulled as it is dealt: nothing to play (rules §4)
        table.refresh_from_db()
        if table.status == Table.Status.FINISHED:
            break
        services.start_next_round(table.pk)
    assert table.status == Table.Status.FINISHED
    return table


def test_the_new_game_has_the_same_terms_seats_the_asker_and_invites_the_others(users, fast_bots):
    old = _finished_two_person_table(users)
    new = services.rematch(users["bob"], old.pk)
    assert new.pk != old.pk and new.status == Table.Status.OPEN
    assert (new.game, new.options, new.bot_level, new.turn_seconds, new.stake, new.access) == (
        old.game,
        old.options,
        old.bot_level,
        old.turn_seconds,
        old.stake,
        old.access,
    )
    assert Seat.objects.get(table=new, number=0).user == users["bob"]
    assert Seat.objects.filter(table=new, for_human=True).count() == 2
    assert Invitation.objects.filter(table=new, invitee=users["alice"], inviter=users["bob"]).exists()

    # alice asks too: she is seated at bob's new table, which starts; asking again goes back to it
    assert services.rematch(users["alice"], old.pk).pk == new.pk
    new.refresh_from_db()
    assert new.status == Table.Status.PLAYING
    assert services.rematch(users["bob"], old.pk).pk == new.pk


def test_only_the_players_of_a_finished_match_may_ask(users, fast_bots):
    running = services.create_table(
        users["alice"], services.TableTerms("french-tarot", {"match_end": "deals:2"})
    )
    with pytest.raises(services.ServiceError) as refused:
        services.rematch(users["alice"], running.pk)
    assert refused.value.code == "match_not_over"
    old = _finished_two_person_table(users)
    with pytest.raises(services.ServiceError) as refused:
        services.rematch(users["carol"], old.pk)
    assert refused.value.code == "not_seated"


def test_the_page_posts_and_goes_to_the_new_table_or_back_with_the_reason(users, fast_bots):
    old = _finished_two_person_table(users)
    client = Client()
    client.force_login(users["carol"])
    response = client.post(reverse("rematch", args=[old.pk]))
    assert response.status_code == 302 and response.url == reverse("table", args=[old.pk])
    client.force_login(users["alice"])
    assert client.get(reverse("rematch", args=[old.pk])).status_code == 405
    response = client.post(reverse("rematch", args=[old.pk]))
    new = Table.objects.exclude(pk=old.pk).get(created_by=users["alice"])
    assert response.status_code == 302 and response.url == reverse("table", args=[new.pk])
