"""Friends, ignores, invite lists, presence and the player card (docs/decisions-social.md)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.engines.core.standings import places
from games.models import Match, Round
from games.services.errors import ServiceError
from social import services as social
from social.models import Presence
from social.services.player_info import player_card
from tests.tables.driving import finish_deal

pytestmark = pytest.mark.django_db


def _code(call, *args):
    with pytest.raises(ServiceError) as error:
        call(*args)
    return error.value.code


def test_it_finds_players_by_name_but_not_bots_or_ignored_ones(users):
    services.ensure_bot_accounts(1)
    assert [u.username for u in social.find_players(users["alice"], "o")] == []  # two characters at least
    assert [u.username for u in social.find_players(users["alice"], "ob")] == ["bob"]
    users["carol"].profile.display_name = "Caro Bobette"
    users["carol"].profile.save()
    assert [u.username for u in social.find_players(users["alice"], "bob")] == ["bob", "carol"]
    social.ignore(users["alice"], users["bob"])
    assert [u.username for u in social.find_players(users["alice"], "bob")] == ["carol"]
    assert social.find_players(users["alice"], "bot-") == []


def test_it_requests_accepts_declines_and_removes_friends(users):
    alice, bob, carol = users["alice"], users["bob"], users["carol"]
    request = social.request_friend(alice, bob)
    assert _code(social.request_friend, alice, bob) == "already"
    assert social.friends_panel(bob)["incoming"] == [{"id": request.pk, "name": "alice"}]
    assert _code(social.accept_friend, alice, request.pk) == "no_request"  # only the addressee accepts
    social.accept_friend(bob, request.pk)
    assert [f["username"] for f in social.friends_panel(alice)["friends"]] == ["bob"]
    declined = social.request_friend(carol, alice)
    social.decline_friend(alice, declined.pk)
    assert social.friends_panel(alice)["incoming"] == []
    social.remove_friend(bob, alice)
    assert social.friends_panel(alice)["friends"] == []
    assert _code(social.remove_friend, bob, alice) == "not_friends"


def test_it_accepts_crossing_requests_and_refuses_requests_from_ignored_users(users):
    alice, bob = users["alice"], users["bob"]
    social.request_friend(alice, bob)
    crossing = social.request_friend(bob, alice)
    assert crossing.accepted_at is not None
    social.ignore(users["carol"], alice)
    assert _code(social.request_friend, alice, users["carol"]) == "ignored"
    assert _code(social.request_friend, alice, alice) == "bad_request"


def test_it_shows_presence_by_heartbeat_and_the_table_of_a_friend(users):
    alice, bob = users["alice"], users["bob"]
    social.accept_friend(bob, social.request_friend(alice, bob).pk)
    assert social.friends_panel(alice)["friends"][0]["online"] is False
    table = services.create_table(bob, "test-follow", human_seats=2)
    social.heartbeat(bob.pk, table.pk)
    friend = social.friends_panel(alice)["friends"][0]
    assert friend["online"] and friend["table"] == table.pk
    Presence.objects.filter(user=bob).update(last_seen=timezone.now() - timedelta(minutes=5))
    friend = social.friends_panel(alice)["friends"][0]
    assert not friend["online"] and friend["table"] is None
    social.ignore(alice, bob)
    assert social.friends_panel(alice)["friends"] == []  # ignored users disappear from my lists


def test_it_keeps_named_invite_lists(users):
    alice = users["alice"]
    thursday = social.create_list(alice, "Thursday Jass")
    assert _code(social.create_list, alice, "Thursday Jass") == "already"
    assert _code(social.create_list, alice, " ") == "bad_request"
    social.add_member(alice, thursday.pk, users["bob"])
    social.add_member(alice, thursday.pk, users["bob"])
    assert list(thursday.members.values_list("username", flat=True)) == ["bob"]
    assert _code(social.add_member, users["bob"], thursday.pk, users["carol"]) == "no_list"
    assert _code(social.add_member, alice, thursday.pk, alice) == "bad_request"
    social.remove_member(alice, thursday.pk, users["bob"])
    assert thursday.members.count() == 0
    social.delete_list(alice, thursday.pk)
    assert _code(social.delete_list, alice, thursday.pk) == "no_list"


def test_it_lists_watchers_by_heartbeat_without_ignored_or_seated_users(users):
    table = services.create_table(users["alice"], "test-follow", human_seats=2)
    for name in ("carol", "dave", "alice"):
        social.watch(users[name].pk, table.pk)
    assert [w["username"] for w in social.watchers_of(table.pk, users["alice"].pk)] == ["carol", "dave"]
    social.ignore(users["alice"], users["dave"])
    assert [w["username"] for w in social.watchers_of(table.pk, users["alice"].pk)] == ["carol"]
    social.unwatch(users["carol"].pk, table.pk)
    assert social.watchers_of(table.pk, users["alice"].pk) == []


def test_it_shows_a_player_card_with_games_played_and_won(users, fast_bots):
    table = services.create_table(users["alice"], "test-follow", {"rounds": 1}, human_seats=1)
    finish_deal(table.pk)
    card = player_card(users["alice"], users["bob"])
    assert card["name"] == "alice" and card["member_since"] == users["alice"].date_joined.date().isoformat()
    [row] = card["games"]
    match = Match.objects.get(table=table)
    first = places(match.standings)[0] == 1
    assert match.over and row == {
        "game": "test-follow",
        "title": row["title"],
        "played": 1,
        "won": int(first),
        "deals": 1,
    }
    assert player_card(users["bob"], users["alice"])["games"] == []
    assert not card["friend"] and not card["ignored"] and not card["is_self"]


def test_a_match_is_won_by_whoever_holds_the_seat_at_its_end(users, fast_bots):
    table = services.create_table(users["alice"], "test-follow", {"rounds": 2}, human_seats=2)
    services.join(users["bob"], table.pk)
    finish_deal(table.pk)
    services.leave(users["bob"], table.pk)  # between deals: the seat is freed, carol takes it
    services.join(users["carol"], table.pk)
    finish_deal(table.pk)
    match = Match.objects.get(table=table)
    final = places(match.standings)
    assert match.over and Round.objects.filter(table=table).count() == 2

    def row(name):
        [game] = player_card(users[name], users["dave"])["games"]
        return game["played"], game["won"], game["deals"]

    assert row("alice") == (1, int(final[0] == 1), 2)
    assert row("bob") == (1, 0, 1)  # played the match's first deal, gone at its end
    assert row("carol") == (1, int(final[1] == 1), 1)


def test_a_friend_who_ignores_me_shows_offline_and_logging_off_is_offline_at_once(users):
    from django.test import Client

    alice, carol = users["alice"], users["carol"]
    social.accept_friend(carol, social.request_friend(alice, carol).pk)
    table = services.create_table(carol, "test-follow", human_seats=2)
    social.heartbeat(carol.pk, table.pk)
    assert social.friends_panel(alice)["friends"][0]["table"] == table.pk
    social.ignore(carol, alice)
    [shown] = social.friends_panel(alice)["friends"]
    assert not shown["online"] and shown["table"] is None  # alice cannot follow carol any more
    social.heartbeat(alice.pk)
    client = Client()
    client.force_login(alice)
    client.post("/accounts/logout/")
    assert not Presence.objects.filter(user=alice).exists()
