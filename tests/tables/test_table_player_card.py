"""The player card's endpoints at a table (games.player_card_views): the card of a seat or a person, what the
viewer may do (Player info, Ignore, Kick where allowed, Invite to another table of mine), and clear JSON errors for
bad input, never a page or a 500."""

from __future__ import annotations

import pytest
from django.test import Client

from games import services
from games.models import Invitation, Table
from games.services import watchers
from social.models import Ignore
from tests.tables.driving import finish_deal

pytestmark = pytest.mark.django_db


def _client(user):
    client = Client()
    client.force_login(user)
    return client


def _card(client, table_id, **query):
    return client.get(f"/tables/{table_id}/card/", query)


def _private_table_of_alice_with_bob(users, human_seats=2):
    table = services.create_table(
        users["alice"],
        services.TableTerms(
            "test-follow", {"rounds": 2}, human_seats=human_seats, access=Table.Access.PRIVATE
        ),
    )
    services.answer_invitation(users["bob"], services.invite(users["alice"], table.pk, users["bob"]).pk, True)
    return table


def test_it_gives_the_card_of_a_seat_with_player_info_ignore_and_the_hosts_kick(users):
    table = _private_table_of_alice_with_bob(users, human_seats=3)  # waits for a third person: between deals
    answer = _card(_client(users["alice"]), table.pk, seat=1)
    assert answer.status_code == 200
    card = answer.json()["result"]
    assert card["username"] == "bob" and card["seat"] == 1 and card["where"] == "seated" and not card["bot"]
    assert card["info_url"] == f"/players/bob/?next=%2Ftables%2F{table.pk}%2F"
    assert card["may_ignore"] and not card["ignored"]
    assert card["kick"] == {"kind": "kick", "seat": 1, "url": f"/tables/{table.pk}/kick/1/"}
    assert _card(_client(users["bob"]), table.pk, seat=0).json()["result"]["kick"] is None  # bob is no host


def test_it_offers_no_kick_while_a_deal_is_played_and_a_vote_at_a_public_table_between_deals(
    users, fast_bots
):
    table = services.create_table(
        users["alice"], services.TableTerms("test-follow", {"rounds": 2}, human_seats=3)
    )
    for name in ("bob", "carol"):
        services.join(users[name], table.pk)
    assert _card(_client(users["alice"]), table.pk, seat=1).json()["result"]["kick"] is None  # deal running
    finish_deal(table.pk)
    kick = _card(_client(users["alice"]), table.pk, seat=1).json()["result"]["kick"]
    assert kick == {"kind": "vote", "seat": 1, "votes": 0, "needed": 2, "url": f"/tables/{table.pk}/vote/1/"}
    assert _card(_client(users["dave"]), table.pk, seat=1).json()["result"]["kick"] is None  # a spectator


def test_it_gives_a_bots_card_without_buttons(users):
    table = services.create_table(users["alice"], services.TableTerms("test-follow", {"rounds": 2}))
    card = _card(_client(users["alice"]), table.pk, seat=1).json()["result"]
    assert card["bot"] and card["username"] is None and card["info_url"] is None
    assert not card["may_ignore"] and card["kick"] is None and card["invite_tables"] == []


def test_it_gives_ones_own_card_with_player_info_only(users):
    table = _private_table_of_alice_with_bob(users)
    card = _card(_client(users["alice"]), table.pk, username="alice").json()["result"]
    assert card["is_self"] and card["info_url"] and not card["may_ignore"] and card["kick"] is None
    assert card["invite_tables"] == []


def test_it_lists_the_viewers_other_open_tables_with_a_free_seat_and_invites_there(users):
    alice = _client(users["alice"])
    waiting = services.create_table(
        users["alice"], services.TableTerms("test-follow", {"rounds": 2}, human_seats=2)
    )
    # alice alone: playing
    full = services.create_table(users["alice"], services.TableTerms("test-follow", {"rounds": 2}))
    of_carol = services.create_table(
        users["carol"], services.TableTerms("test-follow", {"rounds": 2}, human_seats=2)
    )
    here = _private_table_of_alice_with_bob(users)
    tables = _card(alice, here.pk, seat=1).json()["result"]["invite_tables"]
    assert [t["id"] for t in tables] == [waiting.pk]
    assert tables[0]["free"] == 1 and not tables[0]["invited"]
    assert tables[0]["url"] == f"/tables/{waiting.pk}/invite/"
    assert full.pk != of_carol.pk
    assert alice.post(tables[0]["url"], {"username": "bob"}).json()["ok"]
    assert Invitation.objects.filter(table=waiting, invitee=users["bob"], status="pending").exists()
    assert _card(alice, here.pk, seat=1).json()["result"]["invite_tables"][0]["invited"]


