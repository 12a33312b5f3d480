"""A database migrated before the table's company moved to `games` migrates forward with its rows: the host's
settings, invitations, bans, watchers and presence keep their rows, and the table chat lines leave social's lobby
chat for TableChatMessage with their rooms and times (games 0003, social 0002-0003)."""

from __future__ import annotations

import datetime

import pytest

from tests.migrating import migrate_to

BEFORE = [("games", "0002_seat_stand_ins_and_round_players"), ("social", "0001_initial")]
AFTER = [
    ("games", "0003_table_company_from_social"),
    ("social", "0003_lobby_chat_and_presence_without_tables"),
]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("latest_schema_after")
def test_the_old_rows_move_to_the_tables_with_the_migrations():
    old = migrate_to(BEFORE)
    User = old.get_model("accounts", "User")
    Table = old.get_model("games", "Table")
    alice = User.objects.create(username="alice")
    bob = User.objects.create(username="bob")
    plain = Table.objects.create(game="test-follow", created_by=alice)
    stakes = Table.objects.create(game="test-follow", created_by=alice, stake=10)
    thursday = old.get_model("social", "InviteList").objects.create(owner=alice, name="Thursday")
    old.get_model("social", "TableSocial").objects.create(
        table=plain, invite_list=thursday, spectators="friends", approval=True
    )
    old.get_model("social", "Invitation").objects.create(table=plain, inviter=alice, invitee=bob)
    old.get_model("social", "Ban").objects.create(table=stakes, user=bob)
    old.get_model("social", "Presence").objects.create(
        user=bob, last_seen=datetime.datetime.now(datetime.UTC), table=plain
    )
    Line = old.get_model("social", "ChatMessage")
    for room, author, text in [
        ("lobby", alice, "hello lobby"),
        (f"table:{plain.pk}", alice, "hello table"),
        (f"table:{stakes.pk}", None, "joined"),
        (f"table:{stakes.pk}:players", bob, "players only"),
    ]:
        Line.objects.create(
            room=room, author=author, text=text, data={"name": "bob"} if author is None else {}
        )
    written = Line.objects.get(text="hello table").created_at

    new = migrate_to(AFTER)
    settings_row = new.get_model("games", "TableSettings").objects.get(table_id=plain.pk)
    assert (settings_row.invite_list_id, settings_row.spectators, settings_row.approval) == (
        thursday.pk,
        "friends",
        True,
    )
    assert new.get_model("games", "Invitation").objects.get().invitee_id == bob.pk
    assert new.get_model("games", "Ban").objects.get().table_id == stakes.pk
    assert new.get_model("social", "Presence").objects.get().at_table == plain.pk
    assert [m.text for m in new.get_model("social", "ChatMessage").objects.all()] == ["hello lobby"]
    lines = new.get_model("games", "TableChatMessage").objects.order_by("pk")
    assert [(m.table_id, m.audience, m.author_id, m.text) for m in lines] == [
        (plain.pk, "everyone", alice.pk, "hello table"),
        (stakes.pk, "everyone", None, "joined"),
        (stakes.pk, "players", bob.pk, "players only"),
    ]
    assert lines[0].created_at == written and lines[1].data == {"name": "bob"}
