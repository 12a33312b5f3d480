"""The pages: lobby, new table, Play, hand history and replay file, translations, profile, sign-up."""

from __future__ import annotations

import html
import json

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Profile
from games import services
from games.engines.core import get_game
from games.engines.core.replay import replay
from games.models import Round, Table
from tests.lobby import page_boxes

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _finish_round(table: Table) -> Round:
    from django.db import transaction

    from games.services.play import _apply_guarded

    game = get_game(table.game)
    while True:
        rnd = Round.objects.filter(table=table).order_by("-number").first()
        if rnd.status != Round.Status.PLAYING:
            return rnd
        state = game.from_json(rnd.snapshot)
        seat = min(game.to_act(state))
        with transaction.atomic():
            locked = Table.objects.select_for_update().get(pk=table.pk)
            _apply_guarded(
                locked, seat, locked.version, game.timeout_action(state, seat).to_wire(), "timeout"
            )


def test_it_shows_visitors_the_front_page_and_sends_them_to_log_in_for_the_rest(client):
    response = client.get(reverse("lobby"))
    page = response.content.decode()
    assert response.status_code == 200 and 'id="welcome-signup"' in page and 'href="/accounts/login/"' in page
    assert 'data-game="french-tarot"' in page and "4 players" in page
    assert 'id="new-game-button"' not in page  # no lobby without an account
    table = client.get(reverse("new_table"))
    assert table.status_code == 302 and "/accounts/login/" in table["Location"]


def test_it_signs_up_a_new_player_with_a_profile(client):
    response = client.post(
        "/accounts/signup/",
        {"username": "erin", "password1": "a-long-test-password-42", "password2": "a-long-test-password-42"},
    )
    assert response.status_code == 302
    assert Profile.objects.get(user__username="erin").language == "en"


