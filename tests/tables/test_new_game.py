"""The New game dialog, the lobby box summary and the profile's game preferences are built from each game's
declaration (games/engines/core/declaration.py, games/declarations.py)."""

from __future__ import annotations

import re

import pytest
from django import forms
from django.test import Client
from django.urls import reverse
from django.utils import translation

from accounts.models import Profile
from games import declarations, services
from games.declarations import choice_label, option_fields, option_summary, value_token
from games.engines.core import get_game
from games.forms import NewTableForm, option_field_name
from games.lobby_boxes import lobby_boxes
from games.models import Table

pytestmark = pytest.mark.django_db

VARIANTS = ["french-tarot", "tarock", "jass-schieber", "jass-differenzler", "rummy"]
TABLE_TERMS = {
    "bot_level": "standard",
    "human_seats": 1,
    "stake": "0",
    "access": "public",
    "turn_seconds": 30,
}


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def every_game_offered(monkeypatch):
    """The dialog offers every registered game, as it will once each has its browser module."""
    monkeypatch.setattr("games.forms.has_table_module", lambda game: True)


def _post(game: str, **options) -> dict:
    return {"game": game, **TABLE_TERMS, **{f"{game}__{k}": v for k, v in options.items()}}


@pytest.mark.parametrize("key", VARIANTS)
def test_the_fields_of_every_variant_derive_from_its_schema(key):
    game = get_game(key)
    with translation.override("de"):
        fields = option_fields(game)
        assert list(fields) == [o.name for o in game.declaration.options]
        for option in game.declaration.options:
            field = fields[option.name]
            assert str(field.label) == translation.gettext(option.label)
            if option.kind == "choice":
                assert isinstance(field, forms.TypedChoiceField)
                assert field.choices == [(value_token(c.value), choice_label(c)) for c in option.choices]
                assert [field.clean(value_token(c.value)) for c in option.choices] == [
                    c.value for c in option.choices
                ]
                assert field.initial == value_token(option.default)
            elif option.kind == "flag":
                assert isinstance(field, forms.BooleanField) and field.initial is option.default
            else:
                assert isinstance(field, forms.IntegerField)
                assert (field.min_value, field.max_value, field.initial) == (
                    option.minimum,
                    option.maximum,
                    option.default,
                )


@pytest.mark.parametrize("key", VARIANTS)
def test_every_variants_default_fields_make_its_default_options(key, every_game_offered):
    game = get_game(key)
    post = {"game": key, **TABLE_TERMS}
    for option in game.declaration.options:
        if option.kind == "flag":
            if option.default:
                post[option_field_name(game, option.name)] = "on"
        else:
            post[option_field_name(game, option.name)] = value_token(option.default)
    form = NewTableForm(post)
    assert form.is_valid(), form.errors
    assert form.options() == game.normalize_options(None)


def test_the_dialog_shows_named_translated_fields_and_no_json_box(users):
    Profile.objects.filter(user=users["alice"]).update(language="de")
    page = _client(users["alice"]).get(reverse("lobby")).content.decode()
    assert 'name="french-tarot__match_end"' in page and 'name="french-tarot__profile"' in page
    assert "JSON" not in page and "extra_options" not in page
    assert "8 Spiele" in page and "Regeln" in page  # the engine's N_ texts, translated
    assert "Nach jedem Spiel abgerechnet" in page  # the money terms of the declaration


def test_a_bad_value_gets_a_field_error_in_the_players_language(users):
    Profile.objects.filter(user=users["alice"]).update(language="de")
    answer = _client(users["alice"]).post(reverse("new_table"), _post("french-tarot", match_end="deals:41"))
    page = answer.content.decode()
    assert answer.status_code == 400 and not Table.objects.exists()
    field = re.search(r'<label class="field field-french-tarot__match_end">.*?</label>', page, re.DOTALL)
    assert field and "Bitte eine gültige Auswahl treffen" in field.group(0)


def test_the_money_limit_stays_apart_from_rummys_limit_option(users, every_game_offered):
    form = NewTableForm(
        {**_post("rummy", players="3", limit="50", opening_min="30"), "stake": "0.10", "limit": "2.00"}
        | {
            "rummy__max_jokers_per_meld": "majority",
            "rummy__discard_before_opening": "always",
            "rummy__hand_jolly": "on",
        }
    )
    assert form.is_valid(), form.errors
    assert form.cleaned_data["limit"] == 200  # the table's money limit, minor units
    assert form.options()["limit"] == 50 and form.options()["players"] == 3  # penalty points; seats


