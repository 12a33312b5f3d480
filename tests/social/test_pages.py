"""The social pages and the table panel's endpoints through Django's test client."""

from __future__ import annotations

import pytest
from django.test import Client

from games import services
from games.models import Seat, Table
from social import services as social
from social.models import Ignore, Invitation, TableSocial
from tests.tables.driving import finish_deal

pytestmark = pytest.mark.django_db


def _client(user):
    client = Client()
    client.force_login(user)
    return client


def test_it_renders_the_friends_page_the_player_card_and_the_panels(users):
    alice = _client(users["alice"])
    social.accept_friend(users["bob"], social.request_friend(users["alice"], users["bob"]).pk)
    page = alice.get("/social/?q=car")
    assert page.status_code == 200 and b"carol" in page.content and b"bob" in page.content
    card = alice.get("/players/bob/?next=javascript:alert(1)")
    assert card.status_code == 200 and b"member since" in card.content and b"javascript:" not in card.content
    table = services.create_table(users["alice"], "test-follow", human_seats=2, access=Table.Access.PRIVATE)
    assert b'id="social-panel"' in alice.get(f"/tables/{table.pk}/").content
    assert b'id="lobby-social"' in alice.get("/").content


def test_it_turns_away_a_user_the_table_refuses_at_the_page_and_at_play(users):
    table = services.create_table(users["alice"], "test-follow", human_seats=2, access=Table.Access.PRIVATE)
    carol = _client(users["carol"])
    assert carol.get(f"/tables/{table.pk}/").url == "/"
    assert carol.post(f"/tables/{table.pk}/play/").url == "/"
    assert not Seat.objects.filter(table=table, user=users["carol"]).exists()


def test_it_keeps_lists_invites_from_the_table_and_accepts_from_the_lobby(users):
    alice = _client(users["alice"])
    alice.post("/social/lists/", {"name": "Thursday Jass"})
    thursday = users["alice"].invite_lists.get()
    alice.post(f"/social/lists/{thursday.pk}/add/", {"username": "bob"})
    assert list(thursday.members.values_list("username", flat=True)) == ["bob"]
    table = services.create_table(users["alice"], "test-follow", human_seats=2, access=Table.Access.PRIVATE)
    saved = alice.post(
        f"/social/tables/{table.pk}/settings/", {"invite_list": thursday.pk, "spectators": "anyone"}
    )
    assert saved.json() == {"ok": True, "result": None}
    assert TableSocial.objects.get(table=table).invite_list == thursday
    assert (
        _client(users["bob"]).post(f"/social/tables/{table.pk}/invite/", {"username": "carol"}).status_code
        == 403
    )
    assert alice.post(f"/social/tables/{table.pk}/invite/", {"username": "bob"}).json()["ok"]
    invitation = Invitation.objects.get(table=table, invitee=users["bob"])
    answer = _client(users["bob"]).post(f"/social/invitations/{invitation.pk}/accept/")
    assert answer.url == f"/tables/{table.pk}/"
    assert Seat.objects.get(table=table, number=1).user == users["bob"]


def test_it_ignores_from_the_player_card_and_refuses_a_spectators_vote(users, fast_bots):
    alice = _client(users["alice"])
    alice.post("/social/ignore/dave/", {"next": "/tables/1/"})
    assert Ignore.objects.filter(user=users["alice"], ignored=users["dave"]).exists()
    table = services.create_table(users["alice"], "test-follow", {"rounds": 2}, human_seats=3)
    for name in ("bob", "carol"):
        services.join(users[name], table.pk)
    finish_deal(table.pk)
    vote = _client(users["dave"]).post(f"/social/tables/{table.pk}/vote/1/")
    assert vote.status_code == 403 and vote.json()["error"] == "not_seated"
    assert alice.post(f"/social/tables/{table.pk}/vote/1/").json()["result"] == {
        "votes": 1,
        "needed": 2,
        "kicked": False,
    }


