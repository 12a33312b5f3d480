"""Chat: escaped text, length and flood limits per user, ignored authors filtered, system lines, and the
two rooms of a stakes table (docs/decisions-social.md "Chat")."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games import services
from games.models import Table
from games.services.errors import ServiceError
from social import services as social
from social.models import ChatMessage
from social.services import chat

pytestmark = pytest.mark.django_db


def _code(call, *args):
    with pytest.raises(ServiceError) as error:
        call(*args)
    return error.value.code


def test_it_keeps_markup_as_text_and_strips_control_characters(users):
    line = social.post_chat(users["alice"], "  <b>hi</b>\x07 ")
    assert line["text"] == "<b>hi</b>" and line["room"] == "lobby" and line["author"]["name"] == "alice"


def test_it_limits_the_length_and_refuses_empty_lines(users):
    assert _code(social.post_chat, users["alice"], "x" * (chat.CHAT_MAX + 1)) == "chat_too_long"
    assert social.post_chat(users["alice"], "x" * chat.CHAT_MAX)["text"] == "x" * chat.CHAT_MAX
    assert _code(social.post_chat, users["alice"], "   ") == "bad_request"
    assert _code(social.post_chat, users["alice"], 42) == "bad_request"


def test_it_limits_the_flood_per_user_across_rooms(users):
    table = services.create_table(users["alice"], "test-follow", human_seats=2)
    for n in range(chat.FLOOD_MESSAGES - 1):
        social.post_chat(users["alice"], f"line {n}")
    social.post_chat(users["alice"], "at the table", table.pk)
    assert _code(social.post_chat, users["alice"], "one too many") == "chat_flood"
    assert _code(social.post_chat, users["alice"], "here too", table.pk) == "chat_flood"
    assert social.post_chat(users["bob"], "bob is not limited by alice")["text"]
    ChatMessage.objects.filter(author=users["alice"]).update(
        created_at=ChatMessage.objects.get(text="line 0").created_at
        - timedelta(seconds=chat.FLOOD_SECONDS + 1)
    )
    assert social.post_chat(users["alice"], "later")["text"] == "later"


def test_it_hides_the_lines_of_ignored_users(users):
    social.post_chat(users["dave"], "hello from dave")
    social.post_chat(users["bob"], "hello from bob")
    social.ignore(users["alice"], users["dave"])
    texts = [m["text"] for m in chat.history(users["alice"], {"lobby"})]
    assert texts == ["hello from bob"]
    line = social.post_chat(users["dave"], "still there?")
    assert not chat.may_read(users["alice"].pk, {"lobby"}, line)
    assert chat.may_read(users["bob"].pk, {"lobby"}, line)


def test_it_writes_system_lines_for_joins_leaves_and_kicks(users):
    table = services.create_table(users["alice"], "test-follow", human_seats=3)
    services.join(users["bob"], table.pk)
    services.leave(users["bob"], table.pk)
    lines = chat.history(users["alice"], chat.visible_rooms(table, True))
    assert [(m["system"], m["data"]["name"]) for m in lines] == [("joined", "bob"), ("left", "bob")]
    assert all(m["author"] is None for m in lines)


def test_it_separates_players_and_spectators_at_a_stakes_table(users):
    table = services.create_table(users["alice"], "test-follow", human_seats=2, stake=100, limit=1000)
    services.join(users["bob"], table.pk)
    table = Table.objects.get(pk=table.pk)
    said = social.post_chat(users["alice"], "players only", table.pk)
    watched = social.post_chat(users["dave"], "spectators only", table.pk)
    players, spectators = chat.visible_rooms(table, True), chat.visible_rooms(table, False)
    assert said["room"] == f"table:{table.pk}:players" and watched["room"] == f"table:{table.pk}:spectators"
    assert chat.may_read(users["bob"].pk, players, said) and not chat.may_read(
        users["bob"].pk, players, watched
    )
    assert chat.may_read(users["carol"].pk, spectators, watched)
    assert not chat.may_read(users["carol"].pk, spectators, said)
    assert [m["text"] for m in chat.history(users["bob"], players) if m["author"]] == ["players only"]


def test_it_puts_everyone_in_one_room_at_a_table_without_stakes(users):
    table = services.create_table(users["alice"], "test-follow", human_seats=2)
    said = social.post_chat(users["dave"], "hi players", table.pk)
    assert chat.may_read(users["alice"].pk, chat.visible_rooms(table, True), said)


def test_it_refuses_chat_from_users_the_table_does_not_admit(users):
    table = services.create_table(users["alice"], "test-follow", human_seats=2, access=Table.Access.PRIVATE)
    assert _code(social.post_chat, users["carol"], "let me in", table.pk) == "not_allowed"


def test_a_seated_player_the_host_ignores_may_not_talk_at_the_hosts_table(users):
    table = services.create_table(users["alice"], "test-follow", human_seats=2)
    services.join(users["dave"], table.pk)
    assert social.post_chat(users["dave"], "hello", table.pk)["text"] == "hello"
    social.ignore(users["alice"], users["dave"])
    assert _code(social.post_chat, users["dave"], "can I talk?", table.pk) == "ignored"
    assert social.post_chat(users["dave"], "in the lobby I may", None)["room"] == "lobby"