def test_it_starts_a_new_player_in_the_browsers_language(client):
    client.post(
        "/accounts/signup/",
        {"username": "fritz", "password1": "a-long-test-password-42", "password2": "a-long-test-password-42"},
        HTTP_ACCEPT_LANGUAGE="de-CH,de;q=0.9",
    )
    assert Profile.objects.get(user__username="fritz").language == "de"
    assert (
        "Neues Spiel" in client.get(reverse("lobby"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )  # the profile wins


def test_it_creates_a_table_from_the_new_game_dialog(users):
    client = _client(users["alice"])
    response = client.post(
        reverse("new_table"),
        {
            "game": "french-tarot",
            "french-tarot__profile": "fft",
            "french-tarot__match_end": "deals:4",
            "bot_level": "expert",
            "human_seats": 2,
            "stake": "0.10",
            "limit": "15.00",
            "access": "public",
            "turn_seconds": 45,
        },
    )
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("table", args=[table.pk])
    assert (table.stake, table.limit, table.bot_level, table.turn_seconds) == (10, 1500, "expert", 45)
    assert table.options == {"profile": "fft", "match_end": "deals:4"}
    assert table.status == Table.Status.OPEN
    lobby = client.get(reverse("lobby")).content.decode()
    assert [box["id"] for box in page_boxes(lobby)] == [table.pk]
    _client(users["bob"]).post(reverse("play", args=[table.pk]))
    assert Table.objects.get(pk=table.pk).status == Table.Status.PLAYING


def test_it_refuses_an_option_value_the_rules_do_not_allow(users):
    client = _client(users["alice"])
    response = client.post(
        reverse("new_table"),
        {
            "game": "french-tarot",
            "french-tarot__profile": "fft",
            "french-tarot__match_end": "deals:41",
            "bot_level": "standard",
            "human_seats": 1,
            "stake": "0",
            "access": "public",
            "turn_seconds": 30,
        },
    )
    assert response.status_code == 400 and not Table.objects.exists()


def test_it_shows_the_hand_history_and_replay_file_only_after_the_deal(users):
    table = services.create_table(
        users["alice"], services.TableTerms("french-tarot", {"match_end": "deals:1"})
    )
    client = _client(users["alice"])
    rnd = Round.objects.get(table=table)
    assert client.get(reverse("history", args=[table.pk, rnd.number])).status_code == 404
    rnd = _finish_round(table)
    page = client.get(reverse("history", args=[table.pk, rnd.number])).content.decode()
    assert rnd.salt in page and rnd.deck_hash in page and " ".join(rnd.order) in page
    start = page.index('class="history-actions"')
    steps = page[start : page.index("</ol>", start)]
    assert "<strong>alice</strong>: <code>bid " in steps and "{" not in steps  # names and spelled-out actions
    assert 'id="history-scores"' in page
    shown = page[
        page.index('<pre id="history-result">') + len('<pre id="history-result">') : page.index("</pre>")
    ]
    assert json.loads(html.unescape(shown)) == rnd.result  # the result is shown as JSON, as its label says
    document = json.loads(client.get(reverse("replay_file", args=[table.pk, rnd.number])).content)
    game = get_game("french-tarot")
    state = replay(game, document["options"], document["deal"], document["dealer"], document["actions"])
    assert game.result(state) == rnd.result


def test_it_speaks_the_players_language(users):
    Profile.objects.filter(user=users["alice"]).update(language="de")
    table = services.create_table(users["alice"], services.TableTerms("french-tarot"))
    client = _client(users["alice"])
    page = client.get(reverse("table", args=[table.pk])).content.decode()
    assert "Letzter Stich" in page and "Verlassen" in page
    catalog = client.get(reverse("javascript-catalog")).content.decode()
    assert "N\\u00e4chstes Spiel" in catalog or "Nächstes Spiel" in catalog


def test_it_saves_the_profile(users):
    client = _client(users["alice"])
    client.post(reverse("profile"), {"display_name": "Alice L.", "language": "fr", "sound": ""})
    profile = Profile.objects.get(user=users["alice"])
    assert (profile.display_name, profile.language, profile.sound) == ("Alice L.", "fr", False)


def test_it_offers_only_games_whose_table_module_exists(users, monkeypatch):
    from django.contrib.staticfiles import finders

    from games.engines.core import all_games
    from games.forms import game_choices

    keys = [key for key, _title in game_choices()]
    with_module = [k for k, g in all_games().items() if finders.find(f"js/games/{g.declaration.module}.js")]
    assert "french-tarot" in keys and keys == with_module
    # every shipped game has its module today: one whose module is missing drops out of the choices
    real_find = finders.find
    missing = f"js/games/{all_games()['rummy'].declaration.module}.js"
    monkeypatch.setattr(
        finders, "find", lambda path, *a, **k: None if path == missing else real_find(path, *a, **k)
    )
    assert [key for key, _title in game_choices()] == [k for k in keys if k != "rummy"]


def test_it_remembers_the_sound_switch(users):
    client = _client(users["alice"])
    assert client.post(reverse("profile_sound"), {"on": "0"}).json() == {"sound": False}
    assert Profile.objects.get(user=users["alice"]).sound is False


def test_it_mails_a_password_reset_link(client, users, mailoutbox):
    users["alice"].email = "alice@example.invalid"
    users["alice"].save()
    response = client.post("/accounts/password/reset/", {"email": "alice@example.invalid"})
    assert response.status_code == 302
    assert len(mailoutbox) == 1 and "/accounts/password/reset/key/" in mailoutbox[0].body


def test_it_logs_in_and_out(client, users):
    response = client.post("/accounts/login/", {"login": "alice", "password": "pw-for-tests-only"})
    assert response.status_code == 302 and client.get(reverse("lobby")).status_code == 200
    client.post("/accounts/logout/")
    assert 'id="welcome-signup"' in client.get(reverse("lobby")).content.decode()


def test_the_lobby_offers_play_at_a_free_seat_a_way_back_to_ones_seat_and_watch_elsewhere(users):
    """The page hands its script the boxes (tests/e2e/test_lobby.py checks what the script draws from them)."""
    waiting = services.create_table(users["alice"], services.TableTerms("test-follow", human_seats=2))
    playing = services.create_table(users["bob"], services.TableTerms("test-follow", human_seats=1))
    page = _client(users["carol"]).get(reverse("lobby")).content.decode()
    boxes = {box["id"]: box for box in page_boxes(page)}
    assert {table: boxes[table.pk]["can_sit"] for table in (waiting, playing)} == {
        waiting: True,
        playing: False,
    }
    assert not any(boxes[table.pk]["seated"] for table in (waiting, playing))
    # Alice holds a seat at the waiting table: her box leads back to it (lobby.js: "Back to my seat"), no "Play".
    own = {
        box["id"]: box for box in page_boxes(_client(users["alice"]).get(reverse("lobby")).content.decode())
    }
    assert (own[waiting.pk]["seated"], own[waiting.pk]["can_sit"]) == (True, False)
    assert own[playing.pk]["seated"] is False
    # no box drawn by the page: static/js/lobby/boxes.js draws every one
    assert 'class="table-box ' not in page
    assert 'name="csrfmiddlewaretoken"' in page  # the boxes' Play forms take the page's token
    filters = page.split('id="lobby-filters"')[1].split("</form>")[0]
    assert '<option value="test-follow">' in filters and '<option value="french-tarot">' in filters


def test_it_spells_out_actions_for_the_hand_history():
    from games.history import action_text

    assert action_text({"play": "7H"}) == "play 7H"
    assert action_text({"discard": ["AS", "KS", "2C"]}) == "discard AS KS 2C"
    assert action_text({"slam": False}) == "slam no"
    assert action_text({"swap_joker": {"meld": 0, "card": "6H"}}) == "swap joker meld 0 · card 6H"


def test_a_display_name_may_not_be_another_players_name(users):
    client = _client(users["carol"])
    for taken in ("bob", "BOB"):
        response = client.post(reverse("profile"), {"display_name": taken, "language": "en", "sound": "on"})
        assert response.status_code == 200 and "already goes by this name" in response.content.decode()
    users["dave"].profile.display_name = "Dee"
    users["dave"].profile.save()
    assert client.post(reverse("profile"), {"display_name": "dee", "language": "en"}).status_code == 200
    assert client.post(reverse("profile"), {"display_name": "Carol C.", "language": "en"}).status_code == 302
    assert (
        client.post(reverse("profile"), {"display_name": "carol", "language": "en"}).status_code == 302
    )  # her own


def test_a_reloaded_new_table_address_goes_to_the_lobby(users):
    response = _client(users["alice"]).get(reverse("new_table"))
    assert response.status_code == 302 and response["Location"] == reverse("lobby")


def test_the_front_page_counts_the_tables_playing_and_waiting(client, users):
    # waits for a second person
    services.create_table(users["alice"], services.TableTerms("test-follow", human_seats=2))
    # plays against bots at once
    services.create_table(users["bob"], services.TableTerms("test-follow", human_seats=1))
    page = client.get(reverse("lobby")).content.decode()
    assert "1 table playing now · 1 waiting for players" in page