def test_it_lets_the_host_kick_from_the_table_panel(users, fast_bots):
    alice = _client(users["alice"])
    table = services.create_table(
        users["alice"], "test-follow", {"rounds": 2}, human_seats=2, access=Table.Access.PRIVATE
    )
    social.answer_invitation(users["bob"], social.invite(users["alice"], table.pk, users["bob"]).pk, True)
    finish_deal(table.pk)
    assert _client(users["bob"]).post(f"/social/tables/{table.pk}/kick/0/").status_code == 403
    answer = alice.post(f"/social/tables/{table.pk}/kick/1/")
    assert answer.json() == {"ok": True, "result": None}
    assert Seat.objects.get(table=table, number=1).is_bot


def test_it_translates_the_social_pages_and_scripts(users):
    users["alice"].profile.language = "de"
    users["alice"].profile.save()
    alice = _client(users["alice"])
    assert "Einladungslisten" in alice.get("/social/").content.decode()
    assert "Chat der Zuschauer" in alice.get("/jsi18n/").content.decode()


def test_it_leaves_the_users_tables_on_log_off(users):
    playing = services.create_table(users["alice"], "test-follow", human_seats=2)
    services.join(users["bob"], playing.pk)
    waiting = services.create_table(users["carol"], "test-follow", human_seats=3)
    services.join(users["bob"], waiting.pk)
    _client(users["bob"]).post("/accounts/logout/")
    seat = Seat.objects.get(table=playing, number=1)
    assert seat.is_bot and seat.user != users["bob"]  # a bot of the table's level plays on
    assert Seat.objects.get(table=waiting, number=1).user is None  # freed before the start
    assert Table.objects.get(pk=playing.pk).status == Table.Status.PLAYING


def _new_game(client, access="private", **fields):
    from django.urls import reverse

    return client.post(
        reverse("new_table"),
        {
            "game": "french-tarot",
            "profile": "fft",
            "match_end": "deals:4",
            "extra_options": "",
            "bot_level": "standard",
            "human_seats": 3,
            "stake": "0",
            "access": access,
            "turn_seconds": 30,
            **fields,
        },
    )


def test_it_sets_who_may_sit_and_watch_in_the_new_game_dialog(users):
    thursday = social.create_list(users["alice"], "Thursday Jass")
    social.add_member(users["alice"], thursday.pk, users["bob"])
    alice = _client(users["alice"])
    lobby = alice.get("/").content.decode()
    assert (
        'name="access-invite_list"' in lobby
        and "Thursday Jass" in lobby
        and 'name="access-approval"' in lobby
    )
    response = _new_game(
        alice, **{"access-invite_list": thursday.pk, "access-spectators": "none", "access-approval": "on"}
    )
    table = Table.objects.get()
    assert response.status_code == 302
    row = TableSocial.objects.get(table=table)
    assert (row.invite_list, row.spectators, row.approval) == (thursday, "none", True)
    assert social.watch_refusal(table, users["bob"]) == "no_spectators"
    assert social.watch_refusal(table, users["carol"]) == "not_allowed"


def test_it_refuses_an_invite_list_for_a_table_that_is_not_private_or_a_list_of_someone_else(users):
    thursday = social.create_list(users["bob"], "Bob's list")
    alice = _client(users["alice"])
    assert _new_game(alice, **{"access-invite_list": thursday.pk}).status_code == 400  # not hers
    mine = social.create_list(users["alice"], "Mine")
    assert _new_game(alice, access="public", **{"access-invite_list": mine.pk}).status_code == 400
    assert not Table.objects.exists()
    assert _new_game(alice, access="public").status_code == 302
    assert TableSocial.objects.get().spectators == "anyone"


def test_a_seat_request_at_a_table_one_may_not_watch_waits_in_the_lobby(users):
    table = services.create_table(users["carol"], "test-follow", human_seats=2)
    social.configure_table(users["carol"], table.pk, invite_list_id=None, spectators="friends", approval=True)
    bob = _client(users["bob"])
    response = bob.post(f"/tables/{table.pk}/play/", follow=True)
    text = response.content.decode()
    assert response.redirect_chain[-1][0] == "/" and "waits for the host" in text
    assert "admits the host" not in text and "may watch" not in text  # no refusal for what bob did not ask