def test_it_finds_a_watcher_by_name_and_says_where_they_are(users):
    table = services.create_table(
        users["alice"], services.TableTerms("test-follow", {"rounds": 2}, human_seats=2)
    )
    watchers.start_watching(users["dave"].pk, table.pk)
    card = _card(_client(users["alice"]), table.pk, username="dave").json()["result"]
    assert card["where"] == "watching" and card["seat"] is None and card["kick"] is None


def test_it_ignores_and_stops_ignoring_from_the_card(users):
    table = _private_table_of_alice_with_bob(users)
    alice = _client(users["alice"])
    answer = alice.post(f"/tables/{table.pk}/card/ignore/", {"username": "bob", "on": "1"})
    assert answer.json() == {"ok": True, "result": {"ignored": True, "id": users["bob"].pk}}
    assert Ignore.objects.filter(user=users["alice"], ignored=users["bob"]).exists()
    assert _card(alice, table.pk, seat=1).json()["result"]["ignored"]
    alice.post(f"/tables/{table.pk}/card/ignore/", {"username": "bob", "on": "0"})
    assert not Ignore.objects.filter(user=users["alice"], ignored=users["bob"]).exists()


@pytest.mark.parametrize(
    ("query", "status", "code"),
    [
        ({}, 400, "bad_request"),
        ({"seat": "x"}, 400, "bad_request"),
        ({"seat": "-1"}, 400, "bad_request"),
        ({"seat": "²"}, 400, "bad_request"),
        ({"seat": "9"}, 404, "no_player"),
        ({"seat": "99999999999999"}, 404, "no_player"),
        ({"username": "nobody-here"}, 404, "no_player"),
    ],
)
def test_it_answers_bad_card_queries_with_a_clear_json_error(users, query, status, code):
    table = _private_table_of_alice_with_bob(users)
    answer = _card(_client(users["alice"]), table.pk, **query)
    assert answer.status_code == status and answer.json()["error"] == code and answer.json()["message"]


def test_it_refuses_the_card_to_whom_the_table_does_not_admit_and_for_a_missing_table(users):
    table = _private_table_of_alice_with_bob(users)
    refused = _card(_client(users["carol"]), table.pk, seat=0)
    assert refused.status_code == 403 and refused.json()["error"] == "not_allowed"
    missing = _card(_client(users["alice"]), 987654, seat=0)
    assert missing.status_code == 404 and missing.json()["error"] == "no_table"
    assert Client().get(f"/tables/{table.pk}/card/", {"seat": 0}).status_code == 302  # signed out: log in


@pytest.mark.parametrize(
    ("data", "status", "code"),
    [
        ({"username": "bob", "on": "maybe"}, 400, "bad_request"),
        ({"on": "1"}, 400, "bad_request"),
        ({"username": "nobody-here", "on": "1"}, 404, "no_player"),
        ({"username": "alice", "on": "1"}, 400, "bad_request"),  # oneself
    ],
)
def test_it_answers_bad_ignores_with_a_clear_json_error(users, data, status, code):
    table = _private_table_of_alice_with_bob(users)
    answer = _client(users["alice"]).post(f"/tables/{table.pk}/card/ignore/", data)
    assert answer.status_code == status and answer.json()["error"] == code


def test_it_takes_the_card_by_get_and_the_ignore_by_post_only(users):
    table = _private_table_of_alice_with_bob(users)
    alice = _client(users["alice"])
    assert alice.post(f"/tables/{table.pk}/card/", {"seat": 1}).status_code == 405
    assert alice.get(f"/tables/{table.pk}/card/ignore/").status_code == 405
