"""Both Jass games keep one deck setting (`Declaration.shared_preferences`, games/declarations.py): a player's choice
made for either game before moves to the shared place and stays their choice (docs/decisions-jass.md "One deck
setting"), and undoing the migration gives each game its own entry again."""

from __future__ import annotations

import pytest

from games.declarations import into_shared_preferences, out_of_shared_preferences, preferences_key
from games.engines.core import all_games, get_game
from tests.migrating import migrate_to

GAMES = list(all_games().values())
SCHIEBER, DIFFERENZLER = "jass-schieber", "jass-differenzler"
BEFORE = [("games", "0008_round_playing_by_table"), ("accounts", "0003_profile_game_preferences")]


def test_it_keeps_both_jass_games_preferences_in_one_place():
    assert preferences_key(get_game(SCHIEBER)) == preferences_key(get_game(DIFFERENZLER)) == "jass"
    assert preferences_key(get_game("tarock")) == "tarock"


@pytest.mark.parametrize(
    ("stored", "expected"),
    [
        ({SCHIEBER: {"deck_design": "swiss"}}, {"jass": {"deck_design": "swiss"}}),
        ({DIFFERENZLER: {"deck_design": "swiss"}}, {"jass": {"deck_design": "swiss"}}),
        # a Swiss deck chosen for one game is the player's choice, whichever game said French (the default)
        (
            {SCHIEBER: {"deck_design": "swiss"}, DIFFERENZLER: {"deck_design": "french"}},
            {"jass": {"deck_design": "swiss"}},
        ),
        (
            {SCHIEBER: {"deck_design": "french"}, DIFFERENZLER: {"deck_design": "swiss"}},
            {"jass": {"deck_design": "swiss"}},
        ),
        (
            {SCHIEBER: {"deck_design": "french"}, DIFFERENZLER: {"deck_design": "french"}},
            {"jass": {"deck_design": "french"}},
        ),
        # a value no longer allowed is dropped; other games' entries stay as they are
        ({SCHIEBER: {"deck_design": "tarot"}, "tarock": {"x": 1}}, {"jass": {}, "tarock": {"x": 1}}),
        ({}, {}),
    ],
)
def test_it_moves_a_players_deck_choice_to_the_shared_place(stored, expected):
    before = {k: dict(v) for k, v in stored.items()}
    assert into_shared_preferences(stored, GAMES) == expected
    assert stored == before  # a new dict: the profile's own is not changed


def test_undoing_gives_each_jass_game_the_shared_choice():
    assert out_of_shared_preferences({"jass": {"deck_design": "swiss"}, "tarock": {"x": 1}}, GAMES) == {
        SCHIEBER: {"deck_design": "swiss"},
        DIFFERENZLER: {"deck_design": "swiss"},
        "tarock": {"x": 1},
    }


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("latest_schema_after")
def test_the_migration_keeps_each_players_existing_choice():
    old = migrate_to(BEFORE)
    User, Profile = old.get_model("accounts", "User"), old.get_model("accounts", "Profile")
    choices = {
        "alice": {SCHIEBER: {"deck_design": "swiss"}},
        "bob": {SCHIEBER: {"deck_design": "french"}, DIFFERENZLER: {"deck_design": "swiss"}},
        "carol": {DIFFERENZLER: {"deck_design": "french"}},
        "dave": {},
    }
    for name, stored in choices.items():
        Profile.objects.create(user=User.objects.create(username=name), game_preferences=stored)

    new = migrate_to([("games", "0009_shared_game_preferences")])
    after = {p.user.username: p.game_preferences for p in new.get_model("accounts", "Profile").objects.all()}
    assert after == {
        "alice": {"jass": {"deck_design": "swiss"}},
        "bob": {"jass": {"deck_design": "swiss"}},
        "carol": {"jass": {"deck_design": "french"}},
        "dave": {},
    }

    back = migrate_to(BEFORE)
    undone = {
        p.user.username: p.game_preferences for p in back.get_model("accounts", "Profile").objects.all()
    }
    assert undone["alice"] == {SCHIEBER: {"deck_design": "swiss"}, DIFFERENZLER: {"deck_design": "swiss"}}
    assert undone["dave"] == {}
