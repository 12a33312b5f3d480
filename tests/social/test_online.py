"""Who is online in the lobby (social.services.presence.online_now) and its list over the lobby socket with the
Redis channel layer (docs/decisions-social.md "Presence")."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.utils import timezone

from accounts.models import User
from social import services as social
from social.models import Presence
from social.services import presence
from tests.tables.sockets import open_socket, receive_until


def _person(name: str, display_name: str = "") -> User:
    user = User.objects.create_user(name, password="pw-for-tests-only")
    if display_name:
        user.profile.display_name = display_name
        user.profile.save()
    return user


def _bot(name: str) -> User:
    bot = User.objects.create_user(name, password="pw-for-tests-only")
    bot.profile.bot_level = "standard"
    bot.profile.save()
    return bot


def _names(user: User) -> list[str]:
    return [p["username"] for p in presence.online_now(user)["people"]]


def _befriend(a: User, b: User) -> None:
    request = social.request_friend(a, b)
    social.accept_friend(b, request.pk)


@pytest.mark.django_db
def test_it_lists_friends_first_then_the_others_by_name_without_bots_or_oneself(users):
    alice, bob, carol, dave = users["alice"], users["bob"], users["carol"], users["dave"]
    zed, ann = _person("zed", "Zed"), _person("ann-2", "aNNa")
    bot = _bot("bot-standard-1")
    for user in (alice, bob, carol, dave, zed, ann, bot):
        presence.heartbeat(user.pk, None)
    _befriend(alice, zed)
    _befriend(dave, alice)
    presence.heartbeat(zed.pk, 7)
    online = presence.online_now(alice)
    assert [p["username"] for p in online["people"]] == ["dave", "zed", "ann-2", "bob", "carol"]
    assert [p["friend"] for p in online["people"]] == [True, True, False, False, False]
    assert online["people"][1] == {"id": zed.pk, "name": "Zed", "username": "zed", "friend": True, "table": 7}
    assert online["count"] == 5  # the bot and alice herself are not counted


@pytest.mark.django_db
def test_it_leaves_out_the_offline_the_ignored_and_those_who_ignore_the_viewer(users):
    alice, bob, carol, dave = users["alice"], users["bob"], users["carol"], users["dave"]
    for user in (bob, carol, dave):
        presence.heartbeat(user.pk, 3)
    Presence.objects.filter(user=dave).update(
        last_seen=timezone.now() - timedelta(seconds=presence.ONLINE_SECONDS + 1)
    )
    assert _names(alice) == ["bob", "carol"]
    assert presence.online_now(alice)["people"][0]["table"] is None  # only a friend's table is shown
    social.ignore(alice, bob)  # alice ignores bob
    social.ignore(carol, alice)  # carol ignores alice
    assert _names(alice) == [] and presence.online_now(alice)["count"] == 0
    assert _names(dave) == ["bob", "carol"]  # the viewer's own heartbeat does not matter; alice's is missing
    presence.heartbeat(alice.pk, None)
    assert _names(dave) == ["alice", "bob", "carol"]
    presence.went_offline(bob.pk)
    assert _names(dave) == ["alice", "carol"]
    bob.is_active = False
    bob.save()
    presence.heartbeat(bob.pk, None)
    assert _names(dave) == ["alice", "carol"]


@pytest.mark.django_db
def test_it_caps_the_list_and_counts_everyone_online(users):
    alice = users["alice"]
    people = [_person(f"p{n:02}") for n in range(6)]
    for user in people:
        presence.heartbeat(user.pk, None)
    _befriend(alice, people[5])
    online = presence.online_now(alice, size=3)
    assert [p["username"] for p in online["people"]] == ["p05", "p00", "p01"]
    assert online["count"] == 6
    assert [p["username"] for p in presence.online_now(alice, size=1)["people"]] == ["p05"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.timeout(60)
async def test_the_lobby_socket_brings_the_online_list_on_connect_and_on_every_ping(users, redis_layer):
    alice, bob, carol = users["alice"], users["bob"], users["carol"]
    await sync_to_async(_befriend)(alice, carol)
    await sync_to_async(_bot)("bot-standard-9")
    bob_ws, ok = await open_socket("/ws/lobby/", bob)
    assert ok
    alice_ws, ok = await open_socket("/ws/lobby/", alice)
    assert ok
    first = await receive_until(alice_ws, lambda f: f["type"] == "social")
    assert [p["username"] for p in first["online"]["people"]] == ["bob"]
    carol_ws, ok = await open_socket("/ws/lobby/", carol)
    assert ok
    await alice_ws.send_to(text_data=json.dumps({"type": "ping"}))
    again = await receive_until(alice_ws, lambda f: f["type"] == "social")
    assert [(p["username"], p["friend"]) for p in again["online"]["people"]] == [
        ("carol", True),
        ("bob", False),
    ]
    assert again["online"]["count"] == 2
    mine = await receive_until(carol_ws, lambda f: f["type"] == "social")
    assert [p["username"] for p in mine["online"]["people"]] == ["alice", "bob"]  # carol's friend first
    for ws in (alice_ws, bob_ws, carol_ws):
        await ws.disconnect()
