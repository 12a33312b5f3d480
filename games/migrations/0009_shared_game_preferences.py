"""One setting for games that share their preferences (both Jass variants' deck, `Declaration.shared_preferences`):
each player's choice moves from the games' own keys of `Profile.game_preferences` to the shared key, keeping a
choice made for either game (games.declarations.into_shared_preferences). The games come from the registry: a
migration may not name a game key (tests/structure/test_game_keys.py), and the declarations say which games share."""

from django.db import migrations

from games.declarations import into_shared_preferences, out_of_shared_preferences
from games.engines.core import all_games


def _rewrite(apps, change):
    Profile = apps.get_model("accounts", "Profile")
    games = list(all_games().values())
    for profile in Profile.objects.exclude(game_preferences={}).iterator():
        updated = change(profile.game_preferences, games)
        if updated != profile.game_preferences:
            profile.game_preferences = updated
            profile.save(update_fields=["game_preferences"])


def forward(apps, schema_editor):
    _rewrite(apps, into_shared_preferences)


def backward(apps, schema_editor):
    _rewrite(apps, out_of_shared_preferences)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0003_profile_game_preferences"),
        ("games", "0008_round_playing_by_table"),
    ]

    operations = [migrations.RunPython(forward, backward)]
