from django.apps import AppConfig
from django.conf import settings

from games.bot_matches import BotPlay
from games.declarations import game_title
from games.engines.core.registry import add_packages, get_game
from ledger.labels import register_game_titles


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Register the game packages of settings.KIBITZ_GAME_PACKAGES beside the shipped engines, and give the
        ledger the games' titles for its pages and exports (ledger.labels; the ledger cannot import games), and
        the ratings the bot-only play that `manage.py ratings calibrate-bots` rates (ratings.calibration)."""
        add_packages(settings.KIBITZ_GAME_PACKAGES)
        register_game_titles(_title_of)
        from ratings.calibration import register_bot_play  # models: imported once the apps are loaded

        register_bot_play(BotPlay())


def _title_of(key: str) -> str | None:
    """The translated title of the game `key` for the ledger's pages (ledger.labels), None for an unknown key."""
    try:
        return game_title(get_game(key))
    except KeyError:
        return None
