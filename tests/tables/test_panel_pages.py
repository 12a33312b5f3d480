"""The table panel's endpoints, the lobby's invitation answers and the New game dialog's access settings through
Django's test client."""

from __future__ import annotations

import pytest
from django.test import Client

from games import services
from games.models import Invitation, Round, Seat, Table, TableSettings
from games.reads import access
from ledger.views.common import hand_history_url, hand_history_urls
from social import services as social
from tests.tables.driving import finish_deal

pytestmark = pytest.mark.django_db


def _client(user):
    client = Client()
    client.force_login(user)
    return client


def test_it_renders_the_table_panel_and_the_lobby_panel(users):
    alice = _client(users["alice"])
    table = services.create_table(
        users["alice"], services.TableTerms("test-follow", human_seats=2, access=Table.Access.PRIVATE)
    )
    page = alice.get(f"/tables/{table.pk}/").content.decode()
    assert 'id="social-panel"' in page and "/static/js/table/panel.js" in page
    assert f'action="/tables/{table.pk}/settings/"' in page  # the host's settings while the table waits
    assert 'id="lobby-social"' in alice.get("/").content.decode()


def test_it_turns_away_a_user_the_table_refuses_at_the_page_and_at_play(users):
    table = services.create_table(
        users["alice"], services.TableTerms("test-follow", human_seats=2, access=Table.Access.PRIVATE)
    )
    carol = _client(users["carol"])
    assert carol.get(f"/tables/{table.pk}/").url == "/"
    assert carol.post(f"/tables/{table.pk}/play/").url == "/"
    assert not Seat.objects.filter(table=table, user=users["carol"]).exists()


def test_it_invites_from_the_table_and_accepts_from_the_lobby(users):
    alice = _client(users["alice"])
    thursday = social.create_list(users["alice"], "Thursday Jass")
    social.add_member(users["alice"], thursday.pk, users["bob"])
    table = services.create_table(
        users["alice"], services.TableTerms("test-follow", human_seats=2, access=Table.Access.PRIVATE)
    )
    saved = alice.post(f"/tables/{table.pk}/settings/", {"invite_list": thursday.pk, "spectators": "anyone"})
    assert saved.json() == {"ok": True, "result": None}
    assert TableSettings.objects.get(table=table).invite_list == thursday
    assert _client(users["bob"]).post(f"/tables/{table.pk}/invite/", {"username": "carol"}).status_code == 403
    assert alice.post(f"/tables/{table.pk}/invite/", {"username": "bob"}).json()["ok"]
    invitation = Invitation.objects.get(table=table, invitee=users["bob"])
    answer = _client(users["bob"]).post(f"/invitations/{invitation.pk}/accept/")
    assert answer.url == f"/tables/{table.pk}/"
    assert Seat.objects.get(table=table, number=1).user == users["bob"]


def test_it_refuses_a_spectators_vote_and_counts_a_players(users, fast_bots):
    alice = _client(users["alice"])
    table = services.create_table(
        users["alice"], services.TableTerms("test-follow", {"rounds": 2}, human_seats=3)
    )
    for name in ("bob", "carol"):
        services.join(users[name], table.pk)
    finish_deal(table.pk)
    vote = _client(users["dave"]).post(f"/tables/{table.pk}/vote/1/")
    assert vote.status_code == 403 and vote.json()["error"] == "not_seated"
    assert alice.post(f"/tables/{table.pk}/vote/1/").json()["result"] == {
        "votes": 1,
        "needed": 2,
        "kicked": False,
    }


def test_it_lets_the_host_kick_from_the_table_panel(users, fast_bots):
    alice = _client(users["alice"])
    table = services.create_table(
        users["alice"],
        services.TableTerms("test-follow", {"rounds": 2}, human_seats=2, access=Table.Access.PRIVATE),
    )
    services.answer_invitation(users["bob"], services.invite(users["alice"], table.pk, users["bob"]).pk, True)
    finish_deal(table.pk)
    assert _client(users["bob"]).post(f"/tables/{table.pk}/kick/0/").status_code == 403
    answer = alice.post(f"/tables/{table.pk}/kick/1/")
    assert answer.json() == {"ok": True, "result": None}
    assert Seat.objects.get(table=table, number=1).is_bot


def _new_game(client, access="private", **fields):
    from django.urls import reverse

    return client.post(
        reverse("new_table"),
        {
            "game": "french-tarot",
            "french-tarot__profile": "fft",
            "french-tarot__match_end": "deals:4",
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
    row = TableSettings.objects.get(table=table)
    assert (row.invite_list, row.spectators, row.approval) == (thursday, "none", True)
    assert access.watch_refusal(table, users["bob"]) == "no_spectators"
    assert access.watch_refusal(table, users["carol"]) == "not_allowed"


def test_it_refuses_an_invite_list_for_a_table_that_is_not_private_or_a_list_of_someone_else(users):
    thursday = social.create_list(users["bob"], "Bob's list")
    alice = _client(users["alice"])
    assert _new_game(alice, **{"access-invite_list": thursday.pk}).status_code == 400  # not hers
    mine = social.create_list(users["alice"], "Mine")
    assert _new_game(alice, access="public", **{"access-invite_list": mine.pk}).status_code == 400
    assert not Table.objects.exists()
    assert _new_game(alice, access="public").status_code == 302
    assert TableSettings.objects.get().spectators == "anyone"


def test_a_seat_request_at_a_table_one_may_not_watch_waits_in_the_lobby(users):
    table = services.create_table(users["carol"], services.TableTerms("test-follow", human_seats=2))
    services.configure_table(
        users["carol"], table.pk, invite_list_id=None, spectators="friends", approval=True
    )
    bob = _client(users["bob"])
    response = bob.post(f"/tables/{table.pk}/play/", follow=True)
    text = response.content.decode()
    assert response.redirect_chain[-1][0] == "/" and "waits for the host" in text
    assert "admits the host" not in text and "may watch" not in text  # no refusal for what bob did not ask


def test_the_ledgers_link_by_round_id_reaches_the_deals_hand_history(users, fast_bots):
    table = services.create_table(
        users["alice"], services.TableTerms("test-follow", {"rounds": 2}, human_seats=1)
    )
    finish_deal(table.pk)
    rnd = Round.objects.get(table=table, number=1)
    assert hand_history_url(rnd.pk) == f"/deals/{rnd.pk}/" and hand_history_urls([None, rnd.pk]) == {
        rnd.pk: f"/deals/{rnd.pk}/"
    }
    alice = _client(users["alice"])
    answer = alice.get(f"/deals/{rnd.pk}/")
    assert answer.status_code == 302 and answer.url == f"/tables/{table.pk}/deals/1/"
    assert alice.get(answer.url).status_code == 200
    assert alice.get(f"/deals/{rnd.pk + 1000}/").status_code == 404
