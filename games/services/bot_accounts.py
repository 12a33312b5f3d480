"""The house's bot accounts: one user per (level, seat slot), created idempotently."""

from __future__ import annotations

from accounts.models import Profile, User
from games.engines.core import BOT_LEVELS

BOT_NAMES = ("Ada", "Blaise", "Cleo", "Dmitri", "Emmy", "Fermat")


def bot_user(level: str, slot: int) -> User:
    """The bot account for `level` and seat slot `slot` (0-based); created on first use.

    Raises ValueError for a level not in BOT_LEVELS.
    """
    if level not in BOT_LEVELS:
        raise ValueError(f"unknown bot level {level!r}")
    name = BOT_NAMES[slot % len(BOT_NAMES)]
    user, created = User.objects.get_or_create(username=f"bot-{level}-{slot}")
    if created:
        user.set_unusable_password()
        user.save()
    # The name alone: the level is the table's (shown, translated, in the lobby box and by the bot badge);
    # an English "(standard)" in the name would show on every page in every language.
    Profile.objects.update_or_create(user=user, defaults={"display_name": name, "bot_level": level})
    return user


def ensure_bot_accounts(slots: int = 6) -> list[User]:
    """Create every bot account (all levels, `slots` each) if missing; returns them."""
    return [bot_user(level, slot) for level in BOT_LEVELS for slot in range(slots)]
