from django.apps import AppConfig
from django.conf import settings

from games.engines.core.registry import add_packages


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Register the game packages of settings.KIBITZ_GAME_PACKAGES beside the shipped engines."""
        add_packages(settings.KIBITZ_GAME_PACKAGES)
