"""Translated labels of values the engines name in English (the engines import no Django, so no gettext)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

# One literal per level, so that makemessages finds them (games.engines.core.BOT_LEVELS holds the codes).
BOT_LEVEL_LABELS = {"beginner": _("beginner"), "standard": _("standard"), "expert": _("expert")}


def bot_level_label(level: str) -> str:
    """The label of bot level `level` (a games.engines.core.BOT_LEVELS code) in the active language; a level without
    a label is returned as it is."""
    return str(BOT_LEVEL_LABELS.get(level, level))
