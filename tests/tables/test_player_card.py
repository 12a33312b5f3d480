"""The player card's record at the tables, the card's page, where friends are ("at table #N"), the watchers, and
logging off, which leaves the user's tables (docs/decisions-social.md "Player card", "Presence", "Leave and log
off")."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from games import services
from games.engines.core.standings import places
from games.models import Match, Round, Seat, Table
from games.reads.watchers import watchers_of
from games.records import match_record
from games.services import watchers
from social import services as social
from social.models import Presence
from tests.tables.driving import finish_deal

pytestmark = pytest.mark.django_db


def _client(user):
    client = Client()
    client.force_login(user)
    return client


def test_it_shows_a_player_card_with_games_played_and_won(users, fast_bots):
    table = services.create_table(
        users["alice"], services.TableTerms("test-follow", {"rounds": 1}, human_seats=1)
    )
    finish_deal(table.pk)
    [row] = match_record(users["alice"])
    match = Match.objects.get(table=table)
    first = places(match.standings)[0] == 1
    assert match.over and row == {
        "game": "test-follow",
        "title": row["title"],
        "played": 1,
        "won": int(first),
        "deals": 1,
    }
    assert match_record(users["bob"]) == []


def test_a_match_is_won_by_whoever_holds_the_seat_at_its_end(users, fast_bots):
    table = services.create_table(
        users["alice"], services.TableTerms("test-follow", {"rounds": 2}, human_seats=2)
    )
    services.join(users["bob"], table.pk)
    finish_deal(table.pk)
    services.leave(users["bob"], table.pk)  # between deals: the seat is freed, carol takes it
    services.join(users["carol"], table.pk)
    finish_deal(table.pk)
    match = Match.objects.get(table=table)
    final = places(match.standings)
    assert match.over and Round.objects.filter(table=table).count() == 2

    def row(name):
        [game] = match_record(users[name])
        return game["played"], game["won"], game["deals"]

    assert row("alice") == (1, int(final[0] == 1), 2)
    assert row("bob") == (1, 0, 1)  # played the match's first deal, gone at its end
    assert row("carol") == (1, int(final[1] == 1), 1)


def test_it_renders_the_player_card_with_the_record_and_a_safe_back_link(users, fast_bots):
    table = services.create_table(
        users["alice"], services.TableTerms("test-follow", {"rounds": 1}, human_seats=1)
    )
    finish_deal(table.pk)
    page = _client(users["bob"]).get("/players/alice/?next=javascript:alert(1)")
    text = page.content.decode()
    assert page.status_code == 200 and "member since" in text and "javascript:" not in text
    assert "<td>1</td>" in text  # one match played
    joined = users["alice"].date_joined
    assert joined.date().isoformat() not in text  # the page's language writes the date, not ISO
    users["bob"].profile.language = "de"
    users["bob"].profile.save(update_fields=["language"])
    german = _client(users["bob"]).get("/players/alice/").content.decode()
    local = timezone.localtime(joined)  # the page writes the site's day, which is not UTC's around midnight
    assert f"{local.day}. " in german and str(local.year) in german
    back = _client(users["bob"]).get(f"/players/alice/?next=/tables/{table.pk}/")
    assert f'href="/tables/{table.pk}/" id="back-link"' in back.content.decode()


def test_friends_see_the_table_a_friend_is_at_until_it_closes(users):
    alice, bob = users["alice"], users["bob"]
    social.accept_friend(bob, social.request_friend(alice, bob).pk)
    table = services.create_table(bob, services.TableTerms("test-follow", human_seats=2))
    watchers.table_heartbeat(bob.pk, table.pk, watching=False)
    assert social.friends_panel(alice)["friends"][0]["table"] == table.pk
    services.leave(bob, table.pk)  # the last person leaves before the start: the table closes
    assert Table.objects.get(pk=table.pk).status == Table.Status.CLOSED
    assert social.friends_panel(alice)["friends"][0]["table"] is None
    watchers.table_heartbeat(bob.pk, table.pk, watching=False)  # a tab still open on the closed table
    friend = social.friends_panel(alice)["friends"][0]
    assert friend["online"] and friend["table"] is None


def test_it_lists_watchers_by_heartbeat_without_ignored_or_seated_users(users):
    table = services.create_table(users["alice"], services.TableTerms("test-follow", human_seats=2))
    for name in ("carol", "dave", "alice"):
        watchers.start_watching(users[name].pk, table.pk)
    assert [w["username"] for w in watchers_of(table.pk, users["alice"])] == ["carol", "dave"]
    social.ignore(users["alice"], users["dave"])
    assert [w["username"] for w in watchers_of(table.pk, users["alice"])] == ["carol"]
    watchers.stop_watching(users["carol"].pk, table.pk)
    assert watchers_of(table.pk, users["alice"]) == []


def test_logging_off_leaves_the_users_tables_and_shows_them_offline(users):
    playing = services.create_table(users["alice"], services.TableTerms("test-follow", human_seats=2))
    services.join(users["bob"], playing.pk)
    waiting = services.create_table(users["carol"], services.TableTerms("test-follow", human_seats=3))
    services.join(users["bob"], waiting.pk)
    social.heartbeat(users["bob"].pk, playing.pk)
    _client(users["bob"]).post("/accounts/logout/")
    seat = Seat.objects.get(table=playing, number=1)
    assert seat.is_bot and seat.user != users["bob"]  # a bot of the table's level plays on
    assert Seat.objects.get(table=waiting, number=1).user is None  # freed before the start
    assert Table.objects.get(pk=playing.pk).status == Table.Status.PLAYING
    assert not Presence.objects.filter(user=users["bob"]).exists()


def test_leave_every_table_skips_a_table_left_meanwhile(users):
    table = services.create_table(users["alice"], services.TableTerms("test-follow", human_seats=2))
    services.join(users["bob"], table.pk)
    assert services.leave_every_table(users["bob"]) == [table.pk]
    assert services.leave_every_table(users["bob"]) == []
