"""Refusals reach a German-speaking player in German: the services' ServiceError messages shown by the pages
(Django messages, the social panels' JSON) and the error frames of the table socket, which has no
LocaleMiddleware and so speaks the profile language through games.consumers.language."""

from __future__ import annotations

import json
import os

import pytest
from asgiref.sync import sync_to_async
from django.urls import reverse

from games import services as tables
from games.engines.core import get_game
from games.models import Round, Seat, Table

from .test_german_pages import german_player, visible_text

pytestmark = pytest.mark.django_db


def test_it_refuses_a_stakes_seat_the_wallet_cannot_cover_in_german(settings):
    alice = german_player("alice")  # 100.00 to start with
    table = tables.create_table(
        alice.user, tables.TableTerms("french-tarot", human_seats=2, stake=10, limit=1500)
    )
    settings.KIBITZ_STARTING_BALANCE = 1000
    bob = german_player("bob")  # 10.00: the worst case of 3 × 15.00 is out of reach
    text = visible_text(bob.post(reverse("play", args=[table.pk]), follow=True))
    assert "die Geldbörse enthält 10,00, der ungünstigste Fall ist 45,00" in text
    assert "the wallet holds" not in text and "worst case" not in text
    assert not Seat.objects.filter(table=table, user=bob.user).exists()


def test_it_refuses_a_friend_request_to_oneself_in_german():
    alice = german_player("alice")
    text = visible_text(alice.post(reverse("friend_request", args=["alice"]), follow=True))
    assert "Sie können weder sich selbst noch einen Bot anfragen" in text
    assert "you cannot ask yourself or a bot" not in text


def test_the_social_panel_gets_the_invitation_refusal_in_german():
    alice = german_player("alice")
    table = tables.create_table(
        alice.user, tables.TableTerms("french-tarot", human_seats=2, access="private")
    )
    answer = alice.post(reverse("table_invite", args=[table.pk]), {"username": "alice"})
    assert answer.status_code == 400
    assert answer.json() == {
        "error": "bad_request",  # the code is unchanged
        "message": "laden Sie andere Spieler ein, nicht sich selbst oder einen Bot",
    }


def test_an_english_player_still_reads_english():
    alice = german_player("alice")
    table = tables.create_table(
        alice.user, tables.TableTerms("french-tarot", human_seats=2, access="private")
    )
    alice.user.profile.language = "en"
    alice.user.profile.save(update_fields=["language"])
    answer = alice.post(reverse("table_invite", args=[table.pk]), {"username": "alice"})
    assert answer.json()["message"] == "invite other players, not yourself or a bot"


def test_the_staff_schedule_form_refuses_in_german():
    sam = german_player("sam", role="Administrator")
    answer = sam.post(
        reverse("ledger:staff_schedule"), {"effective_from": "2030-01-01 00:00", "bands": "1.00 10"}
    )
    assert answer.status_code == 200
    text = visible_text(answer)
    assert "eine Stufe muss bei 0 beginnen" in text and "one band must start at 0" not in text


@pytest.fixture
def redis_layer_12(redis_url, settings):
    """The Redis channel layer on REDIS_URL's own database (12 for this suite), a prefix of this process."""
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {
                "hosts": [{"address": redis_url, **settings.REDIS_SOCKET_OPTIONS}],
                "prefix": f"kibitz-i18n-{os.getpid()}",
            },
        }
    }
    return settings


@sync_to_async
def _german_table() -> tuple[Table, dict[int, object], int, list[dict], int]:
    """Four German players at a French Tarot table: (table, user by seat, seat to act, its legal actions,
    version)."""
    players = [german_player(name).user for name in ("alice", "bob", "carol", "dave")]
    table = tables.create_table(players[0], tables.TableTerms("french-tarot", human_seats=4))
    for user in players[1:]:
        tables.join(user, table.pk)
    game = get_game("french-tarot")
    state = game.from_json(Round.objects.get(table=table, status="playing").snapshot)
    seat = min(game.to_act(state))
    legal = [a.to_wire() for a in game.legal_actions(state, seat)]
    users = {s.number: s.user for s in Seat.objects.filter(table=table).select_related("user")}
    return table, users, seat, legal, Table.objects.get(pk=table.pk).version


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.timeout(60)
async def test_the_table_socket_sends_refusals_in_the_players_language(redis_layer_12):
    from tests.tables.sockets import open_socket, receive, receive_until

    table, users, seat, legal, version = await _german_table()
    ws, accepted = await open_socket(f"/ws/tables/{table.pk}/", users[seat])
    assert accepted
    await receive(ws)  # the state
    await ws.send_to(
        text_data=json.dumps({"type": "act", "id": "m-1", "version": version - 1, "action": legal[0]})
    )
    stale = await receive_until(ws, lambda f: f["type"] == "error")
    assert (stale["code"], stale["message"]) == ("stale_version", f"der Tisch ist bei Version {version}")
    await ws.send_to(text_data=json.dumps({"type": "chat", "text": "x" * 301}))  # a social service's refusal
    long_line = await receive_until(ws, lambda f: f["type"] == "error")
    assert (long_line["code"], long_line["message"]) == (
        "chat_too_long",
        "eine Chat-Zeile hat höchstens 300 Zeichen",
    )
    await ws.disconnect()
    idle = (seat + 1) % 4
    ws, accepted = await open_socket(f"/ws/tables/{table.pk}/", users[idle])
    assert accepted
    await receive(ws)
    await ws.send_to(
        text_data=json.dumps({"type": "act", "id": "m-2", "version": version, "action": legal[0]})
    )
    engine = await receive_until(ws, lambda f: f["type"] == "error")
    assert engine["code"] == "not_your_turn"  # an engine's refusal keeps its code; the browser translates it
    await ws.disconnect()