def test_human_seats_are_bounded_by_the_games_seat_count(every_game_offered):
    rummy = {
        "rummy__players": "2",
        "rummy__limit": "100",
        "rummy__opening_min": "30",
        "rummy__max_jokers_per_meld": "1",
        "rummy__discard_before_opening": "never",
    }
    two = NewTableForm({"game": "rummy", **TABLE_TERMS, **rummy, "human_seats": 3})
    assert not two.is_valid() and "human_seats" in two.errors
    assert NewTableForm({"game": "rummy", **TABLE_TERMS, **rummy, "human_seats": 2}).is_valid()
    five = NewTableForm({**_post("french-tarot", profile="fft", match_end="deals:8"), "human_seats": 5})
    assert not five.is_valid() and "human_seats" in five.errors


def test_another_games_fields_are_not_read(every_game_offered):
    form = NewTableForm({**_post("french-tarot", profile="seed002", match_end="open"), "rummy__limit": "7"})
    assert form.is_valid(), form.errors
    assert form.options() == {"profile": "seed002", "match_end": "open"}


def test_the_lobby_box_summarises_the_options_from_the_schema(users):
    services.create_table(
        users["alice"], services.TableTerms("french-tarot", {"match_end": "deals:4", "profile": "seed002"})
    )
    with translation.override("de"):
        (box,) = lobby_boxes(users["alice"])
    assert box["title"] == "Französisches Tarot"
    assert box["options"] == ["Regeln: Klassisch, ohne Poignée und Chelem", "Partie: 4 Spiele"]
    game = get_game("rummy")
    with translation.override("en"):
        lines = option_summary(game, game.normalize_options({"players": 3, "limit": 50}))
    assert lines[:4] == [
        "Number of opponents: 2 opponents",
        "Kloppen: off",
        "Hand-jolly doubling: on",
        "Play to: 50 penalty points",
    ]
    tarock = get_game("tarock")
    with translation.override("en"):
        assert (
            option_summary(tarock, tarock.normalize_options({}))[-1]
            == "Number of deals: until the table closes"
        )
        assert option_summary(tarock, tarock.normalize_options({"deals": 6}))[-1] == "Number of deals: 6"


def test_the_profile_keeps_one_deck_setting_for_both_jass_games(users):
    client = _client(users["alice"])
    page = client.get(reverse("profile")).content.decode()
    assert page.count('name="jass__deck_design"') == 1 and "jass-schieber__deck_design" not in page
    assert "<legend>Jass</legend>" in page
    answer = client.post(reverse("game_preferences"), {"jass__deck_design": "swiss"})
    assert answer.status_code == 302
    stored = Profile.objects.get(user=users["alice"]).game_preferences
    assert stored == {"jass": {"deck_design": "swiss"}}
    refused = client.post(reverse("game_preferences"), {"jass__deck_design": "tarot"})
    assert refused.status_code == 400 and Profile.objects.get(user=users["alice"]).game_preferences == stored
    for key in ("jass-schieber", "jass-differenzler"):
        assert declarations.player_preferences(stored, get_game(key)) == {"deck_design": "swiss"}
    game = get_game("jass-schieber")
    assert declarations.player_preferences({"jass": {"deck_design": 3}}, game) == {"deck_design": "french"}
    assert declarations.player_preferences({"jass-schieber": {"deck_design": "swiss"}}, game) == {
        "deck_design": "french"  # the old per-game place is read no more: the migration moved it
    }


def test_the_table_page_hands_the_shared_deck_setting_to_either_jass_game(users):
    Profile.objects.filter(user=users["alice"]).update(game_preferences={"jass": {"deck_design": "swiss"}})
    for key in ("jass-schieber", "jass-differenzler"):
        table = services.create_table(users["alice"], services.TableTerms(key))
        page = _client(users["alice"]).get(reverse("table", args=[table.pk])).content.decode()
        assert (
            '<script id="game-preferences" type="application/json">{"deck_design": "swiss"}</script>' in page
        )


def test_the_table_page_loads_the_declared_module_and_preferences(users):
    table = services.create_table(users["alice"], services.TableTerms("french-tarot"))
    page = _client(users["alice"]).get(reverse("table", args=[table.pk])).content.decode()
    assert 'data-module="/static/js/games/french-tarot.js"' in page and 'data-deck="tarot"' in page
    assert '<script id="game-preferences" type="application/json">{}</script>' in page


def test_an_option_left_out_takes_its_default():
    form = NewTableForm({"game": "french-tarot", **TABLE_TERMS, "french-tarot__match_end": "deals:2"})
    assert form.is_valid(), form.errors
    assert form.options() == {"profile": "fft", "match_end": "deals:2"}
