"""A table's chat (docs/decisions-social.md "Chat"): the flood limit across the lobby and the tables, system lines
written with their events, the two rooms of a stakes table, and who may talk."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games import services
from games.errors import ServiceError
from games.models import Event, Table, TableChatMessage
from games.reads import table_chat as chat_reads
from games.services import table_chat
from social import services as social
from social.models import ChatMessage
from social.services import chat

pytestmark = pytest.mark.django_db


def _code(call, *args):
    with pytest.raises(ServiceError) as error:
        call(*args)
    return error.value.code


def test_it_limits_the_flood_per_user_across_the_lobby_and_the_tables(users):
    table = services.create_table(users["alice"], services.TableTerms("test-follow", human_seats=2))
    for n in range(chat.FLOOD_MESSAGES - 1):
        table_chat.post_in_lobby(users["alice"], f"line {n}")
    services.post_chat(users["alice"], "at the table", table.pk)
    assert _code(table_chat.post_in_lobby, users["alice"], "one too many") == "chat_flood"
    assert _code(services.post_chat, users["alice"], "here too", table.pk) == "chat_flood"
    assert services.post_chat(users["bob"], "bob is not limited by alice", table.pk)["text"]
    earlier = ChatMessage.objects.get(text="line 0").created_at - timedelta(seconds=chat.FLOOD_SECONDS + 1)
    ChatMessage.objects.filter(author=users["alice"]).update(created_at=earlier)
    TableChatMessage.objects.filter(author=users["alice"]).update(created_at=earlier)
    assert services.post_chat(users["alice"], "later", table.pk)["text"] == "later"


def test_it_refuses_what_social_refuses_as_the_table_service(users):
    table = services.create_table(users["alice"], services.TableTerms("test-follow", human_seats=2))
    assert _code(services.post_chat, users["alice"], "x" * (chat.CHAT_MAX + 1), table.pk) == "chat_too_long"
    assert _code(services.post_chat, users["alice"], "  ", table.pk) == "bad_request"


def test_it_writes_system_lines_for_joins_leaves_and_kicks_with_their_events(
    users, django_capture_on_commit_callbacks
):
    table = services.create_table(users["alice"], services.TableTerms("test-follow", human_seats=3))
    services.join(users["bob"], table.pk)
    with django_capture_on_commit_callbacks() as sent:
        services.leave(users["bob"], table.pk)
    lines = chat_reads.history(users["alice"], table, True)
    assert [(m["system"], m["data"]["name"]) for m in lines] == [("joined", "bob"), ("left", "bob")]
    assert all(m["author"] is None for m in lines) and {m["room"] for m in lines} == {f"table:{table.pk}"}
    assert [e.kind for e in Event.objects.filter(table=table)][-2:] == ["join", "leave"]
    assert len(sent) == 3  # the version, the lobby's boxes and the chat line: one commit, one notify each


def test_a_refused_leave_writes_no_line(users):
    table = services.create_table(users["alice"], services.TableTerms("test-follow", human_seats=3))
    assert _code(services.leave, users["bob"], table.pk) == "not_seated"
    assert not TableChatMessage.objects.filter(table=table).exists()


def test_it_separates_players_and_spectators_at_a_stakes_table(users):
    table = services.create_table(
        users["alice"], services.TableTerms("test-follow", human_seats=2, stake=100, limit=1000)
    )
    services.join(users["bob"], table.pk)
    table = Table.objects.get(pk=table.pk)
    said = services.post_chat(users["alice"], "players only", table.pk)
    watched = services.post_chat(users["dave"], "spectators only", table.pk)
    players, spectators = chat_reads.visible_rooms(table, True), chat_reads.visible_rooms(table, False)
    assert said["room"] == f"table:{table.pk}:players" and watched["room"] == f"table:{table.pk}:spectators"
    assert chat_reads.may_read(users["bob"].pk, players, said)
    assert not chat_reads.may_read(users["bob"].pk, players, watched)
    assert chat_reads.may_read(users["carol"].pk, spectators, watched)
    assert not chat_reads.may_read(users["carol"].pk, spectators, said)
    assert [m["text"] for m in chat_reads.history(users["bob"], table, True) if m["author"]] == [
        "players only"
    ]


def test_it_puts_everyone_in_one_room_at_a_table_without_stakes(users):
    table = services.create_table(users["alice"], services.TableTerms("test-follow", human_seats=2))
    said = services.post_chat(users["dave"], "hi players", table.pk)
    assert chat_reads.may_read(users["alice"].pk, chat_reads.visible_rooms(table, True), said)


def test_it_refuses_chat_from_users_the_table_does_not_admit(users):
    table = services.create_table(
        users["alice"], services.TableTerms("test-follow", human_seats=2, access=Table.Access.PRIVATE)
    )
    assert _code(services.post_chat, users["carol"], "let me in", table.pk) == "not_allowed"


def test_a_seated_player_the_host_ignores_may_not_talk_at_the_hosts_table(users):
    table = services.create_table(users["alice"], services.TableTerms("test-follow", human_seats=2))
    services.join(users["dave"], table.pk)
    assert services.post_chat(users["dave"], "hello", table.pk)["text"] == "hello"
    social.ignore(users["alice"], users["dave"])
    assert _code(services.post_chat, users["dave"], "can I talk?", table.pk) == "ignored"
    assert social.post_chat(users["dave"], "in the lobby I may")["room"] == "lobby"
