"""The lobby chat and the rules every chat line follows: escaped text, length and flood limits per user, ignored
authors filtered (docs/decisions-social.md "Chat"). A table's rooms: tests/tables/test_table_chat.py."""

from __future__ import annotations

import pytest

from social import services as social
from social.errors import SocialError
from social.services import chat

pytestmark = pytest.mark.django_db


def _code(call, *args, **kwargs):
    with pytest.raises(SocialError) as error:
        call(*args, **kwargs)
    return error.value.code


def test_it_keeps_markup_as_text_and_strips_control_characters(users):
    line = social.post_chat(users["alice"], "  <b>hi</b>\x07 ")
    assert line["text"] == "<b>hi</b>" and line["room"] == "lobby" and line["author"]["name"] == "alice"


def test_it_limits_the_length_and_refuses_empty_lines(users):
    assert _code(social.post_chat, users["alice"], "x" * (chat.CHAT_MAX + 1)) == "chat_too_long"
    assert social.post_chat(users["alice"], "x" * chat.CHAT_MAX)["text"] == "x" * chat.CHAT_MAX
    assert _code(social.post_chat, users["alice"], "   ") == "bad_request"
    assert _code(social.post_chat, users["alice"], 42) == "bad_request"


def test_it_counts_the_lines_written_elsewhere_toward_the_flood_limit(users):
    for n in range(chat.FLOOD_MESSAGES - 2):
        social.post_chat(users["alice"], f"line {n}")
    assert social.post_chat(users["alice"], "one more", lines_elsewhere=1)["text"] == "one more"
    assert _code(social.post_chat, users["alice"], "too many", lines_elsewhere=1) == "chat_flood"
    assert social.post_chat(users["bob"], "bob is not limited by alice")["text"]


def test_it_hides_the_lines_of_ignored_users(users):
    social.post_chat(users["dave"], "hello from dave")
    social.post_chat(users["bob"], "hello from bob")
    social.ignore(users["alice"], users["dave"])
    texts = [m["text"] for m in chat.history(users["alice"])]
    assert texts == ["hello from bob"]
    line = social.post_chat(users["dave"], "still there?")
    assert not chat.may_read(users["alice"].pk, {"lobby"}, line)
    assert chat.may_read(users["bob"].pk, {"lobby"}, line)
