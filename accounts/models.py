"""Accounts: the custom User, set before the first migration so it can grow without a painful swap, and the
player's Profile (display name, language, sound)."""

from __future__ import annotations

from typing import Any, ClassVar

from django.conf import settings
from django.contrib import auth
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import PermissionDenied
from django.db import models
from django.utils.translation import gettext_lazy as _


def shown_name(username: str, display_name: str | None) -> str:
    """The name shown for a user: the profile's display name (None or blank: none), else the username."""
    return display_name or username


class User(AbstractUser):
    """A player or staff member of Kibitz (is_staff marks staff)."""

    # Permissions a superuser does not hold by being one: only the backends grant them (the staff roles', which
    # come from recorded role grants; the ledger's AppConfig fills this in, as `accounts` imports no ledger).
    grant_only_permissions: ClassVar[frozenset[str]] = frozenset()

    def has_perm(self, perm: str, obj: Any = None) -> bool:
        """Django's has_perm (any backend that grants it; one that raises PermissionDenied refuses), except that
        the superuser shortcut does not cover `grant_only_permissions`."""
        if self.is_active and self.is_superuser and perm not in self.grant_only_permissions:
            return True
        for backend in auth.get_backends():
            if not hasattr(backend, "has_perm"):
                continue
            try:
                if backend.has_perm(self, perm, obj):
                    return True
            except PermissionDenied:
                return False
        return False

    @property
    def display_name(self) -> str:
        """The name shown at tables: the profile's display name, else the username."""
        profile = getattr(self, "profile", None)
        return shown_name(self.username, profile.display_name if profile else None)

    @property
    def is_house_bot(self) -> bool:
        """True for the house's bot accounts (their profile has a `bot_level`); never for a person."""
        profile = getattr(self, "profile", None)
        return bool(profile and profile.bot_level)


class Profile(models.Model):
    """What a player sets about themselves.

    Fields:
        display_name: shown at tables and in the lobby (blank: the username).
        language: one of settings.LANGUAGES codes; the site switches to it on each request.
        sound: table sounds on or off.
        bot_level: non-empty only for the house's bot accounts (a level of games.engines.core.BOT_LEVELS).
        game_preferences: the player's preferences per game, `{game key: {preference: value}}`, as each game
            declares them (games.declarations.player_preferences reads them with the defaults filled in).
        hide_from_leaderboards: leave the player out of every leaderboard's rows (ratings.leaderboards); their
            rating is still kept and shown on their record page (docs/decisions-ratings.md "Leaderboards").
    """

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, default="en")
    sound = models.BooleanField(_("sound"), default=True)
    bot_level = models.CharField(max_length=16, blank=True, default="")
    game_preferences = models.JSONField(_("game preferences"), default=dict, blank=True)
    hide_from_leaderboards = models.BooleanField(
        _("hide me from the leaderboards"),
        default=False,
        help_text=_("Your rating is still kept and shown on your page; only the leaderboards leave you out."),
    )

    def __str__(self) -> str:
        return self.display_name or self.user.username
