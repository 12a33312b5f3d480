"""Friends, ignores, invite lists, presence and the player card (docs/decisions-social.md)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import User
from social import services as social
from social.errors import SocialError
from social.models import Presence
from social.services import presence
from social.services.player_info import player_card

pytestmark = pytest.mark.django_db


def _code(call, *args):
    with pytest.raises(SocialError) as error:
        call(*args)
    return error.value.code


def test_it_finds_players_by_name_but_not_bots_or_ignored_ones(users):
    bot = User.objects.create_user("bot-standard-1", password="pw-for-tests-only")
    bot.profile.bot_level = "standard"
    bot.profile.save()
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
    social.heartbeat(bob.pk, 7)  # at table #7, as the tables side reports it
    friend = social.friends_panel(alice)["friends"][0]
    assert friend["online"] and friend["table"] == 7
    presence.table_closed(7)
    friend = social.friends_panel(alice)["friends"][0]
    assert friend["online"] and friend["table"] is None
    social.heartbeat(bob.pk, 7)
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


def test_it_shows_the_social_half_of_the_player_card(users):
    alice, bob = users["alice"], users["bob"]
    card = player_card(alice, bob)
    assert card["name"] == "alice" and card["member_since"] == alice.date_joined.date().isoformat()
    assert not card["friend"] and not card["ignored"] and not card["is_self"] and not card["request_sent"]
    request = social.request_friend(alice, bob)
    assert player_card(alice, bob)["request_received"] == request
    assert player_card(bob, alice)["request_sent"] and player_card(bob, bob)["is_self"]


def test_a_friend_who_ignores_me_shows_offline_and_logging_off_drops_the_presence(users):
    alice, carol = users["alice"], users["carol"]
    social.accept_friend(carol, social.request_friend(alice, carol).pk)
    social.heartbeat(carol.pk, 3)
    assert social.friends_panel(alice)["friends"][0]["table"] == 3
    social.ignore(carol, alice)
    [shown] = social.friends_panel(alice)["friends"]
    assert not shown["online"] and shown["table"] is None  # alice cannot follow carol any more
    social.heartbeat(alice.pk)
    social.went_offline(alice.pk)
    assert not Presence.objects.filter(user=alice).exists()
